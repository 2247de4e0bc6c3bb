"""The referee as a segment sees it: the narrow context every rules module is handed (`g`), so that no rules
module needs the `Game` that drives them, and `game.py` imports its segments at the top (issue 30 item 3).

A segment (rules/turn.py; the steps and rolls it calls) is a generator: it *asks* by yielding the requests it
waits for and receives the answers (`Segment`). Through the referee it reads and changes the `state`, *rolls*
with the state's seeded dice (`state.dice`, drawn by `rolls.roll`: nothing in the engine draws randomness
otherwise, tests/rules/test_dice_only.py), *emits* the events of the log and *marks* the start of a step a
copy can resume from (`mark_step`). It also reads the scenario, the ships' cards and the table options the
game was started with.

`game.Game` is the one referee: it subclasses `Referee` and fills in `emit_with` and `mark_step`. A class and
not a `typing.Protocol`: mypyc compiles a protocol-typed value as a plain object, so every `g.state` and
`g.emit(...)` of the compiled engine went through Python's generic attribute look-up and keyword call (+5.8%
instructions a game, callgrind, 10 games of benchmarks/paired_games.py 1v1 engine); through a class it calls
directly, as it did when the segments named `Game`.
"""

from __future__ import annotations

from collections.abc import Generator
from typing import Any

from cs_desktop.rules.cards import Scenario, ShipCard
from cs_desktop.rules.decisions import Request
from cs_desktop.rules.event_types import EventKind
from cs_desktop.rules.state import GameState

#: a segment of a turn (rules/turn.py `SEGMENTS`): yields the requests it waits for, is sent the answers by side
Segment = Generator[list[Request], dict[str, Any], None]


class Referee:
    """What a segment may use of the game that runs it."""

    state: GameState
    scenario: Scenario
    cards: dict[str, ShipCard]
    options: dict[str, Any]

    def emit(self, kind: EventKind, rule: str, text: str, *, visible_to: str | None = None, **data: Any) -> None:
        """Record an event: its kind, the rule, a line for the log, who may see it (None: every side), its fields."""
        self.emit_with(kind, rule, text, data, visible_to)

    def emit_with(self, kind: EventKind, rule: str, text: str, data: dict[str, Any],
                  visible_to: str | None = None) -> None:
        """`emit` with the event's own fields in a dict made for it (no keyword call: the compiled build)."""
        raise NotImplementedError("game.Game records the events")

    def mark_step(self) -> None:
        """The running segment reached the start of a step, all it still has to do written in `state.step`."""
        raise NotImplementedError("game.Game marks the steps")
