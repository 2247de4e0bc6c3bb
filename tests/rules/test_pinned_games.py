"""Issue 12: a speed-up never changes a game.

`tests/data/pinned-games.json.gz` holds 297 games over every shipped scenario (random, heuristic and judgment
captains; both relativity options; the card options off) as scenario, seed, options and decisions, with the
sha256 of each game's fingerprint when it was recorded (`scripts/pin_games.py`). Replaying the decisions must
give the same fingerprints: the same state, the same events, the same requests. A deliberate rules fix re-pins
them in its own commit, saying why.
"""

from __future__ import annotations

import gzip
import hashlib
import json
from pathlib import Path

import pytest

from cs_desktop.formats.files import load_scenario_with_ships
from cs_desktop.rules.game import Game

ROOT = Path(__file__).resolve().parents[2]
PINNED = json.loads(gzip.decompress((ROOT / "tests" / "data" / "pinned-games.json.gz").read_bytes()))["games"]
SCENARIOS = sorted({g["scenario"] for g in PINNED})


def test_the_pins_cover_every_shipped_scenario() -> None:
    assert SCENARIOS == sorted(p.name for p in (ROOT / "scenarios").glob("*.json"))
    assert len(PINNED) >= 250


@pytest.mark.parametrize("scenario_file", SCENARIOS)
def test_pinned_games_replay_to_the_same_fingerprint(scenario_file: str) -> None:
    scenario, ships = load_scenario_with_ships(ROOT / "scenarios" / scenario_file)
    changed = []
    for g in (g for g in PINNED if g["scenario"] == scenario_file):
        game = Game.replay(scenario, ships, g["seed"], g["decisions"], g["options"])
        if hashlib.sha256(game.fingerprint().encode()).hexdigest() != g["fingerprint"]:
            changed.append((g["seed"], g["captains"]))
    assert not changed, f"these games no longer play as pinned (seed, captains): {changed}"


def test_a_changed_decision_changes_the_fingerprint() -> None:
    """The pin can fail: the same game with one answer changed (a different sail at set-up) does not match."""
    g = next(g for g in PINNED if g["decisions"][0]["kind"] == "setup")
    scenario, ships = load_scenario_with_ships(ROOT / "scenarios" / g["scenario"])
    first = dict(g["decisions"][0])
    ship, choice = next(iter(first["answer"].items()))
    other = "medium" if choice["sail"] == "fighting" else "fighting"
    first["answer"] = {**first["answer"], ship: {**choice, "sail": other}}
    second = g["decisions"][1]  # set-up is simultaneous: it is applied when both sides have answered
    game = Game.replay(scenario, ships, g["seed"], [first, second], g["options"])
    full = Game.replay(scenario, ships, g["seed"], g["decisions"][:2], g["options"])
    assert game.fingerprint() != full.fingerprint()
