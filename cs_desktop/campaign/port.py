"""In a friendly port: prisoners exchanged on arrival (a prize's fate is the player's choice: `prizes.py`); a
month's refit repairs boxes (up to the port's capacity, at a cost a box), recruits (the port's number and
quality, at a bounty a point), fills stores and shot, and restores morale. Every change goes through the ledger
with its cause. Each port has its own costs (`terms_at`: the port's own cost of a box and bounty for a point,
else the campaign's) and yard (`mends`: a dockyard or a yard mends the gunnery sections and the rigging, an
anchorage the rigging only) (issue 29, item 4)."""

from __future__ import annotations

from typing import Any

from cs_desktop.campaign import drafts, refits
from cs_desktop.campaign.folder import Campaign
from cs_desktop.campaign.model import Port, Terms
from cs_desktop.campaign.state import (
    QUALITY_EXPERIENCE,
    CampaignState,
    ShipRecord,
    adjust,
    adjust_section,
    log,
)
from cs_desktop.rules.cards import SECTION_NAMES


def arrive(c: Campaign, state: CampaignState, port_id: str) -> None:
    """The squadron anchors in `port_id` (a port of the player's nation); prisoners are landed for exchange.
    Prizes wait for the player's choice if the port has a prize court (`prizes.awaiting`, RC15.3a)."""
    port = c.port(port_id)
    state.port, state.area = port_id, port.area
    state.months_at_sea = 0
    log(state, "port", f"{state.flagship.name} anchors at {port.name}.", port=port_id)
    for ship in list(state.ships):
        if ship.prisoners:
            n = ship.prisoners
            adjust(state, ship, "prisoners", -n, f"prisoners landed for exchange at {port.name}")
            log(state, "prisoners", f"{n} crew points of prisoners landed from {ship.name} for exchange.")


def refit_limits(c: Campaign, state: CampaignState, ship_id: str | None = None) -> dict[str, Any]:
    """What the port screen offers this month for one ship of the squadron (the flagship unless `ship_id`
    names another, not a prize): the boxes each track can have repaired (the port's `repair` in all), the crew
    points it can recruit, and what a box and a point cost (the port request's options)."""
    assert state.port is not None
    port = c.port(state.port)
    terms = terms_at(c, port)
    ship = state.flagship if ship_id is None else state.ship(ship_id)
    card = c.cards[ship.card]
    gaps = {"rigging": card.rigging_points - ship.rigging}
    gaps.update({s: len(card.gunnery[s]) - ship.gunnery[s] for s in SECTION_NAMES if mends(port, s)})
    return {"ship": ship.id, "name": ship.name, "yard": port.yard,
            "repair": {k: min(v, port.repair) for k, v in gaps.items() if v > 0}, "repair_total": port.repair,
            "repair_cost": terms.repair_cost_per_box, "recruit": max(0, min(card.crew_points - ship.crew,
                                                                             port.recruits.points)),
            "recruit_quality": port.recruits.quality, "recruit_cost": terms.recruit_cost_per_point,
            "money": state.money}


def refit_ships(state: CampaignState) -> list[ShipRecord]:
    """The ships a refit can serve: the squadron's but its prizes (the flagship first)."""
    return [state.flagship] + [x for x in state.ships if x.role not in ("flagship", "prize")]


def terms_at(c: Campaign, port: Port) -> Terms:
    """The campaign's terms with this port's own costs where it gives them."""
    own = {k: getattr(port, k) for k in ("repair_cost_per_box", "recruit_cost_per_point") if getattr(port, k) is not None}
    return c.campaign.terms.model_copy(update=own) if own else c.campaign.terms


def mends(port: Port, track: str) -> bool:
    """Whether the port's yard repairs `track` (rigging, or a gunnery section)."""
    return track == "rigging" or port.yard != "anchorage"


