"""Issue 14 item 2: the fleet list's rows (cs_desktop/play/fleet_list.py) from the screen model only."""

from __future__ import annotations

from pathlib import Path

from cs_desktop.play.fleet_list import fleet_rows, is_fleet
from cs_desktop.play.presenter import PlayPresenter
from cs_desktop.rules.determinize import determinize
from cs_desktop.rules.dice import Dice

from tests.play.test_presenter import quick_captain

ROOT = Path(__file__).resolve().parents[2]
FLEET = ROOT / "scenarios" / "fleets" / "frigate-fleets-12-a-side.json"
JAVA = ROOT / "scenarios" / "constitution-vs-java.json"


def _presenter(path: Path) -> PlayPresenter:
    presenter = PlayPresenter(make_captain=quick_captain)
    presenter.start_file(path, {"us": "human", "gb": "random"}, 2, {"fleet_rules": True})
    return presenter


def test_14_2_a_fleet_is_listed_own_side_first_and_the_enemy_as_seen() -> None:
    presenter = _presenter(FLEET)
    request = presenter.screen().request
    assert request is not None and request.kind == "setup"
    assert presenter.submit(presenter.random_answer(1))  # our set-up: loads chosen
    while presenter.screen().request is None and not presenter.screen().ended:
        move = presenter.computer.move()
        assert move is not None
        presenter.computer.answered(move, move.captain.choose(move.seat), None)
    screen = presenter.screen()
    assert is_fleet(screen)
    rows = fleet_rows(screen)
    assert len(rows) == 24 and all(r.own for r in rows[:12]) and not any(r.own for r in rows[12:])
    assert all(set(r.loads.split()) <= {"PB", "PA", "SB", "SA", "R", "C", "D", "-"} for r in rows[:12])
    assert all(set(r.loads.split()) <= {"PB", "PA", "SB", "SA", "L", "-"} for r in rows[12:])  # types hidden
    assert [r.name for r in rows[:3]] == ["Constitution", "Congress (1)", "Chesapeake (1)"]
    # the same rows whatever the viewer cannot see (the enemy's loads, hand, dice to come)
    game = presenter.game
    assert game is not None
    other = determinize(game, "us", Dice(77))
    presenter.game = other
    presenter._screen_key = None
    assert fleet_rows(presenter.screen()) == rows


def test_14_2_a_duel_is_not_a_fleet() -> None:
    assert not is_fleet(_presenter(JAVA).screen())


def test_r9_1f_a_ship_aground_is_listed_aground() -> None:
    """Ruling R9.1f: the fleet list's status of a ship aground says so (terrain is public: in every view)."""
    presenter = _presenter(ROOT / "scenarios" / "fleets" / "frigates-among-the-shoals.json")
    game = presenter.game
    assert game is not None
    game.state.ships["congress"].aground = True
    presenter._screen_key = None
    status = {r.name: r.status for r in fleet_rows(presenter.screen())}
    assert "aground" in status["Congress"] and "aground" not in status["Chesapeake"]
