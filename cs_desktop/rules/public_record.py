"""What one side knows of a game, the input of a determinized copy (determinize.py) and of the draws of its
hidden parts (redraw.py, redraw_loads.py, redraw_answers.py): a leaf below all four."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from cs_desktop.rules.state import GameState
from cs_desktop.rules.view_types import SideView, ViewEvent


@dataclass(frozen=True)
class PublicRecord:
    """What `side` knows of a game: all that `_build` may read."""

    game: Any  # scenario, cards and options only (public); see `_shell`
    side: str
    enemies: list[str]  # every other side (R6.0a: each side fights every other)
    state: GameState  # the checkpoint with hidden fields wiped
    before: list[ViewEvent]  # events before the checkpoint (placeholders for hidden ones)
    segment: list[ViewEvent]  # events since the checkpoint (placeholders for hidden ones)
    answers: list[list[tuple[str, str, Any]]]  # this segment's answer sets: (side, kind, answer or wiped)
    own_pending: Any  # the answer `side` gave to a still pending simultaneous request, or None
    has_pending_own: bool
    running: bool  # a segment is under way (else the copy is just the state)
    view: SideView  # game.view(side) without the events (those are `before` and `segment`)
    #: the number of `segment` events the side had seen when the request after each answer set was asked (it saw
    #: every answer followed by what it caused); made only where the draws read it (`redraw_loads._fires`)
    ends: tuple[int, ...] = ()
    #: what is read from the record once for all the copies drawn from it (`Evidence.of`)
    memo: dict[str, Any] = field(default_factory=dict, compare=False, repr=False)
