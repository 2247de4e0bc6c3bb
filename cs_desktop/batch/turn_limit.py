"""The one meaning of a turn limit a user gives (`--turn-limit` of simulate, tournament and balance; the
Balance lab and Balance check windows): not given, each scenario plays its own printed limit (none if it
prints none); 0, no limit at all; N, N turns. Imports nothing, so the command line can use it at start."""

from __future__ import annotations

from typing import Any

#: the help of every `--turn-limit`
HELP = ("end each game after this many turns; 0: no limit; not given: each scenario's own printed limit "
        "(none if it prints none)")
#: what an out-of-range `--turn-limit` is told (a scenario's limit is 1 to 200: cards.ScenarioOptions)
PROBLEM = "--turn-limit: give a number of turns from 1 to 200, or 0 for no limit (leave it out: each scenario's own)"
MAXIMUM = 200


def valid(asked: int | None) -> bool:
    return asked is None or 0 <= asked <= MAXIMUM


def turn_limit_options(asked: int | None) -> dict[str, Any]:
    """The game options a user's turn limit gives: None keeps the scenario's own limit (no option), 0 plays
    with none (`turn_limit: null`, which overrides the scenario's), N plays N turns."""
    if asked is None:
        return {}
    return {"turn_limit": asked or None}


def turn_limit_text(asked: int | None) -> str:
    """A user's turn limit in words, for reports: "each scenario's own", "none" or the number."""
    if asked is None:
        return "each scenario's own"
    return str(asked) if asked else "none"
