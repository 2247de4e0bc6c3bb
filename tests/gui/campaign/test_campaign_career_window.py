"""Issue 29 in the window, offscreen: a mission offered in port is a button in words and is taken by clicking
it; a captain on half-pay sees the court's verdict and the ship he could be given, and waits or retires by
clicking."""

from __future__ import annotations

from typing import Any

from PySide6.QtWidgets import QApplication

from cs_desktop.campaign import career
from cs_desktop.campaign.headless import save_text
from cs_desktop.rules.dice import Dice
from tests.gui.conftest import click


def _button(page: Any, start: str) -> Any:
    QApplication.processEvents()
    found = [b for b in page.option_buttons() if b.text().replace("&", "").startswith(start)]
    assert found, [b.text() for b in page.option_buttons()]
    return found[0]


def test_a_mission_is_offered_in_words_and_taken_by_a_click(make_window: Any, qtbot: Any) -> None:
    window = make_window()
    presenter = window.campaign.start(window.files.library(), "open-career", 1, "US", 1798)
    assert presenter is not None
    page = window.campaign.page
    assert "Missions offered here: 1" in page.details.text()
    button = _button(page, "Mission: Convoy to the West Indies (2 month(s))")
    click(qtbot, button)
    s = presenter.engine.state
    assert any(e["kind"] == "mission" and "Convoy to the West Indies" in e["text"] for e in s.journal)


def test_on_half_pay_the_page_shows_the_verdict_and_offers_wait_and_retire(make_window: Any, qtbot: Any) -> None:
    window = make_window()
    presenter = window.campaign.start(window.files.library(), "constitution-1812", 1)
    assert presenter is not None
    engine = presenter.engine
    s = engine.state
    s.defeat = {"ship": "Constitution", "odds": 1.2, "damage_done": 0.3, "turns": 12}
    career.taken(engine.c, s, Dice(1), "She struck.", "GB")
    engine._run()  # the months of captivity pass, as after a battle lost on the board
    window.campaign.page.refresh()
    page = window.campaign.page
    text = page.details.text()
    assert "Court martial" in text and "acquitted" in text and "The Navy could give him Congress" in text
    click(qtbot, _button(page, "Retire from the sea"))
    assert s.ended and s.end_reason == "retired"
    assert "The career has ended: retired" in page.prompt.text()
    assert save_text(engine)
