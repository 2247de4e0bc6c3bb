"""The scenario designer's board preview names its ships from the scenario and its cards (issue 11, item 7).

API tested: scenario_views.ship_names, set_up_view; ScenarioDesigner's board preview.
Actions: a scenario with the same card twice on one side, named from the scenario; the designer showing it.
Expected: the names are keyed by the ids the game gives the ships (the card id, then `<id>-2`), each the name on
its card, numbered when a card is used twice (as the game designates them), and the preview draws exactly those ships.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from cs_desktop.gui.editors.scenario_designer import ScenarioDesigner
from cs_desktop.gui.editors.scenario_views import set_up_view, ship_names
from cs_desktop.library import Library


@pytest.fixture
def lib(tmp_path: Path) -> Iterator[Any]:
    library = Library.open(path=tmp_path / "lib.sqlite3")
    yield library
    library.close()


def _two_javas(lib: Any) -> tuple[Any, dict[str, Any]]:
    scenario, cards = lib.get_scenario_with_ships("constitution-vs-java")
    data = scenario.model_dump(mode="json")
    java = data["sides"][1]["ships"][0]
    data["sides"][1]["ships"].append({**java, "start": [22, 14]})  # a second Java, two squares off the first
    return type(scenario).model_validate(data), cards


def test_ships_are_named_from_the_scenario_and_its_cards(lib: Any) -> None:
    scenario, cards = _two_javas(lib)
    names = ship_names(scenario, cards)
    assert names == {"constitution": "Constitution", "java": "Java (1)", "java-2": "Java (2)"}  # as in the game
    assert set(set_up_view(scenario, cards)["ships"]) == set(names)


def test_the_designer_preview_draws_the_ships_it_names(qtbot: Any, lib: Any) -> None:
    designer = ScenarioDesigner(lib, "constitution-vs-java")
    qtbot.addWidget(designer)
    assert designer.scenario is not None
    assert set(designer.board.ship_items) == set(ship_names(designer.scenario, designer.cards)) == {
        "constitution", "java"}
