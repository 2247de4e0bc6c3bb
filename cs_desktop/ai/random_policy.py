"""The simplest computer captain: a random legal answer to every request, from its own seeded dice (so its
choices never change the game's dice)."""

from __future__ import annotations

from typing import Any

from cs_desktop.ai.seat import PUBLIC, Seat, seat_for
from cs_desktop.rules.decisions import Request
from cs_desktop.rules.dice import Dice
from cs_desktop.rules.game import Game


class RandomCaptain:
    def __init__(self, seed: int) -> None:
        self.dice = Dice(seed ^ 0x5EA5)

    def needs(self, request: Request) -> frozenset[str]:
        return PUBLIC

    def choose(self, seat: Seat) -> Any:
        return seat.sample(self.dice)


def play_out(game: Game, captains: dict[str, Any], max_decisions: int = 100_000) -> Game:
    """Answer every pending request with the side's captain until the game ends."""
    for _ in range(max_decisions):
        pending = game.pending
        if not pending:
            return game
        request = pending[0]
        result = game.submit(request.side, captains[request.side].choose(seat_for(game, request, captains[request.side])))
        if not result:
            raise RuntimeError(f"captain for {request.side} gave an illegal answer: {result}")
    raise RuntimeError("game did not finish within the decision limit")
