"""In a friendly port: prizes condemned and prisoners exchanged on arrival; a month's refit repairs boxes
(up to the port's capacity, at a cost a box), recruits (the port's number and quality, at a bounty a point),
fills stores and shot, and restores morale. Every change goes through the ledger with its cause."""

from __future__ import annotations

from cs_desktop.campaign.folder import Campaign
from cs_desktop.campaign.state import CampaignState, ShipRecord, adjust, adjust_section, leave, log
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


def refit(c: Campaign, state: CampaignState) -> None:
    """A month in port (the squadron is in `state.port`)."""
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
        before = flag.crew
        adjust(state, flag, "crew", recruits, f"recruited at {port.name}")
        adjust(state, None, "money", -recruits * terms.recruit_cost_per_point, f"bounty for recruits at {port.name}")
        from cs_desktop.campaign.state import QUALITY_EXPERIENCE

        new = QUALITY_EXPERIENCE[port.recruits.quality]
        flag.experience = (flag.experience * before + new * recruits) // (before + recruits)
    adjust(state, flag, "stores", terms.stores_months - flag.stores, f"victualled at {port.name}")
    adjust(state, flag, "shot", terms.shot - flag.shot, f"powder and shot taken in at {port.name}")
    flag.morale = 3
    log(state, "refit", f"Refit at {port.name}: {repaired} box(es) repaired, {recruits} crew point(s) recruited "
                        f"({port.recruits.quality}); stores and shot filled; the crew is Handy again.",
        repaired=repaired, recruits=recruits)
