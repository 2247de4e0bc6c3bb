"""Prize crews, prisoners and recapture (an option of the fleet rules: `prize_crews`; rulings R18.0j-R18.0p).

The mechanism is Wooden Ships & Iron Men's, in Captain's Sea's own terms. A ship taken (a hulk boarded at the
12.0 step, R18.0h, or a ship carried in melee, 15.0) gets a prize crew: crew points of the captor's Melee crew
go across, at least one for every six crew points of the prize's own crew, who are now prisoners. The men sent
across leave the captor's crew track without being hits (`crew_detached`). At Housekeeping, after 17.4, the
prisoners of a prize take her back if they outnumber her prize crew more than six to one (WS&IM D.9: "If the
numbers fall below this ratio, the prisoners immediately take over the ship"); at six to one or better she is
held, no die. A ship of the prize's own side alongside may board her to retake her:
one round of 15.0 dice against the prize crew. A ship retaken goes back to her side as a hulk (struck).
"""

from __future__ import annotations

from collections.abc import Generator
from typing import TYPE_CHECKING, Any

from cs_desktop.rules import damage
from cs_desktop.rules.decisions import Request
from cs_desktop.rules.rolls import NO_CARDS, offer_bonus_cards, roll_now

if TYPE_CHECKING:
    from cs_desktop.rules.referee import Referee
    from cs_desktop.rules.state import GameState, ShipState

Gen = Generator[list[Request], dict[str, Any], Any]

#: prisoners one prize-crew point keeps down (WS&IM: one crew square for every six prisoner squares)
GUARD_RATIO = 6
HITS_ON = 5  # a modified die of 5 or more is a hit, as in 15.0 step 7


