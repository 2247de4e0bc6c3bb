"""Issue 29 item 5 in the real window, offscreen: the port screen shows the flagship's officers and the refits
and draft on offer; a refit chosen by its check box and ordered by the button goes through the presenter to the
engine, is paid, puts her in the yard (the orders offer no sailing) and is saved with the career."""

from __future__ import annotations

from typing import Any

from PySide6.QtWidgets import QApplication

from cs_desktop.campaign.state import ShipRecord, adjust, join
from cs_desktop.play.campaign_presenter import CampaignPresenter
from cs_desktop.rules.cards import SECTION_NAMES
from tests.gui.conftest import click


def test_issue_29_item_5_the_port_screen_orders_a_copper_bottom(make_window: Any, qtbot: Any) -> None:
    window = make_window()
    presenter = window.campaign.start(window.files.library(), "open-career", 1, "FR", 1798)
    assert presenter is not None
    page = window.campaign.page
    s = presenter.engine.state
    adjust(s, None, "money", 2000, "test: prize money")
    page.refresh()
    QApplication.processEvents()
    box = page.works
    assert box is not None
    officers = box.findChild(type(box.cost), "campaign-officers")
    assert officers is not None and "First lieutenant" in officers.text() and "Marine officer" in officers.text()
    assert set(box.refits) == {"copper", "carronades", "long-guns", "boats"}
    assert box.refits["copper"].isEnabled() and not box.button.isEnabled()  # nothing chosen yet
    box.refits["copper"].setChecked(True)
    assert "Cost 800 of" in box.cost.text() and box.button.isEnabled()
    click(qtbot, box.button)
    assert presenter.last_message == "", presenter.last_message
    assert s.works and s.works[0]["refit"] == "copper"
    assert [o["order"] for o in presenter.engine.pending.options if o["order"] != "buy"] == ["refit"]
    QApplication.processEvents()
    assert page.works is not None and any("Coppering" in w for w in page.works.model.in_hand)
    again = CampaignPresenter.resume(window.files.library(), presenter.campaign_id)  # saved as the career's answer
    assert again.engine.state.works == s.works


def test_issue_29_item_5_the_port_screen_refits_a_consort_of_constitution(make_window: Any, qtbot: Any) -> None:
    window = make_window()
    presenter = window.campaign.start(window.files.library(), "constitution-1812", 1)
    assert presenter is not None
    page = window.campaign.page
    s = presenter.engine.state
    adjust(s, None, "money", 2000, "test: prize money")
    card = presenter.engine.c.cards["levant"]
    join(s, ShipRecord(id="ship-t-levant", card="levant", name="Levant", role="consort", experience=4,
                       crew=card.crew_points, rigging=card.rigging_points,
                       gunnery={x: len(card.gunnery[x]) for x in SECTION_NAMES}, stores=6, shot=60), "test: a consort")
    page.refresh()
    QApplication.processEvents()
    box = page.works
    assert box is not None
    officers = box.findChild(type(box.cost), "campaign-officers")
    assert officers is not None and "Charles Morris" in officers.text()  # her own first lieutenant
    assert not box.refits["copper"].isEnabled()  # Constitution's hull is fast already
    assert box.ship.count() == 2 and box.ship.isVisibleTo(box)
    box.ship.setCurrentIndex(1)  # Levant
    assert box.refits["copper"].isEnabled() and box.chosen_ship() == "ship-t-levant"
    box.refits["copper"].setChecked(True)
    click(qtbot, box.button)
    assert presenter.last_message == "", presenter.last_message
    assert [(w["ship"], w["refit"]) for w in s.works] == [("ship-t-levant", "copper")]
    assert s.flagship.card == "constitution"
