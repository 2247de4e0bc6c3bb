"""The computer captains on offer, by name. A captain answers a request for its side: `captain.choose(seat)`.
It is never given the game: the `Seat` (cs_desktop/ai/seat.py) shows only the side's view, the request, and
copies of the game consistent with that view (hidden parts drawn from the captain's own dice) — what a human
in its seat could know (BRIEF §1). So a captain is fair by construction, and it thinks with its own seeded
dice, never the game's."""

from __future__ import annotations

from typing import Any, Protocol

from cs_desktop.ai.seat import Seat


class Captain(Protocol):
    def choose(self, seat: Seat) -> Any: ...


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
