"""6.0 Determine Initiative: one die a side, +1 Crack / -1 Green, -1 per previous successive turn held,
Bridge Cards; the higher wins; ties are rolled again. With more than two sides (ruling R6.0a) every side rolls,
any tie between two sides is rolled again by every side, and the totals put the sides in order, lowest first:
the highest is the Initiative Player, and what the rules do "the Non-Initiative Player first" goes up that order."""

from __future__ import annotations

from collections.abc import Generator
from typing import TYPE_CHECKING, Any

from cs_desktop.rules.decisions import Request
from cs_desktop.rules.rolls import NO_CARDS, offer_bonus_cards, roll_now

if TYPE_CHECKING:
    from cs_desktop.rules.referee import Referee
    from cs_desktop.rules.state import GameState


def flagship_quality_mod(state: GameState, side: str) -> int:
    """Ruling R6.1: a side of several ships rolls with the crew quality of its first ship still afloat."""
    ships = state.afloat(side)
    return ships[0].quality_mod if ships else 0


def modifiers(state: GameState, side: str) -> list[tuple[str, int]]:
    quality = flagship_quality_mod(state, side)
    mods = []
    if quality:
        mods.append(("Crack crew +1" if quality > 0 else "Green crew -1", quality))
    streak = state.sides[side].initiative_streak if state.initiative == side else 0
    if streak:
        mods.append((f"held initiative {streak} successive turn(s) -{streak}", -streak))
    return mods


def segment_initiative(g: Referee) -> Generator[list[Request], dict[str, Any], None]:
    state = g.state
    sides = list(state.sides)
    beaten: list[str] = []
    if len(sides) > 2:  # R6.0a: a side with nothing left fighting rolls no more; it stands lowest in the order
        beaten = [s for s in sides if not state.afloat(s)]
        sides = [s for s in sides if s not in beaten] if len(beaten) < len(sides) - 1 else sides
        beaten = [s for s in state.sides if s not in sides]
    attempt = 0
    while True:
        attempt += 1
        cards = yield from offer_bonus_cards([(s, 1, "initiative", "6.0", False) for s in sides], g)
        results = {}
        for side in sides:
            use = cards.get(side, NO_CARDS)
            r = roll_now(g, side, 1, "initiative" if attempt == 1 else "initiative re-roll (tie)", "6.0",
                         modifiers(state, side) + use.mods, use.discarded)
            results[side] = r.total
        best = max(results.values())
        winners = [s for s, v in results.items() if v == best]
        if len(state.sides) > 2:  # R6.0a: every place in the order is decided, so any tie is rolled again
            tied = sorted({v for v in results.values() if list(results.values()).count(v) > 1})
            if not tied:
                break
            g.emit("tie", "6.0", f"initiative tied at {', '.join(map(str, tied))}: every side rolls again",
                   reveals=True)
            continue
        if len(winners) == 1:
            break
        g.emit("tie", "6.0", f"initiative tied at {best}: roll again", reveals=True)
    winner = winners[0]
    if len(state.sides) > 2:
        state.order = beaten + sorted(sides, key=lambda s: results[s])
    previous = state.initiative
    for side in state.sides:
        if side == winner:
            state.sides[side].initiative_streak = state.sides[side].initiative_streak + 1 if previous == side else 1
        else:
            state.sides[side].initiative_streak = 0
    state.initiative = winner
    g.emit("initiative", "6.0", f"{state.sides[winner].name} wins the initiative "
           f"(held {state.sides[winner].initiative_streak} turn(s) running)", side=winner,
           streak=state.sides[winner].initiative_streak)
    if len(state.sides) > 2:
        g.emit("initiative_order", "6.0", "Order of play, lowest first: "
               + ", ".join(state.sides[s].name for s in state.order), order=list(state.order))
    state.segment = "movement"
