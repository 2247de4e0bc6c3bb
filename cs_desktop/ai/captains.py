"""The computer captains on offer, by name. A captain answers a request for its side:
`captain.choose(game, request)`. It reads only `game.view(request.side)` and the request — what a human in its
seat would see (BRIEF §1) — and thinks with its own seeded dice, never the game's."""

from __future__ import annotations

from typing import Any, Protocol

from cs_desktop.rules.decisions import Request
from cs_desktop.rules.game import Game


class Captain(Protocol):
    def choose(self, game: Game, request: Request) -> Any: ...


def make_captain(name: str, seed: int) -> Captain:
    from cs_desktop.ai.random_policy import RandomCaptain

    if name == "random":
        return RandomCaptain(seed)
    if name == "simple":
        from cs_desktop.ai.simple import SimpleCaptain

        return SimpleCaptain(seed)
    if name == "judgment":
        from cs_desktop.ai.judgment import JudgmentCaptain

        return JudgmentCaptain(seed)
    raise ValueError(f"unknown captain {name!r}; choose from {CAPTAINS}")


CAPTAINS = ("simple", "random", "judgment")
