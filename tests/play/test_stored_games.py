"""Issue 9: a stored game replays byte for byte, through every real store — the SQLite library, a .csgame
file and the autosave. Hundreds of short random games (some stopped in the middle of a segment, or of a
simultaneous request, some ended by a voluntary strike) are stored, the stored bytes themselves are read
back (the file, the SQLite column), the game is rebuilt from them, and its fingerprint must equal the
original's. A stored answer whose object keys are written in another order replays to the same game."""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Iterator
from functools import lru_cache
from pathlib import Path
from typing import Any

import pytest

from cs_desktop import SCENARIOS
from cs_desktop.ai.random_policy import RandomCaptain
from cs_desktop.ai.seat import Seat
from cs_desktop.formats.files import load_scenario_with_ships
from cs_desktop.library import Library
from cs_desktop.library.db import library_path
from cs_desktop.play.autosave import AutosaveStore
from cs_desktop.rules.dice import Dice
from cs_desktop.rules.game import Game
from cs_desktop.formats.savegame import game_from_save, load_game, parse_save, save_game

SCENARIO_FILES = sorted(p.name for p in SCENARIOS.glob("*.json"))
GAMES = 200


@lru_cache(maxsize=None)
def _load(name: str):  # type: ignore[no-untyped-def]
    return load_scenario_with_ships(SCENARIOS / name)


def random_game(k: int) -> Game:
    """Game number k: a shipped scenario, varied options, random captains; stopped after a random number of
    decisions (so often mid-segment, or with only one side of a simultaneous request answered)."""
    rng = Dice(9_000 + k)
    scenario, ships = _load(SCENARIO_FILES[k % len(SCENARIO_FILES)])
    options: dict[str, Any] = {"turn_limit": 1 + rng.below(3), "bridge_cards": rng.below(4) > 0,
                               "bonus_cards": rng.below(3) > 0}
    if rng.below(4) == 0:
        options["relativity"] = rng.choice(("standard", "fractional", "zero"))
    if rng.below(6) == 0:
        options["bid"] = {scenario.sides[rng.below(2)].id: 1 + rng.below(20)}
    seed = rng.below(2**62) if k % 5 else k
    game = Game(scenario, ships, seed, options)
    captains = {s.id: RandomCaptain(seed + i) for i, s in enumerate(scenario.sides)}
    stop = rng.below(70)
    for _ in range(stop):
        if not game.pending:
            break
        request = game.pending[0]
        assert game.submit(request.side, captains[request.side].choose(Seat(game, request)))
    if k % 11 == 0 and not game.ended:
        assert game.strike_colors(scenario.sides[k % 2].id)
    return game


def reorder(value: Any) -> Any:
    """The same JSON value with every object's keys written in reverse order."""
    if isinstance(value, dict):
        return {k: reorder(value[k]) for k in reversed(list(value))}
    if isinstance(value, list):
        return [reorder(v) for v in value]
    return value


def _record(game: Game) -> tuple[str, str]:
    """What must survive a store: the fingerprint (state, events, pending requests) and the saved data."""
    return game.fingerprint(), json.dumps(game.save_data(), sort_keys=True)


def _same_save(rebuilt: Game, game: Game, record: tuple[str, str] | None = None) -> None:
    fingerprint, data = record or _record(game)
    assert rebuilt.fingerprint() == fingerprint
    assert rebuilt.decisions == game.decisions
    assert json.dumps(rebuilt.save_data(), sort_keys=True) == data


@pytest.fixture
def stores(tmp_path: Path) -> Iterator[tuple[Library, Path, AutosaveStore]]:
    library = Library.open(tmp_path / "data", import_shipped=False)
    yield library, tmp_path / "saves", AutosaveStore(tmp_path / "autosave")
    library.close()


def _column(db: Path, game_id: int) -> str:
    """The data_json column of a saved game, read straight from the SQLite file."""
    con = sqlite3.connect(db)
    try:
        (text,) = con.execute("SELECT data_json FROM saved_games WHERE id = ?", (game_id,)).fetchone()
    finally:
        con.close()
    assert isinstance(text, str)
    return text


def test_stored_games_replay_byte_for_byte_through_every_store(tmp_path: Path,
                                                               stores: tuple[Library, Path, AutosaveStore]) -> None:
    library, folder, autosave = stores
    db = library_path(tmp_path / "data")
    kinds: set[str] = set()
    for k in range(GAMES):
        game = random_game(k)
        kinds |= {d["kind"] for d in game.decisions}
        record = _record(game)
        # the SQLite library: the column as stored
        entry = library.games.save(game.save_data(), f"game {k}")
        column = _column(db, entry.id)
        assert json.loads(column) == library.games.load(entry.id)
        _same_save(game_from_save(parse_save(column, "library")), game, record)
        # a .csgame file: its bytes
        path = save_game(game, folder / f"game-{k}.csgame", {"seats": {"a": "human"}})
        loaded = load_game(path)  # reads the file's bytes
        _same_save(loaded.game, game, record)
        assert loaded.meta == {"seats": {"a": "human"}}
        # the autosave, the bytes it left and what a resumed session loads
        autosave.write(game, {"title": "autosave"})
        _same_save(load_game(autosave.path).game, game, record)
    assert {"setup", "assign_crew", "select_maneuver", "fire", "strike_colors"} <= kinds


def _multi_key(value: Any) -> bool:
    """Whether an object with two keys or more is somewhere in `value` (so that key order could matter)."""
    if isinstance(value, dict):
        return len(value) > 1 or any(_multi_key(v) for v in value.values())
    return isinstance(value, list) and any(_multi_key(v) for v in value)


def test_stored_answers_with_keys_in_another_order_replay_to_the_same_game(
        tmp_path: Path, stores: tuple[Library, Path, AutosaveStore]) -> None:
    library, folder, _ = stores
    db = library_path(tmp_path / "data")
    checked = 0
    for k in range(0, 60, 3):
        game = random_game(k)
        if not any(_multi_key(d["answer"]) for d in game.decisions):
            continue
        checked += 1
        # a .csgame file whose answers have their keys written in reverse order
        data = json.loads(save_game(game, folder / "g.csgame").read_text(encoding="utf-8"))
        for d in data["decisions"]:
            d["answer"] = reorder(d["answer"])
        text = json.dumps(data, indent=1)
        assert text != json.dumps(json.loads(text), indent=1, sort_keys=True) or not game.decisions
        path = folder / "reordered.csgame"
        path.write_bytes(text.encode("utf-8"))
        _same_save(load_game(path).game, game)
        # the same in the SQLite column, rewritten behind the library's back
        entry = library.games.save(game.save_data(), f"game {k}")
        con = sqlite3.connect(db)
        with con:
            con.execute("UPDATE saved_games SET data_json = ? WHERE id = ?", (text, entry.id))
        con.close()
        assert _column(db, entry.id) == text
        _same_save(game_from_save(parse_save(json.dumps(library.games.load(entry.id)), "library")), game)
    assert checked >= 10
