"""The computer's turns, a part the play presenter owns (`presenter.computer`): the captains of the computer
seats, which of them must answer what now, on a `Seat` over a copy of the game (the captain sees only its
side's view, the request and determinized copies), and its answer taken back — dropped if the game was
replaced meanwhile. The window runs the captain on a thread between the two (gui/session.py); a headless test
or tool calls `captain.choose(seat)` itself:

    move = presenter.computer.move()
    presenter.computer.answered(move, move.captain.choose(move.seat), None)
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Protocol

from cs_desktop.ai.seat import PUBLIC, Seat, seat_for
from cs_desktop.play.seating import HUMAN
from cs_desktop.rules.decisions import Request
from cs_desktop.rules.dice import Dice
from cs_desktop.rules.game import Game

log = logging.getLogger(__name__)


@dataclass(frozen=True, slots=True)
class ComputerMove:
    """A computer captain's turn: answer `request` on `seat`; `token` says which game it was for."""

    token: int
    side: str
    request: Request
    captain: Any
    seat: Seat


class Table(Protocol):
    """What the computer's turns read of the presenter: the game in play, who sits where, and the token that
    changes whenever the game is replaced."""

    @property
    def game(self) -> Game | None: ...
    @property
    def seats(self) -> dict[str, str]: ...
    @property
    def token(self) -> int: ...


class ComputerTurns:
    def __init__(self, table: Table, make_captain: Callable[[str, int], Any],
                 moved: Callable[[], None], unchanged: Callable[[], None]) -> None:
        """`moved()` is called after an answer changed the game, `unchanged()` after one that found its request
        already answered (both tell the presenter's listeners)."""
        self._table = table
        self._make_captain = make_captain
        self._moved = moved
        self._unchanged = unchanged
        self.captains: dict[str, Any] = {}
        #: the side whose captain thinks now (None: none)
        self.thinking: str | None = None
        self._fallback_dice = Dice(0xC5)

    def seat_captains(self, seats: dict[str, str], seed: int) -> None:
        """A new game: a captain for every computer seat, none thinking yet."""
        self.captains = {side: self._make_captain(kind, seed * 7 + i)
                         for i, (side, kind) in enumerate(seats.items()) if kind != HUMAN}
        self.thinking = None

    def move(self) -> ComputerMove | None:
        """The computer captain that must answer now, on a seat over a copy of the game (None: none)."""
        game = self._table.game
        if game is None or game.ended or self.thinking is not None:
            return None
        seats = self._table.seats
        request = next((r for r in game.pending if seats.get(r.side, HUMAN) != HUMAN), None)
        if request is None:
            return None
        self.thinking = request.side
        return ComputerMove(self._table.token, request.side, request, self.captains[request.side],
                            seat_for(game.clone(), request, self.captains[request.side]))

    def answered(self, move: ComputerMove, answer: Any, error: BaseException | None) -> bool:
        """A captain's answer comes back: submitted if its game is still the one in play (else dropped, and
        False). A captain that failed or answered illegally is replaced by a random legal answer."""
        game = self._table.game
        if self.replaced(move) or game is None:
            return False
        self.thinking = None
        if game.pending_for(move.side) is None:
            self._unchanged()
            return True
        if error is not None or not game.submit(move.side, answer):
            log.warning("captain for %s failed (%s); answering at random", move.side, error)
            live = game.pending_for(move.side)
            if live is not None:
                game.submit(move.side, Seat(game, live, PUBLIC).sample(self._fallback_dice))
        self._moved()
        return True

    def replaced(self, move: ComputerMove) -> bool:
        return move.token != self._table.token
