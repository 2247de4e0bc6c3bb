"""The port screen of a campaign (issue 15 item 4), without Qt: what a month's refit here does and costs, which
ships it may serve, a prize waiting for its fate (RC15.3a), the ships the yard sells (RC15.4a); and the answers
to them, given to the presenter's `choose` (checked by the engine, saved at once, a refusal in its
`last_message`). `CampaignPresenter.port` is the one `PortScreen` of a career at the screen.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from cs_desktop.campaign import port as port_rules
from cs_desktop.campaign.engine import CampaignEngine


@dataclass(frozen=True)
class ShipForSale:
    """A ship the port's yard offers (RC15.4a): what the port screen's shipyard draws."""

    ship: str
    name: str
    price: int
    words: str  # her tracks, hull and delivery crew, in words
    can_buy: bool
    why_not: str  # why she cannot be bought now ("" if she can)


@dataclass(frozen=True)
class PrizeFate:
    """The prize in port waiting for the player's choice (RC15.3a): what the port screen's prize box draws."""

    name: str
    lines: list[str]
    sell_words: str
    keep_words: str


class PortScreen:
    """The port screen's models and answers over one campaign engine; `choose(answer)` answers the request."""

    def __init__(self, engine: CampaignEngine, choose: Callable[[Any], bool]) -> None:
        self._engine, self._choose = engine, choose

    def port_name(self) -> str:
        s = self._engine.state
        return str(self._engine.c.port(s.port).name if s.port else self._engine.c.area(s.area).name)

    def refit_terms(self) -> str:
        """The port screen's line: what a month's refit here repairs and recruits, and what it costs."""
        s, c = self._engine.state, self._engine.c
        if s.port is None:
            return "at sea: no refit"
        p = c.port(s.port)
        t = port_rules.terms_at(c, p)
        card = c.cards[s.flagship.card]
        damage = sum(s.flagship.damage(card).values())
        repairs = (f"repairs up to {p.repair} of {damage} damaged boxes at {t.repair_cost_per_box} a box" if damage
                   else f"nothing to repair (up to {p.repair} boxes a month at {t.repair_cost_per_box} a box)")
        yard = {"dockyard": "A dockyard", "yard": "A yard", "anchorage": "An anchorage (the rigging only)"}[p.yard]
        return (f"{yard}: {repairs}, recruits "
                f"up to {p.recruits.points} {p.recruits.quality} crew points at {t.recruit_cost_per_point} a point, "
                f"fills stores and shot, morale to handy")

    def refit_choices(self, ship: str | None = None) -> dict[str, Any] | None:
        """The port screen's choices for the flagship, or the squadron's ship `ship` (the orders request's
        `info.refit` / `info.refit_ships`): the boxes each track can have repaired, the port's total a month,
        the recruits, their quality, the costs; None at sea."""
        req = self._engine.pending
        if req is None or req.kind != "orders" or "refit" not in req.info:
            return None
        if ship is not None and ship in req.info.get("refit_ships", {}):
            return dict(req.info["refit_ships"][ship])
        return dict(req.info["refit"])

    def refit_ships(self) -> list[tuple[str, str]]:
        """The ships a refit may serve (id, name): the flagship first, then the squadron's other ships."""
        req = self._engine.pending
        if req is None or req.kind != "orders" or "refit" not in req.info:
            return []
        first = req.info["refit"]
        return [(first["ship"], first["name"])] + [(k, v["name"]) for k, v in req.info.get("refit_ships", {}).items()]

    def for_sale(self) -> list[dict[str, Any]]:
        req = self._engine.pending
        return list(req.info.get("for_sale", [])) if req is not None and req.kind == "orders" else []

    def ships_for_sale(self) -> list[ShipForSale]:
        """The port's ships for sale (RC15.4a), each with her price and whether she can be bought now."""
        req = self._engine.pending
        out = []
        for o in self.for_sale():
            option = {"order": "buy", "ship": o["ship"]}
            can = req is not None and option in req.options
            why = "" if can else ("bought already" if o["bought"] else
                                  f"the account holds {self._engine.state.money}" if not o["affordable"] else "")
            words = (f"{o['hull']} hull, {o['guns']} gunnery boxes, rigging {o['rigging']}; delivered with "
                     f"{o['crew']} of her {o['crew_points']} crew points ({o['quality']})")
            out.append(ShipForSale(o["ship"], o["name"], int(o["price"]), words, can, why))
        return out

    def buy(self, ship: str) -> bool:
        """Buy a ship for sale here; False (and why in `last_message`) if refused."""
        return self._choose({"order": "buy", "ship": ship})

    def prize_fate(self) -> PrizeFate | None:
        """The prize in port waiting for the player's choice, or None."""
        req = self._engine.pending
        if req is None or req.kind != "prize_fate":
            return None
        i = req.info
        lines = [f"Crew {i['crew']}/{i['crew_points']} (her prize crew), rigging {i['rigging']}/{i['rigging_points']}"
                 f", gunnery {i['guns']}/{i['gun_boxes']}, stores {i['stores']}",
                 f"The prize court values her at {i['value']}: the captain's share is {i['share']}"]
        return PrizeFate(str(i["name"]), lines, self.prize_fate_words("sell"), self.prize_fate_words("keep"))

    def prize_fate_words(self, choice: str) -> str:
        req = self._engine.pending
        i = req.info if req is not None and req.kind == "prize_fate" else {}
        if choice == "sell":
            return f"Sell her to the prize court (your share {i.get('share', '?')})"
        return (f"Keep her: she joins your squadron with her damage, her prize crew of {i.get('crew', '?')} "
                "aboard (no share)")

    def refit_cost(self, repair: dict[str, int], recruit: int, ship: str | None = None) -> int:
        lim = self.refit_choices(ship) or {}
        return sum(repair.values()) * int(lim.get("repair_cost", 0)) + recruit * int(lim.get("recruit_cost", 0))

    def refit(self, repair: dict[str, int], recruit: int, loads: bool, ship: str | None = None) -> bool:
        """A month in port with the port screen's choices (for the flagship, or the squadron's ship `ship`);
        False (and why in `last_message`) if refused."""
        answer: dict[str, Any] = {"order": "refit", "repair": {k: v for k, v in repair.items() if v},
                                  "recruit": recruit, "loads": loads}
        if ship is not None and ship != self._engine.state.flagship.id:
            answer["ship"] = ship
        return self._choose(answer)
