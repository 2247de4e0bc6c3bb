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


def make_captain(name: str, seed: int, time_cap: bool = False) -> Captain:
    """The captain `name`; `time_cap` lets a level stop thinking early on a slow machine (the window)."""
    from cs_desktop.ai.random_policy import RandomCaptain

    if name == "random":
        return RandomCaptain(seed)
    if name == "simple":
        from cs_desktop.ai.simple import SimpleCaptain

        return SimpleCaptain(seed)
    if name == "judgment":
        from cs_desktop.ai.judgment import JudgmentCaptain

        return JudgmentCaptain(seed)
    if name in LEVELS or name in EXPERIMENTS:
        from cs_desktop.ai.levels import make_level

        return make_level(name, seed, time_cap)
    raise ValueError(f"unknown captain {name!r}; choose from {CAPTAINS}")


#: the levels offered to a player (cs_desktop/ai/levels.py describes each in a sentence)
LEVELS = ("easy", "normal", "hard")
#: searches measured against the levels, not offered to a player (levels.EXPERIMENTS)
EXPERIMENTS = ("crew-search", "paired", "normal-full", "tree-normal", "tree-hard")
#: every captain by name: the levels, the baselines kept for measuring them, and the experiments
CAPTAINS = (*LEVELS, "judgment", "simple", "random", *EXPERIMENTS)


def describe(name: str) -> str:
    """One sentence for the player: what the captain considers and how long it thinks."""
    if name in LEVELS or name in EXPERIMENTS:
        from cs_desktop.ai.levels import EXPERIMENTS as TRIED
        from cs_desktop.ai.levels import LEVELS as DEFINED

        return (DEFINED[name] if name in DEFINED else TRIED[name]).description
    return {"judgment": "The full judgment hard stands on, without a search: the balance lab's captain.",
            "simple": "A baseline of a few rules of thumb, kept to measure the others against.",
            "random": "Answers every question at random; a baseline."}[name]
