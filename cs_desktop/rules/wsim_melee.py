"""Wooden Ships & Iron Men's melee procedure (option `wsim_melee`; ruling R15.0c), replacing 15.0's rounds.

peer-wooden-ships-melee-capture.txt, C. Melee Procedure: each side's Total Melee Strength (TMS) is its crew
squares in the melee times the melee factors a square of its crew quality is worth (C.1); each side rolls one die
and the Melee Resolution Table, die against TMS, gives the enemy squares marked off (C.2); TMS is figured again and
another round fought, "for three rounds or until one side has a three-to-one or better advantage in TMS" (C.3); a
victorious boarding party takes the ship its enemy came from, and the survivors of the beaten party become
prisoners (C.3); a victorious defending party may board in turn and fights the remaining rounds (C.6); a melee
not decided in three rounds goes on the next turn (C.4) until a ship surrenders, the ships come apart or both
sides disengage by consent.

In Captain's Sea a crew square is a crew point and a boarding party is the ship's Melee crew (5.1.6): the boarder's
is her OBP, the defender's her DBP. The two tables are not in the text; R15.0c designs them (MELEE_FACTORS,
`casualties`). An undecided melee is marked on its grapple record (`ONGOING`: the boarder's id), which is written
only under the switch.
"""

from __future__ import annotations

from collections.abc import Generator
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from cs_desktop.rules import damage
from cs_desktop.rules.decisions import Request
from cs_desktop.rules.melee_capture import capture
from cs_desktop.rules.ratings import round_half_up
from cs_desktop.rules.rolls import roll_now

if TYPE_CHECKING:
    from cs_desktop.rules.referee import Referee
    from cs_desktop.rules.state import ShipState

Gen = Generator[list[Request], dict[str, Any], Any]

RULING = "R15.0c"
RULE = "15.0"
ROUNDS = 3  # C.3: "for three rounds"
ADVANTAGE = 3  # C.3: "a three-to-one or better advantage in TMS"
#: Crew Melee Strength Table (designed, R15.0c): melee factors a crew point is worth by crew quality (3.3)
MELEE_FACTORS = {"green": 2, "average": 3, "crack": 4}
#: Melee Resolution Table (designed, R15.0c): TMS x die / 36 enemy crew points, rounded half up
TABLE_DIVISOR = 36
#: the grapple record's key of a melee that goes on next turn: the boarding ship's id
ONGOING = "wsim_melee"


def strength(ship: ShipState) -> int:
    """C.1: Total Melee Strength, her Melee crew times her crew quality's melee factors."""
    return ship.melee_crew * MELEE_FACTORS[ship.quality]


def casualties(tms: int, die: int) -> int:
    """C.2, the Melee Resolution Table: enemy crew points marked off for a die at this TMS."""
    return round_half_up(Fraction(tms * die, TABLE_DIVISOR)) if tms > 0 else 0


def winner(boarders: int, defenders: int) -> str | None:
    """C.3: 'boarders' or 'defenders' when one TMS is three times the other or more (and not nothing), else None."""
    if boarders > 0 and boarders >= ADVANTAGE * defenders:
        return "boarders"
    if defenders > 0 and defenders >= ADVANTAGE * boarders:
        return "defenders"
    return None


def _round(g: Referee, attacker: ShipState, defender: ShipState, n: int) -> Gen:
    """C.2: one die each, at once; each side's result marks off the other's Melee crew."""
    tms = {s.id: strength(s) for s in (attacker, defender)}
    rolls = {s.id: roll_now(g, s.side, 1, f"melee round {n} (TMS {tms[s.id]})", RULE, ship=s.id)
             for s in (attacker, defender)}
    for ship, enemy in ((attacker, defender), (defender, attacker)):
        hits = min(casualties(tms[ship.id], rolls[ship.id].dice[0]), enemy.melee_crew)
        g.emit("melee_round", RULE, f"round {n}: {ship.card.name} (TMS {tms[ship.id]}, die "
               f"{rolls[ship.id].dice[0]}) marks off {hits} of {enemy.card.name}'s men ({RULING})",
               ship=ship.id, target=enemy.id, hits=hits)
        if hits:
            taken = yield from damage.crew_hits(g, enemy, hits, RULE)
            g.state.credit_hits(enemy.id, ship.side, taken)  # R19.0h (more than two sides)


def fight(g: Referee, record: dict[str, Any], attacker: ShipState, defender: ShipState, rounds: int = ROUNDS) -> Gen:
    """`attacker`'s Melee crew boards `defender`: up to `rounds` rounds, until one side has three to one."""
    record.pop(ONGOING, None)
    g.emit("melee", RULE, f"{attacker.card.name} boards {defender.card.name}! (Wooden Ships & Iron Men, "
           f"{RULING})", ship=attacker.id, target=defender.id)
    for n in range(1, rounds + 1):
        yield from _round(g, attacker, defender, n)
        if not (attacker.afloat and defender.afloat):
            return
        won = winner(strength(attacker), strength(defender))
        if won == "boarders":
            yield from capture(g, attacker, defender)
            return
        if won == "defenders":
            yield from _repulsed(g, record, attacker, defender, rounds - n)
            return
        if attacker.melee_crew <= 0 and defender.melee_crew <= 0:
            return
    record[ONGOING] = attacker.id
    g.emit("melee_goes_on", RULE, f"no side has three to one after {rounds} round(s): the melee goes on next "
           f"turn ({RULING})", ship=attacker.id, target=defender.id)


def _repulsed(g: Referee, record: dict[str, Any], attacker: ShipState, defender: ShipState, left: int) -> Gen:
    """C.3: the beaten boarders' survivors are prisoners (lost to their ship); C.6: the defenders may board."""
    taken = yield from damage.crew_hits(g, attacker, attacker.melee_crew, RULE)
    g.state.credit_hits(attacker.id, defender.side, taken)
    g.emit("repulsed", RULE, f"{attacker.card.name}'s boarders are beaten; {taken} taken prisoner ({RULING})",
           ship=attacker.id)
    if not (attacker.afloat and defender.afloat) or defender.melee_crew <= 0:
        return
    answers = yield [Request("melee", defender.side, RULE, f"{defender.card.name}: board {attacker.card.name} in "
                             f"turn? ({left} round(s) left this turn; WS&IM C.6)", options=(False, True),
                             info={"ship": defender.id, "enemy": attacker.id})]
    if not answers[defender.side]:
        return
    if left:
        yield from fight(g, record, defender, attacker, left)
    else:
        record[ONGOING] = defender.id


def go_on(g: Referee, record: dict[str, Any]) -> Gen:
    """C.4: a melee undecided last turn goes on, unless both sides disengage by consent."""
    state = g.state
    attacker = state.ships[record[ONGOING]]
    defender = state.ships[next(i for i in record["ships"] if i != attacker.id)]
    asks = [Request("melee_continue", s.side, RULE, f"{s.card.name}: go on with the melee? (both must say no to "
                    f"disengage; WS&IM C.4)", options=(False, True), info={"ship": s.id, "enemy": e.id})
            for s, e in ((attacker, defender), (defender, attacker))]
    answers = yield asks
    if not answers[attacker.side] and not answers[defender.side]:
        record.pop(ONGOING, None)
        g.emit("melee_disengaged", RULE, f"{attacker.card.name} and {defender.card.name} disengage by consent "
               f"({RULING})", ship=attacker.id, target=defender.id)
        return
    yield from fight(g, record, attacker, defender)
