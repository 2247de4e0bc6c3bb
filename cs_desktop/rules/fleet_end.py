"""18.0 Game End and 19.0 Victory for fleets (the fleet rules switch, rulings R18.0f-R18.0h, R19.0f).

The written rules end a duel when a single ship strikes, is captured or cannot stay on the map. With a fleet,
a struck ship stays on the board as a hulk: she neither moves (she does not drift) nor fires, is no target,
and an enemy ship sharing her square may take possession of her by sending a boarding party across (the
Wooden Ships & Iron Men model: a ship that surrendered other than in melee is captured when a party is put
aboard). A side is beaten when it has nothing left fighting (every ship struck, captured or escaped), and the
game ends then, or at the turn limit; victory points decide. In the tally an enemy ship captured is worth
the capture points in place of the strike points (captured counts twice struck, as in Wooden Ships & Iron Men),
and an escaped ship gives nothing beyond the hits on her card.
"""

from __future__ import annotations

from collections.abc import Generator
from typing import TYPE_CHECKING, Any

from cs_desktop.rules import geometry as geo
from cs_desktop.rules.decisions import Request
from cs_desktop.rules.prize_crews import can_spare, guard_needed, put_prize_crew, retake_step
from cs_desktop.rules.victory import end_game

if TYPE_CHECKING:
    from cs_desktop.rules.referee import Referee
    from cs_desktop.rules.state import GameState, ShipState

Gen = Generator[list[Request], dict[str, Any], Any]


def end_if_beaten(g: Referee, side: str, cause: str) -> None:
    """R18.0f: the game ends when `side` has nothing left fighting."""
    state = g.state
    if state.ended or state.afloat(side):
        return
    if len(state.sides) > 2:  # R18.0r: a side beaten is out; the battle goes on while two sides fight
        fighting = [s for s in state.sides if state.afloat(s)]
        if len(fighting) > 1:
            g.emit("side_beaten", "18.0", f"{state.sides[side].name} has no ship left fighting: {cause}; "
                   f"the battle goes on between {' and '.join(state.sides[s].name for s in fighting)}",
                   side=side, ruling="R18.0r")
            return
    possession_at_the_end(g)
    end_game(g, f"{state.sides[side].name} has no ship left fighting: {cause}")


def possession_at_the_end(g: Referee) -> None:
    """R18.0t: when a side's last ship leaves the fight and the battle ends, each enemy hulk within long range
    (11.1, 24 MP) of a ship still fighting with crew left is taken possession of by the nearest such ship (the
    first in the game's order on a tie): nothing is left to fight, so her guns' crews may man the boats too."""
    state = g.state
    for hulk in [s for s in state.ships.values() if is_hulk(s)]:
        takers = [s for s in state.afloat() if s.side != hulk.side and s.crew > 0
                  and geo.in_range(s.square, hulk.square)]
        if not takers:
            continue
        taker = min(takers, key=lambda s: geo.mp_distance(s.square, hulk.square))
        hulk.captured = True
        if len(state.sides) > 2:
            state.captors[hulk.id] = taker.side  # R18.0q
        g.emit("possession", "18.0", f"the battle is over: {taker.card.name}'s boats take possession of "
               f"{hulk.card.name} (R18.0t)", ship=taker.id, hulk=hulk.id, side=taker.side, ruling="R18.0t")


def is_hulk(ship: ShipState) -> bool:
    """R18.0g: struck, not taken, still on the board (a ship blown up is not: R17.1i)."""
    return ship.struck and not ship.captured and not ship.escaped and not ship.exploded


def prizes_within_reach(state: GameState, side: str) -> list[tuple[ShipState, ShipState]]:
    """(ship, hulk) pairs: a ship of `side` still fighting, with crew left to Melee for a boarding party, in
    the square of an enemy hulk (R18.0h)."""
    hulks = [h for h in state.ships.values() if h.side != side and is_hulk(h)]
    if not hulks:
        return []
    return [(ship, hulk) for ship in state.afloat(side) if ship.melee_crew > 0
            and (not state.prize_crews or ship.crew > 1)  # R18.0k: she keeps one crew point aboard
            for hulk in hulks if hulk.square == ship.square]


def take_possession_step(g: Referee) -> Gen:
    """R18.0h, at the 12.0 grapple step of an impulse: the Initiative Player first, each ship sharing a square
    with an enemy hulk may send a boarding party to take possession of her (no roll: she has struck). Under the
    prize crews option the party stays aboard as her prize crew (R18.0k), and then ships alongside their own
    side's prizes may board to retake them (R18.0m)."""
    state = g.state
    for side in reversed(state.initiative_order()):  # the IP first (R6.0a)
        for ship, hulk in prizes_within_reach(state, side):
            if hulk.captured or not ship.afloat:
                continue
            info: dict[str, Any] = {"ship": ship.id, "hulk": hulk.id}
            if state.prize_crews:  # what the prize crew will cost her (R18.0k)
                if can_spare(ship) < 1:  # her men went across to a hulk taken a moment ago
                    continue
                info.update(prisoners=hulk.crew, guard=guard_needed(hulk.crew), can_spare=can_spare(ship))
            answers = yield [Request("take_possession", side, "18.0",
                                     f"{ship.card.name} lies alongside the struck {hulk.card.name}: send a boarding "
                                     "party to take possession of her?", options=(False, True), info=info)]
            if answers[side]:
                hulk.captured = True
                if len(state.sides) > 2:
                    state.captors[hulk.id] = side  # R18.0q
                g.emit("possession", "18.0", f"{ship.card.name}'s boarding party takes possession of "
                       f"{hulk.card.name}", ship=ship.id, hulk=hulk.id, side=side)
                if state.prize_crews:
                    yield from put_prize_crew(g, ship, hulk, "18.0")
    if state.prize_crews:
        yield from retake_step(g)
