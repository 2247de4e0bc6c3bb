"""Who sits at each side of a game: a human at this screen, a level of the computer captain, or a baseline.

The seat kinds the New Game dialog offers, their labels and one-sentence descriptions, what a saved game's
seats become in this version (`seats_from_meta`), and the captain the window makes for a computer seat
(`window_captain`: a level thinks with its time cap, so a slow machine ends a search early).
"""

from __future__ import annotations

from typing import Any

from cs_desktop.ai.captains import CAPTAINS, LEVELS, describe

HUMAN = "human"
#: the computer captain a new computer seat gets, and a save's unknown captain becomes
DEFAULT_COMPUTER = "normal"
#: the captains kept to measure the levels against, offered last
BASELINES = ("simple", "random")
#: seat kinds the New Game dialog offers: a human, a level of the computer captain, or a baseline
SEAT_KINDS = (HUMAN, *LEVELS, *BASELINES)
#: every seat kind a saved game may name (the judgment captain: what easy played until stop 21, kept for old saves)
KNOWN_SEAT_KINDS = (HUMAN, *CAPTAINS)
SEAT_LABELS = {HUMAN: "Human", **{level: f"Computer — {level}" for level in LEVELS},
               "judgment": "Computer — full judgment, no search",
               "simple": "Baseline — simple captain", "random": "Baseline — random captain",
               "paired": "Experiment — paired search", "normal-full": "Experiment — normal, whole budget in fleets"}


def seat_description(kind: str) -> str:
    """One sentence for the player about a seat kind."""
    if kind == HUMAN:
        return "A player at this screen gives this side's orders."
    try:
        return describe(kind)
    except KeyError:
        return ""


def window_captain(kind: str, seed: int) -> Any:
    """A computer captain for the window: a level thinks with its time cap, so a slow machine ends a search
    early; a captain that cannot be made falls back to "random"."""
    from cs_desktop.ai import captains

    try:
        return captains.make_captain(kind, seed, time_cap=True)
    except (ImportError, ValueError):
        return captains.make_captain("random", seed)


def seats_from_meta(meta: dict[str, Any], sides: list[str]) -> tuple[dict[str, str], list[str]]:
    """The seats a saved game names, and what had to be changed (in words for the player): a side the save
    does not seat gets a human for the first side and the default level otherwise; a captain this version does
    not know becomes the default level."""
    raw = meta.get("seats")
    saved: dict[str, Any] = raw if isinstance(raw, dict) else {}
    seats: dict[str, str] = {}
    notes: list[str] = []
    for i, side in enumerate(sides):
        kind = saved.get(side)
        if kind in KNOWN_SEAT_KINDS:
            seats[side] = str(kind)
            continue
        seats[side] = HUMAN if i == 0 and kind is None else DEFAULT_COMPUTER
        if kind is None:
            notes.append(f"the save does not say who plays side {side!r}: {SEAT_LABELS[seats[side]]}")
        else:
            notes.append(f"side {side!r} was played by {str(kind)!r}, which this version does not know: "
                         f"{SEAT_LABELS[seats[side]]} plays it now")
    return seats, notes
