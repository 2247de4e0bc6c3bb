"""Issue 30 item 7: randomness only through the dice.

A game is its scenario, seed and decisions: replaying the decisions from the seed must roll the same dice. That
holds only while every draw of the engine comes from the state's seeded `Dice` (rules/dice.py, SplitMix64 over
a seed and a counter, written out in the module: it wraps no other generator). So no module of the engine, nor
any module of the package it imports, may reach Python's `random`, `secrets`, `uuid`, `os.urandom`, the clock
(`time`, `datetime`) or the salted built-in `hash`, at the top, inside a function or under TYPE_CHECKING alike.
The second half shows why: a roll drawn outside the dice API makes the pinned games stop replaying.
"""

from __future__ import annotations

import ast
import gzip
import hashlib
import json
import random
from pathlib import Path
from typing import Any

import pytest

import cs_desktop
from cs_desktop.formats.files import load_scenario_with_ships
from cs_desktop.rules import initiative, rolls
from cs_desktop.rules.game import Game
from cs_desktop.rules.referee import Referee
from cs_desktop.rules.rolls import Roll

PACKAGE = Path(cs_desktop.__file__).parent
ROOT = PACKAGE.parent
#: modules whose import alone is a source of randomness or of the time of day
FORBIDDEN_MODULES = {"random", "secrets", "uuid", "time", "datetime", "numpy", "_random", "zoneinfo"}
#: names that draw from the operating system's entropy (os.urandom, os.getrandom, random.SystemRandom)
FORBIDDEN_NAMES = {"urandom", "getrandom", "SystemRandom"}


def _module_file(name: str) -> Path | None:
    """The package's file for module `name` (a module or a package's __init__), None outside the package."""
    if name != "cs_desktop" and not name.startswith("cs_desktop."):
        return None
    base = PACKAGE.parent.joinpath(*name.split("."))
    for path in (base.with_suffix(".py"), base / "__init__.py"):
        if path.is_file():
            return path
    return None


def _imports(tree: ast.AST) -> list[str]:
    names: list[str] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names += [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
            names.append(node.module)
            names += [f"{node.module}.{a.name}" for a in node.names]
    return names


def offences(path: Path) -> list[str]:
    """Where the file at `path` reaches a source of randomness or the clock, one line each."""
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import | ast.ImportFrom):
            modules = [a.name for a in node.names] if isinstance(node, ast.Import) else [node.module or ""]
            names = [] if isinstance(node, ast.Import) else [a.name for a in node.names]
            if any(m.split(".")[0] in FORBIDDEN_MODULES for m in modules) or FORBIDDEN_NAMES & set(names):
                found.append(f"{path.name}:{node.lineno}: {ast.unparse(node)}")
        elif isinstance(node, ast.Attribute) and node.attr in FORBIDDEN_NAMES:
            found.append(f"{path.name}:{node.lineno}: {ast.unparse(node)}")
        elif isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "hash":
            found.append(f"{path.name}:{node.lineno}: {ast.unparse(node)} (salted per process for text)")
    return found


def engine_files() -> list[Path]:
    """Every file of cs_desktop/rules and every module of the package they import, followed to the end."""
    todo = sorted((PACKAGE / "rules").glob("*.py"))
    seen: set[Path] = set()
    while todo:
        path = todo.pop()
        if path in seen:
            continue
        seen.add(path)
        for name in _imports(ast.parse(path.read_text(encoding="utf-8"))):
            found = _module_file(name)
            if found is not None and found not in seen:
                todo.append(found)
    return sorted(seen)


def test_30_7_nothing_in_the_engine_reaches_random_the_os_or_the_clock() -> None:
    files = engine_files()
    assert PACKAGE / "rules" / "dice.py" in files and PACKAGE / "__init__.py" in files  # the walk went through
    assert [hit for path in files for hit in offences(path)] == []


@pytest.mark.parametrize("line", [
    "import random", "from random import randint", "import secrets", "import time", "from time import monotonic",
    "from datetime import datetime", "import os\nx = os.urandom(8)", "from os import urandom", "x = hash('a')",
    "def f():\n    import uuid", "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    import random",
])
def test_30_7_the_scan_finds_each_kind_of_draw(tmp_path: Path, line: str) -> None:
    bad = tmp_path / "bad.py"
    bad.write_text(line + "\n", encoding="utf-8")
    assert offences(bad)


# --------------------------------------------------------------------- a roll outside the dice breaks replay
PINNED = json.loads(gzip.decompress((ROOT / "tests" / "data" / "pinned-games.json.gz").read_bytes()))["games"]


class _FromRandom:
    """What a segment drawing from Python's `random` would roll: faces 1-6, none from the game's seeded dice."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def d6(self) -> int:
        return self.rng.randint(1, 6)


def _replay_hash(g: dict[str, Any]) -> str | None:
    """The sha256 of the replayed game's fingerprint, as the pins hold it; None if a decision no longer fits."""
    scenario, ships = load_scenario_with_ships(ROOT / "scenarios" / g["scenario"])
    try:
        game = Game.replay(scenario, ships, g["seed"], g["decisions"], g["options"])
    except ValueError:  # the game asked something else than was recorded
        return None
    return hashlib.sha256(game.fingerprint().encode()).hexdigest()


def test_30_7_a_roll_outside_the_dice_api_breaks_the_replay(monkeypatch: pytest.MonkeyPatch) -> None:
    """The initiative roll (6.0) drawn from `random` instead of the state's dice: the recorded decisions no longer
    replay to the pinned game (while the same replay with the dice matches its pin)."""
    g = next(g for g in PINNED if g["scenario"] == "constitution-vs-java.json")
    assert _replay_hash(g) == g["fingerprint"]
    foreign = random.Random(30)
    drawn: list[str] = []

    def initiative_from_random(game: Referee, side: str, n: int, purpose: str, rule: str, *args: Any,
                               **kwargs: Any) -> Roll:
        dice, game.state.dice = game.state.dice, _FromRandom(foreign)  # type: ignore[assignment]
        try:
            drawn.append(side)
            return rolls.roll_now(game, side, n, purpose, rule, *args, **kwargs)
        finally:
            game.state.dice = dice

    monkeypatch.setattr(initiative, "roll_now", initiative_from_random)
    assert _replay_hash(g) != g["fingerprint"]
    assert drawn  # the segment did roll through the replacement
