"""In a friendly port: prizes condemned and prisoners exchanged on arrival; a month's refit repairs boxes
(up to the port's capacity, at a cost a box), recruits (the port's number and quality, at a bounty a point),
fills stores and shot, and restores morale. Every change goes through the ledger with its cause."""

from __future__ import annotations

from typing import Any

from cs_desktop.campaign.folder import Campaign
from cs_desktop.campaign.model import Port, Terms
from cs_desktop.campaign.state import (
    QUALITY_EXPERIENCE,
    CampaignState,
    ShipRecord,
    adjust,
    adjust_section,
    leave,
    log,
)
from cs_desktop.rules.cards import SECTION_NAMES


def arrive(c: Campaign, state: CampaignState, port_id: str) -> None:
    """The squadron anchors in `port_id` (a port of the player's nation)."""
    port = c.port(port_id)
    state.port, state.area = port_id, port.area
    state.months_at_sea = 0
    log(state, "port", f"{state.flagship.name} anchors at {port.name}.", port=port_id)
    for ship in list(state.ships):
        if ship.prisoners:
            n = ship.prisoners
            adjust(state, ship, "prisoners", -n, f"prisoners landed for exchange at {port.name}")
            log(state, "prisoners", f"{n} crew points of prisoners landed from {ship.name} for exchange.")
        if ship.role == "prize" and port.prize_court:
            condemn(c, state, ship, port.name)


def condemn(c: Campaign, state: CampaignState, prize: ShipRecord, where: str) -> None:
    """The prize court condemns a prize: her prize crew rejoins the flagship, she is sold, the captain is paid
    his share."""
    terms = c.campaign.terms
    value = prize.guns * terms.prize_value_per_gun_box
    share = value * terms.captain_share // 100
    flag = state.flagship
    crew = prize.crew
    adjust(state, prize, "crew", -crew, f"prize crew of {prize.name} returns to {flag.name}")
    adjust(state, flag, "crew", crew, f"prize crew of {prize.name} returns to {flag.name}")
    adjust(state, None, "money", share, f"captain's share of {prize.name} condemned at {where}")
    leave(state, prize, f"{prize.name} condemned and sold at {where}")
    state.stats["condemned"] += 1
    state.reputation += 2
    log(state, "prize", f"{prize.name} condemned at {where}: valued {value}, the captain's share {share}.",
        value=value, share=share)


def refit_limits(c: Campaign, state: CampaignState) -> dict[str, Any]:
    """What the port screen offers this month: the boxes each track can have repaired (the port's `repair` in
    all), the crew points it can recruit, and what a box and a point cost (the port request's options)."""
    assert state.port is not None
    port = c.port(state.port)
    terms = c.campaign.terms
    flag = state.flagship
    card = c.cards[flag.card]
    gaps = {"rigging": card.rigging_points - flag.rigging}
    gaps.update({s: len(card.gunnery[s]) - flag.gunnery[s] for s in SECTION_NAMES})
    return {"repair": {k: min(v, port.repair) for k, v in gaps.items() if v > 0}, "repair_total": port.repair,
            "repair_cost": terms.repair_cost_per_box, "recruit": max(0, min(card.crew_points - flag.crew,
                                                                             port.recruits.points)),
            "recruit_quality": port.recruits.quality, "recruit_cost": terms.recruit_cost_per_point,
            "money": state.money}


def check_refit(c: Campaign, state: CampaignState, order: dict[str, Any]) -> str | None:
    """Why a refit with choices is not a legal answer, or None if it is."""
    lim = refit_limits(c, state)
    unknown = set(order) - {"order", "repair", "recruit", "loads"}
    if unknown:
        return f"refit: unknown choice(s) {sorted(unknown)}; choose repair, recruit, loads"
    repair = order.get("repair", {})
    if not isinstance(repair, dict):
        return "refit: repair must map a track (rigging, or a gunnery section) to a number of boxes"
    for track, n in repair.items():
        if track not in lim["repair"]:
            return f"refit: repair {track}: nothing to repair there (choose from {sorted(lim['repair'])})"
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
    cost = boxes * lim["repair_cost"] + recruit * lim["recruit_cost"]
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
    terms = c.campaign.terms
    flag = state.flagship
    card = c.cards[flag.card]
    boxes = port.repair
    repaired = 0
    cause = f"repaired at {port.name}"
    while boxes > 0:  # the weakest track first, so a refit restores a ship's worst wound first
        gaps = {"rigging": card.rigging_points - flag.rigging}
        gaps.update({s: len(card.gunnery[s]) - flag.gunnery[s] for s in SECTION_NAMES})
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
        _recruit(state, port, terms, recruits)
    adjust(state, flag, "stores", terms.stores_months - flag.stores, f"victualled at {port.name}")
    adjust(state, flag, "shot", terms.shot - flag.shot, f"powder and shot taken in at {port.name}")
    flag.morale = 3
    log(state, "refit", f"Refit at {port.name}: {repaired} box(es) repaired, {recruits} crew point(s) recruited "
                        f"({port.recruits.quality}); stores and shot filled; the crew is Handy again.",
        repaired=repaired, recruits=recruits)


def _recruit(state: CampaignState, port: Port, terms: Terms, recruits: int) -> None:
    """`recruits` crew points join the flagship at the port's bounty; her experience becomes the crew's mean."""
    flag = state.flagship
    before = flag.crew
    adjust(state, flag, "crew", recruits, f"recruited at {port.name}")
    adjust(state, None, "money", -recruits * terms.recruit_cost_per_point, f"bounty for recruits at {port.name}")
    flag.experience = (flag.experience * before + QUALITY_EXPERIENCE[port.recruits.quality] * recruits) \
        // (before + recruits)


def _refit_chosen(c: Campaign, state: CampaignState, order: dict[str, Any]) -> None:
    assert state.port is not None
    port = c.port(state.port)
    terms = c.campaign.terms
    flag = state.flagship
    cause = f"repaired at {port.name}"
    repaired = 0
    for track, n in sorted(order.get("repair", {}).items()):
        if n <= 0:
            continue
        if track == "rigging":
            adjust(state, flag, "rigging", n, cause)
        else:
            adjust_section(state, flag, track, n, cause)
        adjust(state, None, "money", -n * terms.repair_cost_per_box, f"repair of {n} {track} box(es) at {port.name}")
        repaired += n
    recruits = int(order.get("recruit", 0))
    if recruits:
        _recruit(state, port, terms, recruits)
    loads = bool(order.get("loads", True))
    if loads:
        adjust(state, flag, "stores", terms.stores_months - flag.stores, f"victualled at {port.name}")
        adjust(state, flag, "shot", terms.shot - flag.shot, f"powder and shot taken in at {port.name}")
    flag.morale = 3
    log(state, "refit", f"Refit at {port.name}: {repaired} box(es) repaired, {recruits} crew point(s) recruited "
                        f"({port.recruits.quality}); " + ("stores and shot filled" if loads else "stores and shot "
                        "as they were") + "; the crew is Handy again.",
        repaired=repaired, recruits=recruits, loads=loads)
