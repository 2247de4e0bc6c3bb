"""Refits a port's yard does for prize money (issue 29, item 5; the data: `refits` in port.json): a copper
bottom, light long guns exchanged for carronades or back, extra boats. Each costs money (the ledger) and weeks
in the yard (`works` in the state, told in one journal line when begun and one when done); while one is in hand
the ship does not sail (the orders offer no sailing, `holds_squadron`). A ship refitted sails under a card of
her own, derived from her card and named by it: `constitution--copper--boats` is Constitution's card with the
two refits applied in order (`card_for` derives it again after a reload), so every battle, chase and promotion
that reads her card reads the refitted one:

- copper: her hull type one step faster (slow -> average -> fast), the 7.0 hull bonus and the campaign's
  escape rolls; not offered to a fast hull;
- carronades / long_guns: each broadside gun of a weight the refit's `exchange` names becomes a gun of the
  other kind of the weight it maps to; her gunnery tracks are rebuilt from the new armament by the card-building
  rule (`ratings.build_gunnery`), so her dice and her 20.1 firepower are the new guns'; a track that grows or
  shrinks keeps the boxes of damage it had;
- boats: +1 to the die of a cutting-out (`boats_bonus`, `consequences.cut_out`).
"""

from __future__ import annotations

from typing import Any

from cs_desktop.campaign.folder import Campaign
from cs_desktop.campaign.model import YARDS, Refit
from cs_desktop.campaign.state import CampaignState, ShipRecord, adjust, adjust_section, log
from cs_desktop.rules.cards import SECTION_NAMES, Gun, ShipCard
from cs_desktop.rules.ratings import build_gunnery

WEEKS_A_MONTH = 4
_FASTER = {"slow": "average", "average": "fast", "fast": "fast"}


def base_id(card_id: str) -> str:
    return card_id.split("--")[0]


def fitted(card_id: str) -> list[str]:
    """The refits a (derived) card id names, in the order they were done."""
    return card_id.split("--")[1:]


def find(c: Campaign, refit_id: str) -> Refit:
    assert c.works is not None
    return next(r for r in c.works.refits if r.id == refit_id)


def _exchanged(armament: list[Gun], refit: Refit) -> list[Gun]:
    src, dst = ("long", "carronade") if refit.kind == "carronades" else ("carronade", "long")
    return [g.model_copy(update={"kind": dst, "pounds": refit.exchange[str(g.pounds)]})
            if g.position == "broadside" and g.kind == src and str(g.pounds) in refit.exchange else g
            for g in armament]


def applied(card: ShipCard, refit: Refit) -> ShipCard:
    """`card` with `refit` done (its id unchanged: `card_for` names it)."""
    if refit.kind == "copper":
        return card.model_copy(update={"hull_type": _FASTER[card.hull_type]})
    if refit.kind in ("carronades", "long_guns"):
        armament = _exchanged(list(card.armament), refit)
        return card.model_copy(update={"armament": armament, "gunnery": build_gunnery(armament, card.nation)})
    return card


def card_for(c: Campaign, card_id: str) -> ShipCard:
    """The card `card_id` names, derived (and kept in `c.cards`) when it is a refitted one."""
    if card_id not in c.cards:
        card = c.cards[base_id(card_id)]
        for refit_id in fitted(card_id):
            card = applied(card, find(c, refit_id))
        note = "Refitted: " + ", ".join(find(c, r).title for r in fitted(card_id)) + "."
        c.cards[card_id] = card.model_copy(update={"id": card_id, "notes": f"{card.notes} {note}".strip()})
    return c.cards[card_id]


def register(c: Campaign, card_ids: list[str]) -> None:
    """Derive every refitted card a state names (a reload: `c.cards` holds only the folder's)."""
    for card_id in card_ids:
        if "--" in card_id and c.works is not None and base_id(card_id) in c.cards \
                and all(r in {x.id for x in c.works.refits} for r in fitted(card_id)):
            card_for(c, card_id)


def _can(c: Campaign, ship: ShipRecord, refit: Refit) -> str | None:
    """Why `refit` cannot be done to `ship` (None: it can)."""
    if refit.id in fitted(ship.card):
        return "done already"
    card = c.cards[ship.card]
    if refit.kind == "copper" and card.hull_type == "fast":
        return "her hull is fast already"
    if refit.kind in ("carronades", "long_guns") and _exchanged(list(card.armament), refit) == list(card.armament):
        return "she carries no guns this exchange takes"
    return None


