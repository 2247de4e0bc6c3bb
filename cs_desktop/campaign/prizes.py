"""A prize in a friendly port, and prisoners under guard (issue 15; rulings RC15.3a-c in docs/rulings.md).

- **A prize's fate** (RC15.3a): a prize that reaches a port of the player's nation with a prize court is the
  player's choice (the `prize_fate` request): *sell* her to the court (condemned and sold, the captain's share
  paid, as before) or *keep* her: she is condemned all the same (reputation +2) but bought into the squadron
  for the captain's share he would have been paid, and sails on as a ship of the squadron (role `consort`) with
  her damage, her prize crew staying aboard as her crew.
- **Guards** (RC15.3b): prisoners held in a ship of the squadron need a guard of one crew point for every six
  of them (rounded up; the Wooden Ships & Iron Men ratio of the prize crew). In a prize the prize crew is the
  guard. Elsewhere the guard is told off from the crew, but never from the third of her card's crew (at least
  2) that works the ship and fights her guns; the guard does not fight in a battle.
- **A rising** (RC15.3c): prisoners beyond six for each guard point are unguarded; at the end of a month at sea
  they rise on 1-2 on a die. The crew puts the rising down: the ship loses a crew point and the prisoners two
  for every six unguarded (rounded up), each in the ledger with its cause.
"""

from __future__ import annotations

import math
from typing import Any

from cs_desktop.campaign.folder import Campaign
from cs_desktop.campaign.state import CampaignState, ShipRecord, adjust, join, leave, log
from cs_desktop.rules.dice import Dice

PRISONERS_PER_GUARD = 6
#: the die (1-6) at or below which unguarded prisoners rise at the end of a month at sea (RC15.3c)
RISING_ON = 2
FATES = ("sell", "keep")


# ---------------------------------------------------------------------------------------------- guards

def guards_needed(prisoners: int) -> int:
    """Crew points needed to guard `prisoners` crew points of prisoners: one for every six, rounded up."""
    return math.ceil(prisoners / PRISONERS_PER_GUARD) if prisoners > 0 else 0