def guard_needed(prisoners: int) -> int:
    """R18.0k: the smallest prize crew that keeps `prisoners` down: one point for six, at least one."""
    return max(1, -(-prisoners // GUARD_RATIO))


def can_spare(ship: ShipState) -> int:
    """R18.0k: the crew points `ship` can put aboard a prize: her Melee crew (5.1.6), keeping one crew point."""
    return max(0, min(ship.melee_crew, ship.crew - 1))


def holder(state: GameState, prize: ShipState) -> str:
    """The side holding a captured ship: the other side of the two; with more sides, her captor (R18.0q)."""
    if len(state.sides) > 2:
        return state.captors[prize.id]
    return state.other(prize.side)


def is_prize(ship: ShipState) -> bool:
    """A captured ship still on the board (a ship adrift is out of reach, R18.0o)."""
    return ship.captured and not ship.escaped


def retakers(state: GameState, side: str) -> list[tuple[ShipState, ShipState]]:
    """(ship, prize) pairs: a ship of `side` still fighting with Melee crew, in the square of one of her own
    side's ships held as a prize by the enemy (R18.0m)."""
    prizes = [p for p in state.ships.values() if p.side == side and is_prize(p) and p.prize_crew > 0]
    if not prizes:
        return []
    return [(ship, prize) for ship in state.afloat(side) if ship.melee_crew > 0
            for prize in prizes if prize.square == ship.square]


def put_prize_crew(g: Referee, captor: ShipState, prize: ShipState, rule: str) -> Gen:
    """R18.0k: the captor tells off a prize crew from her Melee crew: the guard needed, or more if she
    chooses (asked only when there is a choice). The men leave her crew track, not as hits."""
    prisoners = prize.crew
    spare = can_spare(captor)
    low = min(guard_needed(prisoners), spare)
    options = tuple(range(low, spare + 1))
    men = low
    if len(options) > 1:
        answers = yield [Request("prize_crew", captor.side, rule,
                                 f"{captor.card.name}: how many crew points go across as {prize.card.name}'s prize "
                                 f"crew, to guard her {prisoners} of prisoners? (at least {low}: more than "
                                 f"{GUARD_RATIO} prisoners to one take her back; men lost under fire come "
                                 "off the prize crew first)", options=options,
                                 info={"ship": captor.id, "prize": prize.id, "prisoners": prisoners,
                                       "guard": guard_needed(prisoners), "melee_crew": captor.melee_crew})]
        men = int(answers[captor.side])
    captor.crew -= men
    captor.crew_detached += men
    prize.prize_crew = men
    prize.prize_crew_from = captor.id
    g.emit("prize_crew", rule, f"{captor.card.name} puts a prize crew of {men} aboard {prize.card.name} to guard "
           f"{prisoners} of prisoners (prize crews option, R18.0k)", ship=captor.id, prize=prize.id, men=men,
           prisoners=prisoners, side=captor.side)


def retaken(g: Referee, prize: ShipState, how: str, rule: str, lost: int) -> None:
    """R18.0n: back to her own side as a hulk; her prize crew (`lost`: killed or made prisoners) is lost to the
    captor for the rest of the battle."""
    prize.captured = False
    prize.struck = True
    prize.prize_crew = 0
    g.emit("retaken", rule, f"{prize.card.name} is retaken by {how}: back in {g.state.sides[prize.side].name}'s "
           f"hands, a hulk; her prize crew of {lost} is lost to {g.state.sides[holder(g.state, prize)].name} "
           "(prize crews option, R18.0n)", ship=prize.id, side=prize.side, prize_crew_lost=lost)


def retake_step(g: Referee) -> Gen:
    """R18.0m, at the 12.0 step after the boarding parties for hulks: the Initiative Player first, each ship
    alongside one of her own side's ships held as a prize may board her to retake her."""
    state = g.state
    for side in reversed(state.initiative_order()):  # the IP first (R6.0a)
        for ship, prize in retakers(state, side):
            if not (prize.captured and prize.prize_crew > 0 and ship.afloat and ship.melee_crew > 0):
                continue
            answers = yield [Request("retake", side, "18.0",
                                     f"{ship.card.name} lies alongside {prize.card.name}, held by a prize crew of "
                                     f"{prize.prize_crew}: board her to retake her?", options=(False, True),
                                     info={"ship": ship.id, "prize": prize.id, "prize_crew": prize.prize_crew,
                                           "prisoners": prize.crew, "melee_crew": ship.melee_crew})]
            if answers[side]:
                yield from board_prize(g, ship, prize)
                if state.ended:
                    return


def boarding_modifiers(state: GameState, ship: ShipState, prize: ShipState) -> tuple[list[tuple[str, int]],
                                                                                   list[tuple[str, int]]]:
    """R18.0m: the boarders' modifiers (quality, morale, prisoners rising with them) and the prize crew's
    (the quality of the ship they came from)."""
    mods = damage.quality_mods(ship) + damage.morale_mods(ship)
    if prize.crew > prize.prize_crew:
        mods.append(("prisoners rise with the boarders +1", 1))
    source = state.ships.get(prize.prize_crew_from)
    return mods, (damage.quality_mods(source) if source is not None else [])


def board_prize(g: Referee, ship: ShipState, prize: ShipState) -> Gen:
    """R18.0m: one round of 15.0 dice, all the boarding ship's Melee crew against the prize crew."""
    state = g.state
    guard_side = holder(state, prize)
    g.emit("retake_boarding", "18.0", f"{ship.card.name} boards {prize.card.name} to retake her!", ship=ship.id,
           prize=prize.id, side=ship.side)
    a_mods, d_mods = boarding_modifiers(state, ship, prize)
    n_a, n_d = ship.melee_crew, prize.prize_crew
    cards = yield from offer_bonus_cards([(ship.side, n_a, "boarding to retake", "18.0", False),
                                          (guard_side, n_d, "prize crew's defense", "18.0", False)], g)
    a_use, d_use = cards.get(ship.side, NO_CARDS), cards.get(guard_side, NO_CARDS)
    a_roll = roll_now(g, ship.side, n_a, "boarding to retake", "18.0", a_mods + a_use.mods, a_use.discarded,
                      ship=ship.id, ruling="R18.0m")
    d_roll = roll_now(g, guard_side, n_d, "prize crew's defense", "18.0", d_mods + d_use.mods, d_use.discarded,
                      ship=prize.id, ruling="R18.0m")
    a_hits = sum(1 for v in a_roll.modified if v >= HITS_ON)
    d_hits = sum(1 for v in d_roll.modified if v >= HITS_ON)
    cancel = min(a_hits, d_hits)
    a_hits, d_hits = a_hits - cancel, d_hits - cancel
    g.emit("retake_round", "18.0", f"boarders score {a_hits + cancel}, the prize crew {d_hits + cancel}; {cancel} "
           "cancel", attacker_hits=a_hits, defender_hits=d_hits, ship=ship.id, prize=prize.id)
    if a_hits:
        prize.prize_crew -= min(a_hits, prize.prize_crew)
    if d_hits:
        yield from damage.crew_hits(g, ship, min(d_hits, ship.melee_crew), "15.0")
    if prize.prize_crew <= 0:
        retaken(g, prize, f"{ship.card.name}'s boarders", "18.0", n_d)
    else:
        g.emit("retake_repulsed", "18.0", f"{prize.card.name}'s prize crew of {prize.prize_crew} holds her",
               ship=ship.id, prize=prize.id)


def prisoners_step(g: Referee) -> None:
    """R18.0l, at Housekeeping after 17.4: the prisoners of each prize still on the board take her back if they
    outnumber her prize crew more than six to one (WS&IM D.9); else she is held, nothing rolled."""
    state = g.state
    for prize in state.ships.values():
        if not is_prize(prize):
            continue
        prisoners, guard = prize.crew, prize.prize_crew
        if prisoners > GUARD_RATIO * guard:
            retaken(g, prize, f"her {prisoners} of prisoners, more than six to each of the prize crew", "17.4", guard)
