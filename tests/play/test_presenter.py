"""Issue 11 item 1: the Qt-free play presenter (cs_desktop/play/presenter.py), driven headless.

The presenter owns the game; the window draws only its screen model. These tests play whole games through it
(a human seat answered as the orders panel would, a computer captain through `computer_move`), check the
hotseat curtain, undo and saving, and prove the screen model and the board's help fair: a game with other
hidden things (the enemy's loads, maneuvers, hand, deck and the dice to come) gives the same screen.
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from cs_desktop.ai import captains
from cs_desktop.play.presenter import PlayPresenter
from cs_desktop.play.turn_flow import StandingOrders
from cs_desktop.rules import advice
from cs_desktop.rules.determinize import determinize
from cs_desktop.rules.dice import Dice
from cs_desktop.rules.game import Game

from tests.rules.test_determinize import _games, _walk

ROOT = Path(__file__).resolve().parents[2]
JAVA = ROOT / "scenarios" / "constitution-vs-java.json"


def headless(presenter: PlayPresenter, seed: int, most: int = 4000) -> int:
    """Play on until the game ends: the human at the screen answers at random (from his seat, as the orders
    panel's random answer does), the computer through computer_move/computer_answered. Returns answers given."""
    given = 0
    for _ in range(most):
        screen = presenter.screen()
        if screen.ended:
            return given
        if screen.curtain:
            presenter.confirm_handover()
            continue
        if screen.request is not None:
            assert presenter.submit(presenter.random_answer(seed + given))
            given += 1
            continue
        move = presenter.computer.move()
        assert move is not None, "nothing asked of anybody, and the game goes on"
        assert presenter.computer.answered(move, move.captain.choose(move.seat), None)
    raise AssertionError("the game did not end")


def quick_captain(kind: str, seed: int) -> Any:
    return captains.make_captain(kind, seed)  # no time cap: the same game on any machine


def test_11_1_a_whole_game_through_the_presenter_alone() -> None:
    presenter = PlayPresenter(make_captain=quick_captain)
    seen: list[int] = []
    presenter.subscribe(lambda: seen.append(1))
    presenter.start_file(JAVA, {"us": "human", "gb": "easy"}, 5, {"turn_limit": 4})
    first = presenter.screen()
    assert first.has_game and first.viewer == "us" and first.title and not first.curtain
    assert [s.id for s in first.ships] and all(s.own == (s.side == "us") for s in first.ships)
    assert first.view is not None and first.view == presenter.game.view("us")  # type: ignore[union-attr]
    headless(presenter, 7)
    end = presenter.screen()
    assert end.ended and end.viewer is None and end.result is not None and "sides" in end.result
    assert end.end_reason and not end.can_strike and not end.can_undo
    assert len(seen) > 10  # the listeners heard every change


def test_11_1_the_same_seed_and_answers_give_the_same_game() -> None:
    games = []
    for _ in range(2):
        presenter = PlayPresenter(make_captain=quick_captain)
        presenter.start_file(JAVA, {"us": "human", "gb": "simple"}, 9, {"turn_limit": 3})
        headless(presenter, 3)
        assert presenter.game is not None
        games.append(presenter.game.fingerprint())
    assert games[0] == games[1]


def test_11_1_hotseat_shows_nothing_behind_the_curtain() -> None:
    presenter = PlayPresenter(make_captain=quick_captain)
    presenter.start_file(JAVA, {"us": "human", "gb": "human"}, 4, {})
    screen = presenter.screen()
    assert screen.curtain and screen.view is None and screen.request is None
    assert presenter.advice() is None
    presenter.confirm_handover()
    screen = presenter.screen()
    assert not screen.curtain and screen.viewer is not None and screen.view is not None
    assert screen.request is not None and screen.request.side == screen.viewer


def test_11_1_undo_strike_and_save_through_the_presenter(tmp_path: Path) -> None:
    presenter = PlayPresenter(make_captain=quick_captain)
    presenter.standing.orders = StandingOrders(ask_everything=True)
    presenter.start_file(JAVA, {"us": "human", "gb": "human"}, 4, {})
    presenter.confirm_handover()
    side = presenter.screen().viewer
    before = presenter.screen().key[1]
    assert presenter.submit(presenter.random_answer(1))
    assert presenter.screen().key[1] == before + 1
    if presenter.curtain:
        presenter.confirm_handover()
    if presenter.screen().viewer == side and presenter.can_undo():
        assert presenter.undo() and presenter.screen().key[1] == before
    assert presenter.files.at_risk()
    path = presenter.files.save(tmp_path / "g.csgame")
    assert not presenter.files.at_risk() and presenter.screen().last_message.startswith("Saved to")
    again = PlayPresenter(make_captain=quick_captain)
    again.load(path)
    assert again.game is not None and presenter.game is not None
    assert again.game.fingerprint() == presenter.game.fingerprint()
    if presenter.curtain:
        presenter.confirm_handover()
    assert presenter.strike_colors() and presenter.screen().ended


def test_11_1_a_refused_answer_is_said_with_its_rule() -> None:
    presenter = PlayPresenter(make_captain=quick_captain)
    presenter.start_file(JAVA, {"us": "human", "gb": "easy"}, 5, {})
    assert not presenter.submit({"nonsense": True})
    assert presenter.screen().last_message.startswith("Refused (")


class _NoUndo(PlayPresenter):
    """Undo depends on the game's history (the player's own last decision and whatever came after it), which a
    redrawn copy does not keep (its decisions do not replay): left out of the comparison."""

    def can_undo(self) -> bool:
        return False


def _fair_presenter(game: Game, side: str) -> PlayPresenter:
    presenter = _NoUndo(make_captain=lambda kind, seed: None)
    presenter.standing.orders = StandingOrders(ask_everything=True)  # nothing answered for the player
    other = {s: "random" for s in game.state.sides if s != side}
    presenter.new_game(game, {side: "human", **other}, None)
    return presenter


def _help(presenter: PlayPresenter, game: Game) -> list[Any]:
    """Everything the board and the orders panel would show as help for the request on screen."""
    screen = presenter.screen()
    request, fair = screen.request, presenter.advice()
    out: list[Any] = []
    if request is None or fair is None or not request.ships:
        return out
    enemies = [s.id for s in screen.ships if not s.own]
    for ship in request.ships:
        if request.kind == "select_maneuver":
            out.append(fair.maneuver_previews(ship))
        elif request.kind == "fire":
            out.append(fair.firing_picture(ship))
            for target in enemies:
                for sections in (["port_bow", "port_aft"], ["starboard_bow", "starboard_aft"]):
                    try:
                        out.append(fair.shot_odds(ship, target, sections))
                    except Exception as e:  # noqa: BLE001 - a shot the rules do not allow: its refusal
                        out.append(repr(e))
    return out


@pytest.mark.parametrize("index", range(3))
def test_11_1_the_screen_and_its_help_are_the_same_whatever_the_player_cannot_see(index: int) -> None:
    game, seed = _games()[index]
    kinds: set[str] = set()
    for step, g in enumerate(_walk(game, seed)):
        if step % 3:
            continue
        for side in g.state.sides:
            variant = determinize(g, side, Dice(90_000 + step))  # the same view, other hidden things
            assert variant.view(side) == g.view(side)
            truth, twin = _fair_presenter(g.clone(), side), _fair_presenter(variant, side)
            # the key counts the decisions of the game's history, which a redrawn copy tells differently
            assert replace(truth.screen(), key=()) == replace(twin.screen(), key=()), (index, step, side)
            assert _help(truth, g) == _help(twin, variant), (index, step, side)
            if truth.screen().request is not None:
                kinds.add(truth.screen().request.kind)  # type: ignore[union-attr]
    assert {"select_maneuver", "fire"} <= kinds


def test_11_1_fair_previews_match_the_engines_for_the_players_own_ship() -> None:
    """The help priced on the player's view is the engine's own help: nothing a player may use is lost."""
    game, seed = _games()[0]
    compared = 0
    for step, g in enumerate(_walk(game, seed)):
        request = g.pending[0]
        if request.kind not in ("select_maneuver", "fire") or not request.ships:
            continue
        presenter = _fair_presenter(g.clone(), request.side)
        fair = presenter.advice()
        assert fair is not None
        for ship in request.ships:
            if request.kind == "select_maneuver":
                assert fair.maneuver_previews(ship) == advice.maneuver_previews(g.state, ship), step
            else:
                assert fair.firing_picture(ship) == advice.firing_picture(g.state, ship), step
            compared += 1
    assert compared > 5