def working_crew(c: Campaign, ship: ShipRecord) -> int:
    """The crew a ship keeps to work her and fight her guns, never told off as guards: a third of her card's
    crew points, at least 2 (the share a flagship keeps when she puts a prize crew aboard a prize)."""
    return max(2, c.cards[ship.card].crew_points // 3)


def guard(c: Campaign, ship: ShipRecord) -> int:
    """The crew points guarding `ship`'s prisoners (RC15.3b): a prize's whole prize crew; in any other ship
    one for every six prisoners, as far as the crew beyond her working crew allows."""
    if ship.role == "prize":
        return ship.crew
    return max(0, min(guards_needed(ship.prisoners), ship.crew - working_crew(c, ship)))


def unguarded(c: Campaign, ship: ShipRecord) -> int:
    """Prisoner crew points beyond six for each guard point."""
    return max(0, ship.prisoners - PRISONERS_PER_GUARD * guard(c, ship))


def fighting_crew(c: Campaign, ship: ShipRecord) -> int:
    """The crew that fights a battle: the guard stays below with the prisoners (RC15.3b)."""
    return ship.crew - guard(c, ship)


def rising(c: Campaign, s: CampaignState, dice: Dice) -> None:
    """The end of a month at sea: unguarded prisoners in a ship other than a prize rise on 1-2 (RC15.3c). (A
    prize whose prisoners outnumber her prize crew six to one is retaken outright: consequences.month_end.)"""
    for ship in [x for x in s.ships if x.role != "prize"]:
        loose = unguarded(c, ship)
        if loose <= 0:
            continue
        die = dice.d6()
        if die > RISING_ON:
            log(s, "prisoners", f"{loose} crew point(s) of prisoners in {ship.name} are not guarded; they stay quiet "
                                f"(die {die}).")
            continue
        crew = min(ship.crew - 1, math.ceil(loose / PRISONERS_PER_GUARD))
        dead = min(ship.prisoners, 2 * math.ceil(loose / PRISONERS_PER_GUARD))
        cause = f"the prisoners rise in {ship.name} and are put down"
        adjust(s, ship, "crew", -crew, cause)
        adjust(s, ship, "prisoners", -dead, cause)
        log(s, "rising", f"The unguarded prisoners in {ship.name} rise (die {die}); the crew puts them down, losing "
                         f"{crew} crew point(s); {dead} point(s) of prisoners are killed.", crew=crew, prisoners=dead)


# ---------------------------------------------------------------------------------------------- a prize's fate

def awaiting(c: Campaign, s: CampaignState) -> list[ShipRecord]:
    """Prizes lying in a friendly port with a prize court: each waits for the player's choice (RC15.3a)."""
    if s.port is None or not c.port(s.port).prize_court:
        return []
    return [x for x in s.ships if x.role == "prize"]


def prize_value(c: Campaign, prize: ShipRecord) -> tuple[int, int]:
    """The prize court's value of a prize (gunnery boxes left x `prize_value_per_gun_box`) and the captain's
    share of it (`captain_share` percent)."""
    terms = c.campaign.terms
    value = prize.guns * terms.prize_value_per_gun_box
    return value, value * terms.captain_share // 100


def fate_info(c: Campaign, s: CampaignState, prize: ShipRecord) -> dict[str, Any]:
    """The `prize_fate` request's info: the prize, her state, her value and the captain's share."""
    card = c.cards[prize.card]
    value, share = prize_value(c, prize)
    return {"ship": prize.id, "card": prize.card, "name": prize.name, "port": s.port, "value": value,
            "share": share, "crew": prize.crew, "crew_points": card.crew_points, "rigging": prize.rigging,
            "rigging_points": card.rigging_points, "guns": prize.guns,
            "gun_boxes": sum(len(v) for v in card.gunnery.values()), "stores": prize.stores}


def condemn(c: Campaign, s: CampaignState, prize: ShipRecord, where: str) -> None:
    """*sell*: the prize court condemns and sells her; her prize crew rejoins the flagship and the captain is
    paid his share."""
    value, share = prize_value(c, prize)
    flag = s.flagship
    crew = prize.crew
    adjust(s, prize, "crew", -crew, f"prize crew of {prize.name} returns to {flag.name}")
    adjust(s, flag, "crew", crew, f"prize crew of {prize.name} returns to {flag.name}")
    adjust(s, None, "money", share, f"captain's share of {prize.name} condemned at {where}")
    leave(s, prize, f"{prize.name} condemned and sold at {where}")
    s.stats["condemned"] += 1
    s.reputation += 2
    log(s, "prize", f"{prize.name} condemned at {where}: valued {value}, the captain's share {share}.",
        value=value, share=share)


def keep(c: Campaign, s: CampaignState, prize: ShipRecord, where: str) -> None:
    """*keep*: condemned, and bought into the squadron for the share the captain forgoes; she leaves as a
    prize and joins as a ship of the squadron with all she carries, her prize crew her crew (RC15.3a)."""
    value, share = prize_value(c, prize)
    cause = f"{prize.name} condemned at {where} and taken into the squadron"
    n = sum(1 for e in s.ledger if e["what"] == "ships" and e["delta"] > 0)
    ship = ShipRecord(id=f"ship-{n}-{prize.card}", card=prize.card, name=prize.name, role="consort",
                      experience=prize.experience, crew=prize.crew, rigging=prize.rigging,
                      gunnery=dict(prize.gunnery), morale=prize.morale, stores=prize.stores, shot=prize.shot,
                      prisoners=prize.prisoners)
    leave(s, prize, cause)
    join(s, ship, cause)
    s.stats["condemned"] += 1
    s.stats["kept"] = s.stats.get("kept", 0) + 1
    s.reputation += 2
    log(s, "prize", f"{prize.name} condemned at {where} (valued {value}) and taken into the squadron for the "
                    f"captain's share of {share}; her prize crew of {ship.crew} point(s) stays aboard as her crew.",
        value=value, share=share)


def decide_fate(c: Campaign, s: CampaignState, choice: str) -> None:
    """The answer to the `prize_fate` request for the first prize awaiting it."""
    assert s.port is not None
    prize = awaiting(c, s)[0]
    where = c.port(s.port).name
    (condemn if choice == "sell" else keep)(c, s, prize, where)
