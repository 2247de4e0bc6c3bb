"""Where each position of a replay is in the game (turn, segment, impulse), and where phases and turns start.

A replay (play/replay.py) records one `Place` per position; its `Timeline` answers the questions the
transport buttons ask -- where does this phase or turn start, where does the next one, where is turn n --
as positions, without touching the game. No Qt here.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

#: how the timeline groups positions: by phase (an impulse or another segment of the turn) or by turn
Key = Callable[["Place"], Any]


@dataclass(frozen=True, slots=True)
class Place:
    """Where a position is in the game: the turn and segment of the state (what is asked next)."""

    position: int
    turn: int
    segment: str
    impulse: int

    @property
    def phase(self) -> tuple[int, str]:
        return (self.turn, self.segment)


def by_phase(place: Place) -> tuple[int, str]:
    return place.phase


def by_turn(place: Place) -> int:
    return place.turn


class Timeline:
    """The places of positions 0 .. len(places) - 1, in order (a list the replay goes on filling as it is built)."""

    def __init__(self, places: Sequence[Place]) -> None:
        self.places = places

    @property
    def first_turn(self) -> int:
        return self.places[0].turn

    @property
    def last_turn(self) -> int:
        return self.places[-1].turn

    def name(self, position: int) -> str:
        """The position in words ("Turn 3, impulse 2"): the default name of a bookmark there."""
        pl = self.places[position]
        seg = pl.segment.replace("impulse:", "impulse ").replace("_", " ")
        return f"Turn {pl.turn}, {seg}"

    def start_of(self, position: int, key: Key) -> int:
        """The first position of the phase (or turn) `position` is in."""
        here, p = key(self.places[position]), position
        while p > 0 and key(self.places[p - 1]) == here:
            p -= 1
        return p

    def back_from(self, position: int, key: Key) -> int:
        """The start of this phase (turn), or of the previous one if `position` is its start already."""
        start = self.start_of(position, key)
        if start < position or start == 0:
            return start
        return self.start_of(start - 1, key)

    def after(self, position: int, key: Key) -> int:
        """The first position of the next phase (turn); the last position if there is none."""
        here, p, last = key(self.places[position]), position, len(self.places) - 1
        while p < last and key(self.places[p]) == here:
            p += 1
        return p

    def turn_start(self, turn: int) -> int:
        """The first position of `turn` (of the next turn recorded if there is no such turn; else the last)."""
        for pl in self.places:
            if pl.turn >= turn:
                return pl.position
        return len(self.places) - 1
