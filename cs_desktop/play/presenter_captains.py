"""The play presenter's computer captains: which captain must answer what now, on a `Seat` over a copy of
the game (the captain sees only its side's view, the request and determinized copies), and its answer taken
back — dropped if the game was replaced meanwhile. The window runs the captain on a thread between the two
(gui/session.py); a headless test or tool calls `captain.choose(seat)` itself. A part of `PlayPresenter`."""

from __future__ import annotations

import logging
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

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


class ComputerTurns:
    game: Game | None
    seats: dict[str, str]
    captains: dict[str, Any]
    thinking: str | None
    token: int
    _fallback_dice: Dice

    if TYPE_CHECKING:
        def _notify(self) -> None: ...
        def _after_change(self) -> None: ...

    def computer_move(self) -> ComputerMove | None:
        """The computer captain that must answer now, on a seat over a copy of the game (None: none)."""
        game = self.game
        if game is None or game.ended or self.thinking is not None:
            return None
        request = next((r for r in game.pending if self.seats.get(r.side, HUMAN) != HUMAN), None)
        if request is None:
            return None
        self.thinking = request.side
        return ComputerMove(self.token, request.side, request, self.captains[request.side],
                            seat_for(game.clone(), request, self.captains[request.side]))

    def computer_answered(self, move: ComputerMove, answer: Any, error: BaseException | None) -> bool:
        """A captain's answer comes back: submitted if its game is still the one in play (else dropped, and
        False). A captain that failed or answered illegally is replaced by a random legal answer."""
        game = self.game
        if move.token != self.token or game is None:
            return False
        self.thinking = None
        if game.pending_for(move.side) is None:
            self._notify()
            return True
        if error is not None or not game.submit(move.side, answer):
            log.warning("captain for %s failed (%s); answering at random", move.side, error)
            live = game.pending_for(move.side)
            if live is not None:
                game.submit(move.side, Seat(game, live, PUBLIC).sample(self._fallback_dice))
        self._after_change()
        return True

    def replaced(self, move: ComputerMove) -> bool:
        return move.token != self.token
