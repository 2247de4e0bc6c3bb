"""Issue 12: a copy resumes the running segment at its last step (`Game.mark_step`, `GameState.step`) instead of
its start. Copies made at every decision of pinned games, first ones (made by replaying from the segment's start)
and later ones (made from the state kept at the step), copies of copies, and copies of lazy games must equal the
game and then play on exactly as it does."""

from __future__ import annotations


import pytest

from cs_desktop.formats.files import load_scenario_with_ships
from cs_desktop.rules.dice import Dice
from cs_desktop.rules.game import Game

from tests.rules.test_lazy_checkpoints import PINNED, ROOT, _play, eager_and_lazy

#: the first pinned game of a few scenarios (a duel, the fleets, more sides), then every 40th pinned game
FIRSTS = {g["scenario"]: i for i, g in reversed(list(enumerate(PINNED)))}
SAMPLE = sorted({i for s, i in FIRSTS.items() if "vs" in s or "fleet" in s or "three" in s}
                | set(range(7, len(PINNED), 40)))


def _same(copy: Game, game: Game) -> None:
    assert copy.fingerprint() == game.fingerprint()
    assert copy.state.step == game.state.step
    assert copy.decisions == game.decisions


@pytest.mark.parametrize("index", SAMPLE)
def test_copies_at_every_decision_play_on_as_the_game(index: int) -> None:
    g = PINNED[index]
    game, lazy = eager_and_lazy(g)
    rng = Dice(index)
    followers: list[Game] = []  # copies made on the way, each played on with the game's decisions
    for d in g["decisions"]:
        _play(game, d)
        _play(lazy, d)
        for f in followers:
            _play(f, d)
        first, second = game.clone(), game.clone()  # the second starts from the state kept at the step
        assert first.state.to_dict() == game.state.to_dict() and first.events == game.events
        assert second.state.to_dict() == game.state.to_dict() and second.events == game.events
        assert first.state.step == second.state.step == game.state.step
        assert first.pending == second.pending == game.pending
        if rng.below(8) == 0:
            _same(second, game)
            _same(lazy.clone(), game)
            followers += [first, second.clone(), lazy.clone()]
    for f in followers:
        _same(f, game)


def test_a_copy_made_at_a_step_starts_there() -> None:
    """Mid-impulse, the second copy replays only the answers given since the last step, not the impulse's."""
    g = PINNED[FIRSTS["constitution-vs-java.json"]]
    scenario, ships = load_scenario_with_ships(ROOT / "scenarios" / g["scenario"])
    game = Game(scenario, ships, g["seed"], g["options"])
    seen = set()
    for d in g["decisions"]:
        _play(game, d)
        if game.state.segment.startswith("impulse:") and game._marks:
            game.clone()
            assert game._step is not None and game._step[0].step  # the state at the mark: the step it starts
            assert game._step_at <= len(game._segment_answers)
            step = game._step[0].step
            seen.add(step[:2] if step[0] == "fire" else step[0])
    assert {"order", "moves", "select", ("fire", "announce"), ("fire", "apply"), ("fire", "after")} <= seen


@pytest.mark.parametrize("index", SAMPLE[:4])
def test_a_copy_is_not_changed_by_the_game_playing_on(index: int) -> None:
    """A copy is independent: its state and events stay as they were when it was made while the game it was
    copied from plays on (the crew events once held the ship's own assignment, which damage trims later, so a
    copy's log changed as the original fought on)."""
    g = PINNED[index]
    game, _ = eager_and_lazy(g)
    copies: list[tuple[Game, str]] = []
    for n, d in enumerate(g["decisions"]):
        _play(game, d)
        if n % 5 == 0:
            copy = game.clone()
            copies.append((copy, copy.fingerprint()))
    for copy, made in copies:
        assert copy.fingerprint() == made
