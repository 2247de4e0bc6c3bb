"""Issue 12: `Game.lazy_checkpoints()` copies no state at segment starts and rebuilds a segment's checkpoint
only when asked. A lazy game must play, copy, determinize and undo exactly as an eager one: the pinned games
are replayed both ways in lockstep and compared, state dict for state dict, at many irregular points (so that
checkpoints are rebuilt from chains of every length, and from copies of lazy games)."""

from __future__ import annotations

import gzip
import hashlib
import json
from pathlib import Path
from typing import Any

import pytest

from cs_desktop.formats.files import load_scenario_with_ships
from cs_desktop.rules.determinize import determinize
from cs_desktop.rules.dice import Dice
from cs_desktop.rules.game import Game

ROOT = Path(__file__).resolve().parents[2]
PINNED = json.loads(gzip.decompress((ROOT / "tests" / "data" / "pinned-games.json.gz").read_bytes()))["games"]
#: one game of every shipped scenario (the first pinned one), then every 15th pinned game
SAMPLE = sorted({min(i for i, g in enumerate(PINNED) if g["scenario"] == s) for s in {g["scenario"] for g in PINNED}}
                | set(range(0, len(PINNED), 15)))


def _play(game: Game, d: dict[str, Any]) -> None:
    result = game.strike_colors(d["side"]) if d["kind"] == "strike_colors" else game.submit(d["side"], d["answer"])
    assert result, result


def eager_and_lazy(g: dict[str, Any]) -> tuple[Game, Game]:
    """Pinned game `g` at its start twice: as the window plays it (eager checkpoints) and as `simulate` does (lazy)."""
    scenario, ships = load_scenario_with_ships(ROOT / "scenarios" / g["scenario"])
    eager = Game(scenario, ships, g["seed"], g["options"])
    lazy = Game(scenario, ships, g["seed"], g["options"])
    lazy.lazy_checkpoints()
    return eager, lazy


def _start(game: Game) -> Any:
    """The running segment's checkpoint (an ended game keeps a stale one only when eager: nothing reads it)."""
    checkpoint = game.segment_start() if game._gen is not None else None
    return None if checkpoint is None else (checkpoint[0].to_dict(), checkpoint[1])


def _whole(game: Game) -> Any:
    """Everything a copy is: fingerprint, checkpoint, this segment's answers, decisions."""
    return (game.fingerprint(), _start(game), repr(game._segment_answers), repr(game._answers), game.decisions)


def _same(eager: Game, lazy: Game, k: int) -> None:
    assert lazy.fingerprint() == eager.fingerprint()
    assert _start(lazy) == _start(eager)
    assert _whole(lazy.clone()) == _whole(eager.clone())
    for side in sorted({r.side for r in eager.pending}):
        assert _whole(determinize(lazy, side, Dice(k))) == _whole(determinize(eager, side, Dice(k)))
        if k % 4 == 0 and eager.can_undo(side):  # (undo replays the whole game: checked at a quarter of the points)
            undone_e, undone_l = eager.undo(side), lazy.undo(side)
            assert isinstance(undone_e, Game) and isinstance(undone_l, Game)
            assert undone_l.fingerprint() == undone_e.fingerprint()


@pytest.mark.parametrize("index", SAMPLE)
def test_a_lazy_game_copies_determinizes_and_undoes_as_an_eager_one(index: int) -> None:
    g = PINNED[index]
    eager, lazy = eager_and_lazy(g)
    rng = Dice(index)
    branch: tuple[Game, Game] | None = None
    for n, d in enumerate(g["decisions"]):
        _play(eager, d)
        _play(lazy, d)
        if branch is not None:  # a copy of a lazy game, made earlier, goes on lazily too
            _play(branch[0], d)
            _play(branch[1], d)
        if rng.below(12) == 0 or n == len(g["decisions"]) - 1:  # irregular: chains of every length
            _same(eager, lazy, n)
            if branch is not None:
                _same(*branch, n + 1)
            if rng.below(3) == 0:
                branch = (eager.clone(), lazy.clone())
    assert hashlib.sha256(lazy.fingerprint().encode()).hexdigest() == g["fingerprint"]


def test_a_lazy_game_that_is_never_copied_plays_every_pinned_game_as_pinned() -> None:
    for g in PINNED[::5]:
        scenario, ships = load_scenario_with_ships(ROOT / "scenarios" / g["scenario"])
        lazy = Game(scenario, ships, g["seed"], g["options"])
        lazy.lazy_checkpoints()
        for d in g["decisions"]:
            _play(lazy, d)
        assert lazy._checkpoint is None or lazy.ended or not lazy._history  # nothing was copied on the way
        assert hashlib.sha256(lazy.fingerprint().encode()).hexdigest() == g["fingerprint"], g["seed"]


def test_a_look_ahead_copy_of_a_lazy_game_keeps_no_checkpoint() -> None:
    g = PINNED[0]
    scenario, ships = load_scenario_with_ships(ROOT / "scenarios" / g["scenario"])
    lazy = Game(scenario, ships, g["seed"], g["options"])
    lazy.lazy_checkpoints()
    for d in g["decisions"][:20]:
        _play(lazy, d)
    quick = lazy.clone()
    quick.look_ahead_only()
    for d in g["decisions"][20:40]:
        _play(quick, d)
    assert quick.pending and not quick.copyable
    with pytest.raises(RuntimeError, match="look-ahead"):
        quick.clone()