def check_refit(c: Campaign, state: CampaignState, order: dict[str, Any]) -> str | None:
    """Why a refit with choices is not a legal answer, or None if it is."""
    unknown = set(order) - {"order", "ship", "repair", "recruit", "loads", "works", "draft"}
    if unknown:
        return f"refit: unknown choice(s) {sorted(unknown)}; choose ship, repair, recruit, loads, works, draft"
    ships = [x.id for x in refit_ships(state)]
    if "ship" in order and order["ship"] not in ships:
        return f"refit: ship {order['ship']!r}: choose one of the squadron's {ships} (a prize is not refitted)"
    lim = refit_limits(c, state, order.get("ship"))
    repair = order.get("repair", {})
    if not isinstance(repair, dict):
        return "refit: repair must map a track (rigging, or a gunnery section) to a number of boxes"
    for track, n in repair.items():
        if track not in lim["repair"]:
            why = "an anchorage mends the rigging only" if track != "rigging" and lim["yard"] == "anchorage" \
                else "nothing to repair there"
            return f"refit: repair {track}: {why} (choose from {sorted(lim['repair'])})"
        if not isinstance(n, int) or isinstance(n, bool) or not 0 <= n <= lim["repair"][track]:
            return f"refit: repair {track}: {n!r} boxes; choose 0 to {lim['repair'][track]}"
    boxes = sum(repair.values())
    if boxes > lim["repair_total"]:
        return f"refit: {boxes} boxes to repair; this port repairs at most {lim['repair_total']} a month"
    recruit = order.get("recruit", 0)
    if not isinstance(recruit, int) or isinstance(recruit, bool) or not 0 <= recruit <= lim["recruit"]:
        return f"refit: recruit {recruit!r} crew points; choose 0 to {lim['recruit']}"
    if not isinstance(order.get("loads", True), bool):
        return "refit: loads must be true (fill stores and shot) or false"
    ship = state.ship(order["ship"]) if "ship" in order else state.flagship
    problem = refits.check(c, state, order.get("ship"), order.get("works", [])) or \
        drafts.check(c, state, ship, order.get("draft", 0))
    if problem is not None:
        return problem
    cost = boxes * lim["repair_cost"] + recruit * lim["recruit_cost"] + refits.cost(c, order.get("works", [])) \
        + drafts.cost(c, state, order.get("draft", 0))
    if cost > state.money:
        return f"refit: costs {cost}, the ship's account holds {state.money}"
    return None


def refit(c: Campaign, state: CampaignState, order: dict[str, Any] | None = None) -> None:
    """A month in port (the squadron is in `state.port`). With no choices (`{"order": "refit"}`) everything
    the port offers, the worst track first; else the boxes of each track, the crew points and whether loads
    and stores are filled as `order` chose (checked by `check_refit` first)."""
    if order is not None and len(order) > 1:
        _refit_chosen(c, state, order)
        return
    assert state.port is not None
    port = c.port(state.port)
    terms = terms_at(c, port)
    flag = state.flagship
    card = c.cards[flag.card]
    boxes = port.repair
    repaired = 0
    cause = f"repaired at {port.name}"
    while boxes > 0:  # the weakest track first, so a refit restores a ship's worst wound first
        gaps = {"rigging": card.rigging_points - flag.rigging}
        gaps.update({s: len(card.gunnery[s]) - flag.gunnery[s] for s in SECTION_NAMES if mends(port, s)})
        what = max(gaps, key=lambda k: gaps[k])
        if gaps[what] <= 0 or state.money < terms.repair_cost_per_box:
            break
        if what == "rigging":
            adjust(state, flag, "rigging", 1, cause)
        else:
            adjust_section(state, flag, what, 1, cause)
        adjust(state, None, "money", -terms.repair_cost_per_box, f"repair of one box at {port.name}")
        boxes -= 1
        repaired += 1
    want = min(card.crew_points - flag.crew, port.recruits.points)
    afford = state.money // terms.recruit_cost_per_point if terms.recruit_cost_per_point else want
    recruits = max(0, min(want, afford))
    if recruits:
        _recruit(state, flag, port, terms, recruits)
    _victual(state, port, terms)
    if not repaired and not recruits and refits.holds_squadron(state):
        return  # the yard's work goes on: its lines are its start and its end (refits.py)
    weeks = repair_weeks(port, repaired)
    log(state, "refit", f"Refit at {port.name}: " + refit_words(repaired, weeks, recruits, port.recruits.quality,
                                                                 True), repaired=repaired, recruits=recruits,
        weeks=weeks)