def offers(c: Campaign, s: CampaignState, ship_id: str | None = None) -> list[dict[str, Any]]:
    """The refits on offer for a ship of the squadron in this port: each with cost, weeks, whether it can be
    ordered now (and why not), and its sources."""
    if c.works is None or s.port is None or c.port(s.port).nation != s.nation:
        return []
    yard = c.port(s.port).yard
    ship = s.flagship if ship_id is None else s.ship(ship_id)
    busy = any(w["ship"] == ship.id for w in s.works)
    out = []
    for r in c.works.refits:
        why = _can(c, ship, r) or ("she lies in the yard already" if busy else None)
        if why is None and YARDS.index(yard) < YARDS.index(r.yard):
            why = f"needs a {r.yard}; this port has a {yard}"
        out.append({"refit": r.id, "title": r.title, "kind": r.kind, "cost": r.cost, "weeks": r.weeks,
                    "text": r.text, "why_not": why, "sources": list(r.sources)})
    return out


def check(c: Campaign, s: CampaignState, ship_id: str | None, works: Any) -> str | None:
    """Why the refit order's `works` (a list of refit ids) cannot be ordered (None: it can; cost checked by the
    caller)."""
    if not isinstance(works, list) or not all(isinstance(w, str) for w in works) or len(set(works)) != len(works):
        return "refit: works must list refit ids, each once"
    offered = {o["refit"]: o for o in offers(c, s, ship_id)}
    for w in works:
        if w not in offered:
            return f"refit: works {w!r}: this port offers {sorted(offered)}"
        if offered[w]["why_not"]:
            return f"refit: works {w!r}: {offered[w]['why_not']}"
    return None


def cost(c: Campaign, works: list[str]) -> int:
    return sum(find(c, w).cost for w in works)


def begin(c: Campaign, s: CampaignState, ship: ShipRecord, works: list[str]) -> None:
    """Pay for the works and put them in hand, the longest first (they go on together); one line."""
    if not works:
        return
    assert s.port is not None
    port = c.port(s.port)
    for w in works:
        r = find(c, w)
        adjust(s, None, "money", -r.cost, f"{r.title} for {ship.name} at {port.name}")
        s.works.append({"ship": ship.id, "refit": w, "weeks_left": r.weeks, "begun": s.date, "cost": r.cost,
                        "weeks": r.weeks})
    weeks = max(find(c, w).weeks for w in works)
    log(s, "works", f"{ship.name} goes into the yard at {port.name}: "
                    + ", ".join(f"{find(c, w).title.lower()} ({_weeks(find(c, w).weeks)})" for w in works)
                    + f"; cost {cost(c, works)}, ready in {_weeks(weeks)}.", ship=ship.id, works=list(works))


def _weeks(n: int) -> str:
    return f"{n} week" + ("" if n == 1 else "s")


def holds_squadron(s: CampaignState) -> bool:
    """A work in hand on any ship of the squadron keeps the squadron in port: a squadron sails together, and a
    yard's work is done in port (a ship that leaves the squadron has hers refunded, `state.leave`)."""
    return bool(s.works) and bool(s.ships)


def month_passes(c: Campaign, s: CampaignState) -> None:
    """A month in port: four weeks of every work in hand; each done is applied and told in one line."""
    if s.port is None or not s.works:
        return
    for w in list(s.works):
        w["weeks_left"] -= WEEKS_A_MONTH
        if w["weeks_left"] > 0:
            continue
        s.works.remove(w)
        ship = next((x for x in s.ships if x.id == w["ship"]), None)
        if ship is not None:
            _apply(c, s, ship, find(c, w["refit"]), WEEKS_A_MONTH + w["weeks_left"])


def _apply(c: Campaign, s: CampaignState, ship: ShipRecord, refit: Refit, week: int) -> None:
    assert s.port is not None
    old = c.cards[ship.card]
    new = card_for(c, f"{ship.card}--{refit.id}")
    ship.card = new.id
    for section in SECTION_NAMES:
        was, now = len(old.gunnery[section]), len(new.gunnery[section])
        target = max(0, now - (was - ship.gunnery[section]))
        adjust_section(s, ship, section, target - ship.gunnery[section], f"{refit.title} at {c.port(s.port).name}")
    log(s, "works", f"{refit.title} done for {ship.name} (week {week} of the month): {_effect(old, new, refit)}.",
        ship=ship.id, refit=refit.id)


def _effect(old: ShipCard, new: ShipCard, refit: Refit) -> str:
    if refit.kind == "copper":
        return f"her hull sails {new.hull_type} (was {old.hull_type})"
    if refit.kind == "boats":
        return "her boats go in with +1 on a cutting-out"
    guns = ", ".join(f"{g.count} {g.pounds}-pdr {g.kind}s" for g in new.armament if g.position == "broadside")
    return f"she carries {guns}"


def boats_bonus(c: Campaign, s: CampaignState) -> int:
    """The cutting-out die's bonus of extra boats in the flagship."""
    if c.works is None or not s.ships:
        return 0
    return 1 if any(find(c, r).kind == "boats" for r in fitted(s.flagship.card)) else 0
