"""Issue 14 item 2: every ship has a name no other ship in the game shares (cs_desktop/play/designations.py),
the same on the board, the docks, the log and the requests; duels keep their names, the engine is unchanged."""

from __future__ import annotations

from pathlib import Path

import pytest

from cs_desktop.formats.files import load_scenario_with_ships
from cs_desktop.play.designations import Designator, card_names, designations, rename
from cs_desktop.play.presenter import PlayPresenter
from cs_desktop.play.screen import ship_entries
from cs_desktop.rules.game import Game

from tests.play.test_presenter import headless, quick_captain

ROOT = Path(__file__).resolve().parents[2]
FLEET = ROOT / "scenarios" / "fleets" / "frigate-fleets-12-a-side.json"


def _game(path: Path, seed: int = 1) -> Game:
    scenario, ships = load_scenario_with_ships(path)
    return Game(scenario, ships, seed=seed, options={"fleet_rules": True})


def test_14_2_twelve_a_side_every_ship_has_her_own_name() -> None:
    game = _game(FLEET)
    names = designations(game.view(None), game.cards)
    assert len(names) == 24 and len(set(names.values())) == 24
    assert [names[s] for s in ("congress", "congress-2", "congress-3", "congress-4", "congress-5")] == [
        f"Congress ({k})" for k in range(1, 6)]
    assert names["constitution"] == "Constitution"  # a card sailing once keeps her name
    entries = ship_entries(game.view("us"), game.cards, "us")
    assert {e.id: e.name for e in entries} == names


@pytest.mark.parametrize("path", sorted((ROOT / "scenarios").glob("*.json")), ids=lambda p: p.stem)
def test_14_2_shipped_duels_and_the_3_ship_game_keep_their_card_names(path: Path) -> None:
    game = _game(path)
    view = game.view(None)
    assert designations(view, game.cards) == card_names(view, game.cards)
    assert not Designator(view, game.cards).shared


def test_14_2_the_log_names_each_ship_by_her_designation() -> None:
    plain = {"a": "Congress", "b": "Congress", "c": "Shannon"}
    names = {"a": "Congress (1)", "b": "Congress (2)", "c": "Shannon"}
    assert rename("Congress scores 2 hit(s) on Congress", ["b", "a"], plain, names) == \
        "Congress (2) scores 2 hit(s) on Congress (1)"
    assert rename("a gun bursts in Congress's port aft section", ["b"], plain, names) == \
        "a gun bursts in Congress (2)'s port aft section"
    assert rename("Congressional Congress", ["a"], plain, names) == "Congressional Congress (1)"


def test_14_2_the_presenter_log_and_screen_use_designations_and_the_game_is_unchanged() -> None:
    presenter = PlayPresenter(make_captain=quick_captain)
    presenter.start_file(FLEET, {"us": "human", "gb": "random"}, 3, {"fleet_rules": True, "turn_limit": 2})
    headless(presenter, 5)
    screen = presenter.screen()
    assert screen.view is not None and presenter.game is not None
    texts = [str(e["text"]) for e in screen.events() if e.get("ship") == "congress-3"]
    assert texts and all("Congress (3)" in t for t in texts if "Congress" in t)
    raw = presenter.game.events
    assert all("Congress (" not in str(e["text"]) for e in raw)  # the engine's own events are untouched
    assert [e["n"] for e in screen.events()] == [e["n"] for e in raw]
    assert len(set(screen.ship_names.values())) == 24