def repair_weeks(port: Port, boxes: int) -> int:
    """The weeks of a month in port that `boxes` repairs take: the port's `repair` boxes are four weeks' work."""
    return -(-boxes * refits.WEEKS_A_MONTH // port.repair) if boxes and port.repair else 0


def refit_words(repaired: int, weeks: int, recruits: int, quality: str, loads: bool) -> str:
    """A refit's line, only what was done: the repairs and their weeks, the recruits, the stores and shot."""
    parts = ([f"{repaired} box(es) repaired in {weeks} week(s)"] if repaired else []) \
        + ([f"{recruits} crew point(s) recruited ({quality})"] if recruits else []) \
        + (["stores and shot filled"] if loads else [])
    return "; ".join(parts or ["the crew rests"]) + "; the crew is Handy again."


def _recruit(state: CampaignState, ship: ShipRecord, port: Port, terms: Terms, recruits: int) -> None:
    """`recruits` crew points join `ship` at the port's bounty; her experience becomes the crew's mean."""
    before = ship.crew
    adjust(state, ship, "crew", recruits, f"recruited at {port.name}")
    adjust(state, None, "money", -recruits * terms.recruit_cost_per_point, f"bounty for recruits at {port.name}")
    ship.experience = (ship.experience * before + QUALITY_EXPERIENCE[port.recruits.quality] * recruits) \
        // (before + recruits)


def _victual(state: CampaignState, port: Port, terms: Terms, loads: bool = True) -> None:
    """Every ship of the squadron but a prize: stores and shot filled (if `loads`), the crew Handy again."""
    for ship in refit_ships(state):
        if loads:
            adjust(state, ship, "stores", terms.stores_months - ship.stores, f"victualled at {port.name}")
            adjust(state, ship, "shot", terms.shot - ship.shot, f"powder and shot taken in at {port.name}")
        ship.morale = 3


def _refit_chosen(c: Campaign, state: CampaignState, order: dict[str, Any]) -> None:
    assert state.port is not None
    port = c.port(state.port)
    terms = terms_at(c, port)
    ship = state.ship(order["ship"]) if "ship" in order else state.flagship
    cause = f"repaired at {port.name}"
    repaired = 0
    for track, n in sorted(order.get("repair", {}).items()):
        if n <= 0:
            continue
        if track == "rigging":
            adjust(state, ship, "rigging", n, cause)
        else:
            adjust_section(state, ship, track, n, cause)
        adjust(state, None, "money", -n * terms.repair_cost_per_box, f"repair of {n} {track} box(es) at {port.name}")
        repaired += n
    recruits = int(order.get("recruit", 0))
    if recruits:
        _recruit(state, ship, port, terms, recruits)
    drafts.draft(c, state, ship, int(order.get("draft", 0)))
    refits.begin(c, state, ship, list(order.get("works", [])))
    loads = bool(order.get("loads", True))
    _victual(state, port, terms, loads)
    if not repaired and not recruits and (order.get("works") or order.get("draft")):
        return  # the month's real events were the works and the draft, each its own line
    weeks = repair_weeks(port, repaired)
    log(state, "refit", f"Refit of {ship.name} at {port.name}: " + refit_words(repaired, weeks, recruits,
                                                                              port.recruits.quality, loads),
        repaired=repaired, recruits=recruits, loads=loads, weeks=weeks)
