"""Issue 29, item 9 in the window: the campaign map draws the real coastlines under the areas and ports, the
squadron's track, the weather by the squadron, and zooms and pans like the tactical board."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QGraphicsPathItem, QGraphicsPolygonItem

from cs_desktop.campaign import policy
from cs_desktop.play import sea_chart


def test_the_map_is_a_sea_with_coasts_a_track_and_zoom(make_window: Any, qtbot: Any) -> None:
    window = make_window()
    window.resize(1200, 800)
    control = window.campaign
    presenter = control.start(window.files.library(), "constitution-1812", 3)
    assert presenter is not None
    for _ in range(40):  # to sea and back: the journal's sail and port lines make the track
        req = presenter.request()
        assert req is not None
        if req.kind == "battle":
            assert presenter.resolve()
        else:
            assert presenter.choose(policy.choose(presenter.engine, req))
        if len(presenter.map_model().track) >= 2:
            break
    control.show_page()
    view = control.page.map
    items = view.scene().items()
    land = [i for i in items if isinstance(i, QGraphicsPolygonItem) and i.data(0) == "land"]
    assert len(land) == len(sea_chart.shipped().land)
    assert [i for i in items if isinstance(i, QGraphicsPathItem) and i.data(0) == "track"]
    assert "Natural Earth" in view.toolTip()
    m = presenter.map_model()
    if m.weather:
        assert any(m.weather in item.toPlainText() for item, *_ in view.labels)
    fitted = view.transform().m11()
    view.setFocus()
    qtbot.keyClick(view, Qt.Key.Key_Plus)
    assert view.transform().m11() > fitted * 1.1
    for _ in range(40):
        view.zoom_by(1.5)
    assert abs(view.transform().m11() / fitted - 12.0) < 1e-6  # never closer than MAX_ZOOM
    for _ in range(40):
        view.zoom_by(0.5)
    assert abs(view.transform().m11() - fitted) < 1e-9  # never farther than the fitted chart
    view.zoom_by(2.0)
    qtbot.keyClick(view, Qt.Key.Key_Home)
    assert abs(view.transform().m11() - fitted) < 1e-9 and view.zoom == 1.0
