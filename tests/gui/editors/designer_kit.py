"""What the scenario designer tests share: an open designer (their library is the `lib` fixture of
tests/gui/conftest.py)."""

from __future__ import annotations

from typing import Any

from cs_desktop.gui.editors.scenario_designer import ScenarioDesigner


def designer(qtbot: Any, lib: Any, scenario_id: str | None = "constitution-vs-java", **kw: Any) -> ScenarioDesigner:
    """The designer on `scenario_id` (None: a new scenario, or `scenario=` a model), shown and never asking to
    discard."""
    d = ScenarioDesigner(lib, scenario_id, **kw)
    d.ask_discard = lambda: True  # type: ignore[method-assign]
    qtbot.addWidget(d)
    d.show()
    qtbot.waitExposed(d)
    return d
