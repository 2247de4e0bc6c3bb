"""The port screen's prize box and shipyard (rulings RC15.3a, RC15.4a) in the real window, offscreen: a prize
kept by its button, the kept ship chosen for the refit in the ship box and manned there, a ship bought by its
Buy button. The page draws the presenter's models and asks the presenter; the engine checks."""

from __future__ import annotations

from typing import Any

from PySide6.QtWidgets import QApplication

from cs_desktop.campaign import consequences
from cs_desktop.campaign.state import adjust
from tests.gui.conftest import click


def _guerriere() -> dict[str, object]:
    return {"card": "guerriere", "name": "Guerriere", "prisoners": 6, "rigging": 4,
            "gunnery": {"port_bow": 6, "port_aft": 6, "starboard_bow": 6, "starboard_aft": 2}, "quality": "average"}


def test_rc15_3a_the_port_screen_keeps_a_prize_and_refits_her(make_window: Any, qtbot: Any) -> None:
    window = make_window()
    presenter = window.campaign.start(window.files.library(), "constitution-1812", 3)
    assert presenter is not None
    page = window.campaign.page
    engine = presenter.engine
    s = engine.state
    s.port, s.area = None, "north-atlantic"  # home from a cruise with Guerriere as a prize
    s.prizes = [_guerriere()]
    consequences.decide_prize(engine.c, s, "take")
    s.orders, s.stage = {"order": "return", "port": "boston"}, "finish"
    engine._run()
    page.refresh()
    QApplication.processEvents()
    box = page.prize_fate
    assert box is not None and page.option_buttons() == [] and page.port_choices is None
    assert "your share 3000" in box.sell.text() and "prize crew of 1" in box.keep.text()
    assert "values her at 20000" in box.lines.text()
    click(qtbot, box.keep)
    assert presenter.last_message == "" and [x.role for x in s.ships] == ["flagship", "consort"]
    kept = s.ships[1]
    QApplication.processEvents()
    choices = page.port_choices
    assert choices is not None and choices.ship.count() == 2 and choices.ship.currentData() == "constitution"
    choices.ship.setCurrentIndex(1)  # the page redraws the port screen for Guerriere
    QApplication.processEvents()
    choices = page.port_choices
    assert choices is not None and choices.choices["ship"] == kept.id
    assert choices.recruit.maximum() == 6 and choices.repair["rigging"].maximum() == 7
    choices.recruit.setValue(6)
    choices.repair["rigging"].setValue(2)
    assert "cost 80 of" in choices.cost.text()
    QApplication.processEvents()
    click(qtbot, choices.button)
    assert presenter.last_message == "", presenter.last_message
    assert kept.crew == 7 and kept.rigging == 6 and s.date == "1812-09"


def test_rc15_4a_the_port_screen_sells_a_ship(make_window: Any, qtbot: Any) -> None:
    window = make_window()
    presenter = window.campaign.start(window.files.library(), "constitution-1812", 3)
    assert presenter is not None
    page = window.campaign.page
    s = presenter.engine.state
    yard = page.shipyard
    assert yard is not None and not yard.buy["curlew"].isEnabled()
    assert "account holds 300" in yard.buy["curlew"].toolTip()
    assert not any(b.text().startswith("Buy") for b in page.option_buttons())
    adjust(s, None, "money", 1000, "test: prize money")
    page.refresh()
    QApplication.processEvents()
    yard = page.shipyard
    assert yard is not None and yard.buy["curlew"].text() == "Buy Curlew for 1200"
    click(qtbot, yard.buy["curlew"])
    assert presenter.last_message == "" and s.money == 100 and s.ships[1].card == "curlew"
    assert s.date == "1812-07" and "Curlew" in page.ships.text()
    QApplication.processEvents()
    yard = page.shipyard
    assert yard is not None and not yard.buy["curlew"].isEnabled() and yard.buy["curlew"].toolTip() == "bought already"
    again = presenter.resume(presenter.library, presenter.campaign_id)  # written to the library at once
    assert again.engine.state.to_dict() == s.to_dict()
