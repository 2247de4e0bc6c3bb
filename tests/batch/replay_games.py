"""Games for the replay tests (tests/play/test_replay.py, tests/gui/library/test_replay_viewer.py): real games played by the
judgment captain on both sides, saved to real files."""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

import cs_desktop
from cs_desktop.formats.files import load_scenario_with_ships
from cs_desktop.rules.game import Game
from cs_desktop.formats.savegame import save_game
from cs_desktop.batch.simulate import play_game

SCENARIO = "constitution-vs-java.json"
SEATS = {"us": "human", "gb": "easy"}


@lru_cache(maxsize=None)
def finished(seed: int = 4) -> Game:
    """A whole game (seed 4: Java is captured in turn 4)."""
    scenario, ships = load_scenario_with_ships(cs_desktop.SCENARIOS / SCENARIO)
    game = play_game(scenario, ships, seed, ("judgment", "judgment"), {"turn_limit": 12})
    assert game.ended
    return game


def cut(game: Game, n: int) -> Game:
    """The same game after its first n decisions (not over)."""
    out = Game.replay(game.scenario, game.cards, game.seed, game.decisions[:n], game.options)
    assert not out.ended
    return out


def write(game: Game, path: Path, seats: dict[str, str] | None = None) -> Path:
    return save_game(game, path, {"seats": dict(SEATS if seats is None else seats), "title": game.scenario.title})
