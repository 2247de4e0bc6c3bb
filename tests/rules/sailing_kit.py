"""Helpers for building exact sailing situations: fixed speeds, chosen dice, re-running a segment."""

from __future__ import annotations

from cs_desktop.rules import movement_rates
from cs_desktop.rules.dice import Dice


def fix_speeds(monkeypatch, speeds):
    """Every turn, 7.0 gives each ship the listed speed (others keep the rules' value)."""
    real = movement_rates.final_speed

    def fixed(ship, base, bonus, halved):
        return speeds[ship.id] if ship.id in speeds else real(ship, base, bonus, halved)

    monkeypatch.setattr(movement_rates, "final_speed", fixed)


def next_dice(game, wanted):
    """Replace the game's dice by a seeded stream whose next d6 results are `wanted` (searched, deterministic)."""
    for seed in range(200_000):
        d = Dice(seed)
        if all(d.d6() == w for w in wanted):
            game.state.dice = Dice(seed)
            return seed
    raise AssertionError(f"no seed gives {wanted}")


def restart_segment(game):
    """Run the current segment again from the (edited) state, e.g. after setting initiative or speeds."""
    game._gen = None
    game._pending = []
    game._answers = {}
    game._run(None)
