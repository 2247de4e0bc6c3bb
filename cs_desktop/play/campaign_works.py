"""The port screen's "between battles" part (issue 29 item 5), from the pending orders request alone (no Qt):
the flagship's officers and what each gives, the refits the yard offers her (cost, weeks, why not), the works in
hand, the nation's draft -- and the refit order the player's choices make. The campaign page draws it and sends
the order through the presenter (`choose`); the engine checks it, and it is saved as the campaign's answer like
any other, so a career replays from its seed and answers."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from cs_desktop.campaign.engine import CampaignRequest

EFFECT_WORDS = {"crew_experience": "+{v} crew experience for the battle's crew quality",
                "morale": "+{v} morale box when a battle begins",
                "rigging_at_sea": "mends {v} rigging box(es) a month at sea"}


@dataclass
class RefitOffer:
    refit: str
    words: str  # short: title, cost, weeks
    text: str  # what it changes
    cost: int
    why_not: str | None
    sources: list[str]


@dataclass
class ShipWorks:
    """One ship of the squadron the yard can take: the refits on offer for her and the men the draft can raise."""

    ship: str
    name: str
    refits: list[RefitOffer]
    draft_most: int = 0


@dataclass
class WorksModel:
    officers: list[str]
    refits: list[RefitOffer]  # the flagship's (the first of `ships`)
    in_hand: list[str]
    draft_words: str = ""
    draft_most: int = 0
    draft_cost: int = 0
    money: int = 0
    sources: list[str] = field(default_factory=list)
    ships: list[ShipWorks] = field(default_factory=list)  # the flagship first, then her consorts


def officer_line(o: dict[str, Any]) -> str:
    if not o["name"]:
        return f"{o['title']}: vacant (filled in a home port)"
    effect = EFFECT_WORDS[o["effect"]].format(v=o["value"])
    return (f"{o['title']} {o['name']}: experience {o['experience']}" + (", seasoned" if o["seasoned"] else "")
            + f" -- {effect if o['value'] else 'nothing yet (learning)'}")


def works_model(req: CampaignRequest | None, money: int) -> WorksModel | None:
    """The officers, refits, works in hand and draft of the orders request in port (None elsewhere or without
    port.json)."""
    if req is None or req.kind != "orders" or "officers" not in req.info:
        return None
    info = req.info
    refits = _offers(info.get("works", []))
    titles = {o["refit"]: o["title"] for o in info.get("works", [])}
    names = {x["ship"]: x["name"] for x in info.get("works_ships", [])}
    in_hand = [f"{titles.get(w['refit'], w['refit'])} for {names.get(w['ship'], w['ship'])}: "
               f"{w['weeks_left']} week(s) to go" for w in info["works_in_hand"]]
    model = WorksModel([officer_line(o) for o in info["officers"]], refits, in_hand, money=money)
    model.ships = [ShipWorks(x["ship"], x["name"], _offers(x["works"]), x["draft"]["points"] if x["draft"] else 0)
                   for x in info.get("works_ships", [])]
    d = info.get("draft")
    if d:
        rep = f", reputation {d['reputation_per_week']} a week" if d["reputation_per_week"] else ""
        model.draft_words = f"{d['title']}: {d['per_week']} {d['quality']} point(s) a week, {d['cost']} each{rep}"
        model.draft_most, model.draft_cost, model.sources = d["points"], d["cost"], list(d["sources"])
    return model


def _offers(works: list[dict[str, Any]]) -> list[RefitOffer]:
    return [RefitOffer(o["refit"], f"{o['title']}: {o['cost']}, {o['weeks']} week(s)", o["text"], o["cost"],
                       o["why_not"], list(o["sources"])) for o in works]


def ship_works(model: WorksModel, ship: str | None) -> ShipWorks:
    """The refits and draft for the ship chosen (the flagship when none is, or the model has no list)."""
    found = next((x for x in model.ships if x.ship == ship), None)
    if found is not None:
        return found
    return model.ships[0] if model.ships else ShipWorks("", "", model.refits, model.draft_most)


def order(refits: list[str], draft: int, ship: str | None = None) -> dict[str, Any]:
    """The refit order of the player's choices: the works begun and the men drafted this month in port, for
    `ship` (a consort; the flagship when None)."""
    out: dict[str, Any] = {"order": "refit"}
    if ship is not None:
        out["ship"] = ship
    if refits:
        out["works"] = list(refits)
    if draft:
        out["draft"] = int(draft)
    return out


def cost(model: WorksModel, refits: list[str], draft: int) -> int:
    return sum(r.cost for r in model.refits if r.refit in refits) + draft * model.draft_cost
