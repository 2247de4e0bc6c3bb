"""Issue 30 item 1: the play presenter's parts composed, not mixed in — who sits at the screen after a change
(`next_viewer`, the hotseat curtain), undo (`UndoHistory`) and the human seats' orders (`HumanOrders`), each
tested on a real game of the shipped duel (cs_desktop/play/presenter.py, undo_history.py, presenter_orders.py).
"""

from __future__ import annotations

from pathlib import Path

from cs_desktop.formats.files import load_scenario_with_ships
from cs_desktop.play.presenter import next_viewer
from cs_desktop.play.presenter_orders import HumanOrders
from cs_desktop.play.turn_flow import StandingOrders
from cs_desktop.play.undo_history import UndoHistory
from cs_desktop.rules.decisions import Refusal
from cs_desktop.rules.game import Game

ROOT = Path(__file__).resolve().parents[2]
JAVA = ROOT / "scenarios" / "constitution-vs-java.json"


SETUP = {"sail": "medium", "loads": {s: "round" for s in ("port_bow", "port_aft", "starboard_bow", "starboard_aft")}}


def _game(seed: int = 3) -> Game:
    scenario, ships = load_scenario_with_ships(JAVA)
    return Game(scenario, ships, seed=seed)


def _set_up(game: Game) -> Game:
    """Both sides set up: both are asked to assign their crews (5.0)."""
    assert game.submit("gb", {"java": SETUP}) and game.submit("us", {"constitution": SETUP})
    assert [(r.side, r.kind) for r in game.pending] == [("us", "assign_crew"), ("gb", "assign_crew")]
    return game


def test_the_curtain_goes_up_for_the_human_the_game_waits_for() -> None:
    game = _game()
    both = {"us": "human", "gb": "human"}
    assert [r.side for r in game.pending] == ["us", "gb"]
    assert next_viewer(game, both, None, None) == (None, "us")  # nobody at the screen yet: the first asked comes
    assert next_viewer(game, both, "gb", None) == ("gb", None)  # he is asked too: he keeps the screen
    assert next_viewer(game, both, "gb", "us") == ("gb", "us")  # a curtain up stays up until it is taken
    orders = HumanOrders()
    orders.orders = StandingOrders(crew="bears")
    orders.answer(_set_up(game), {"us"})  # his crew answered by his orders: only the other side is asked now
    assert next_viewer(game, both, "us", None) == ("us", "gb")  # the screen is handed over


def test_one_human_keeps_the_screen_and_none_shows_the_referee_view() -> None:
    game = _game()
    assert next_viewer(game, {"us": "human", "gb": "simple"}, None, "gb") == ("us", None)
    assert next_viewer(game, {"us": "simple", "gb": "simple"}, "us", "gb") == (None, None)


def test_the_orders_answer_the_crew_and_say_so() -> None:
    game = _set_up(_game())
    orders = HumanOrders()
    orders.orders = StandingOrders(crew="bears")
    assert orders.answer(game, {"us"}) == [2]  # the third decision, given for the player
    assert [r.side for r in game.pending] == ["gb"]
    assert orders.passed_for("us") == ["T1: " + orders.passed[0][2]] and orders.passed_for("gb") == []
    assert orders.passed[0][2].startswith("5.0: standing order")
    orders.reset()
    assert orders.passed == [] and orders.orders.crew == "bears"  # another game: his standing orders stay


def test_undo_steps_back_over_the_answers_the_orders_gave() -> None:
    game = _set_up(_game())
    orders = HumanOrders()
    orders.orders = StandingOrders(crew="bears")
    given = orders.answer(game, {"us"})
    knowing, unaware = UndoHistory(), UndoHistory()
    knowing.reset(set(given))
    back = unaware.undone(game, 1, "us")  # taken as his own decision: it alone is undone
    assert isinstance(back, Game) and len(back.decisions) == 2
    refused = knowing.undone(game, 1, "us")  # past the orders' answer to his setup, which drew cards: refused
    assert isinstance(refused, Refusal) and refused.rule == "BRIEF 3"
    assert knowing.undone(game, 1, "us") is refused  # worked out once per position
    knowing.undo_to(back)
    assert knowing.answered_for_player == set()  # the answer after the position gone back to is forgotten
