"""How hard a level thinks in a fleet battle: the same search, on a budget that shrinks with the ships afloat.

A look-ahead plays every ship of both sides to the end of the turn, and a side of many ships is asked many more
questions a turn, so a level's whole budget (levels.py: 40 futures a decision for normal) keeps the player of
a fleet battle waiting: Lake Erie (9 v 6) 20 s a turn and up to 45 s, 12 a side half a minute and more.
Up to FLEET_SHIPS ships afloat on the board (every duel, the three-ship President vs Belvidera, two against two)
a level thinks exactly as its budget says. With more, a searched decision plays `iterations * FLEET_SHIPS /
ships` futures (at least MIN_ITERATIONS), weighs at most one choice for every VISITS_PER_CHOICE of them (so
each is played a few times rather than once), and spreads those choices over the ships — the first alternative
of every ship, then the second of every ship, ... — instead of trying every alternative of the first ship listed.
And it looks ahead only where a fleet's battle is decided: the maneuvers, the broadsides, grappling and boarding
(FLEET_SEARCHED); a fleet is asked its loads, free turns, Bonus Moves and which section takes a hull hit first
dozens of times a turn, and a few futures on two choices there would tell little: its judgment answers them.

The rule reads only the public board (how many ships are still fighting) and the level's iteration budget,
so it is the same for any hidden state and for a seed gives the same decisions anywhere (tests and tournaments
have no time cap; in the window the level's time cap still ends a search early on a slow machine).
"""

from __future__ import annotations

from dataclasses import dataclass

from cs_desktop.ai.search import Budget
from cs_desktop.rules.view_types import PublicBoard

#: up to this many ships afloat on the board, a level thinks with its whole budget
FLEET_SHIPS = 4
#: the fewest futures a searched fleet decision plays
MIN_ITERATIONS = 8
#: futures per choice weighed in a fleet decision
VISITS_PER_CHOICE = 3
#: the decisions a level still looks ahead at in a fleet (the rest of levels.SEARCHED: the judgment alone)
FLEET_SEARCHED = frozenset({"assign_crew", "select_maneuver", "fire", "grapple", "melee", "melee_continue",
                            "disengage"})


@dataclass(frozen=True, slots=True)
class Thinking:
    """A searched decision's budget, the most choices it weighs, whether they spread over the ships, and the
    kinds of decision searched."""

    budget: Budget
    max_choices: int
    spread: bool
    kinds: frozenset[str]


def ships_afloat(board: PublicBoard) -> int:
    """Ships still fighting on a public board (`Seat.board()`): not struck, captured or escaped."""
    return sum(1 for s in board["ships"].values()
               if not (s["struck"] or s["captured"] or s.get("escaped", False)))


def thinking(budget: Budget, ships: int, max_choices: int, kinds: frozenset[str]) -> Thinking:
    """The budget of a searched decision with `ships` afloat on the board (see the module doc); `max_choices`
    and `kinds` are the level's own cap and searched decisions, kept as they are up to FLEET_SHIPS ships."""
    if ships <= FLEET_SHIPS:
        return Thinking(budget, max_choices, False, kinds)
    iterations = min(budget.iterations, max(MIN_ITERATIONS, round(budget.iterations * FLEET_SHIPS / ships)))
    choices = min(max_choices, max(2, iterations // VISITS_PER_CHOICE))
    return Thinking(Budget(iterations, budget.time_cap_s, budget.horizon_turns), choices, True, kinds & FLEET_SEARCHED)
