"""After a crash in the middle of a campaign's battle, the next start offers that battle (issue 15 item 6, a
leftover): one question naming the campaign, the battle and the turn; Continue puts the battle back on the board
exactly where it stood; Not now leaves the campaign as it stands (Campaign > Continue... resumes it later).

API tested: gui/start.open_main_window (what run_app calls) on the real data folder -- the SQLite library with
the campaign's row, the mark `campaign-battle.json` (play/campaign_mark.py), the session lock -- and
gui/campaign_resume.CampaignResumeOffer.
Actions: start the Constitution campaign, fight its first battle on the board, answer six decisions; simulate the
crash (the session lock left naming a process that is gone, the window never closed); start again; answer
Continue, or Not now and then Campaign > Continue...; start with a damaged mark, a mark naming no campaign, a
campaign whose battle is over or an unreadable campaign row, after a clean exit, and with an older unfinished
game in the autosave.
Expected: the offer names the campaign, "Constitution vs Guerriere" and the turn; Continue: the same decisions,
the same game (fingerprint), the same request on the board; Not now: the campaign's row unchanged, the mark
gone, Continue... later gives the same battle; a damaged mark is set aside and said, the others ask nothing and
the window starts; the older game is kept for later (unfinished-….csgame, Recent games), never overwritten.
"""

from __future__ import annotations

import json
import random
import subprocess
import sys
from pathlib import Path
from typing import Any

from PySide6.QtWidgets import QApplication

from cs_desktop.gui.campaign.resume import CampaignResumeOffer
from cs_desktop.gui.window.main import MainWindow
from cs_desktop.gui.start import open_main_window
from cs_desktop.play.autosave import CAMPAIGN_MARK_NAME, LOCK_NAME
from cs_desktop.play.campaign_mark import FORMAT, CampaignMark
from tests.gui.conftest import answer_with_widgets, click
from tests.gui.campaign.test_campaign_window import _press, _to_the_first_battle
from tests.gui.window.test_main_window import wait_for_request


def _dead_pid() -> int:
    proc = subprocess.Popen([sys.executable, "-c", "pass"])
    proc.wait()
    return proc.pid


def _crash(data: Path) -> None:
    """The program died: its session lock stays, naming a process that no longer runs (nothing was closed)."""
    (data / LOCK_NAME).write_text(f"{_dead_pid()} 0\n", encoding="utf-8")


def _start(qtbot: Any, data: Path) -> MainWindow:
    """The program's own start on `data`, its queued messages and offer shown."""
    window = open_main_window(data)
    qtbot.addWidget(window)
    for _ in range(5):
        QApplication.processEvents()
    return window


def _mid_battle(qtbot: Any, make_window: Any) -> tuple[Any, Any, list[Any], str]:
    """A window in the first battle of the Constitution campaign, six decisions made; the player asked."""
    window = make_window()
    presenter = _to_the_first_battle(window)
    _press(qtbot, window.campaign.page, "Fight on the board")
    rng = random.Random(5)
    while len(window.session.presenter.game.decisions) < 6:
        wait_for_request(qtbot, window)
        answer_with_widgets(qtbot, window, rng)
    wait_for_request(qtbot, window)
    # a request of both sides at once (9.1): the computer's answer comes from its thread when it comes; wait for it,
    # so that no decision reaches the campaign's row after the position is taken
    qtbot.waitUntil(lambda: all(r.side == presenter.engine.state.battle["player_side"]
                                for r in window.session.presenter.game.pending), timeout=10000)
    game = window.session.presenter.game
    return window, presenter, list(game.decisions), game.fingerprint()


def test_15_6_after_a_crash_mid_campaign_battle_the_start_offers_it_and_continue_puts_it_back(
        make_window: Any, qtbot: Any, tmp_path: Path) -> None:
    data = tmp_path / "data"
    window, presenter, decisions, fingerprint = _mid_battle(qtbot, make_window)
    mark = CampaignMark(data).read()
    assert mark is not None and mark.campaign_id == presenter.campaign_id and mark.decisions == len(decisions)
    turn = window.session.presenter.game.state.turn
    _crash(data)

    again = _start(qtbot, data)
    box = again.resume_box
    assert isinstance(box, CampaignResumeOffer) and box.isVisible()
    text = box.text()
    assert presenter.name in text and "did not close properly" in text
    assert text.splitlines()[-1].startswith(f"Continue the battle Constitution vs Guerriere, turn {turn}, ")
    assert "Campaign → Continue…" in box.informativeText()
    click(qtbot, box.continue_button)
    assert again.campaign.battle is not None and again.stack.currentWidget() is again.board
    back = again.session.presenter.game
    assert back.decisions == decisions and back.fingerprint() == fingerprint  # exactly where it stood
    assert again.session.request() is not None  # the same request waits, on the board
    assert again.session.presenter.files.kept_elsewhere() is not None  # still the campaign's battle
    assert not (data / "autosave.csgame").exists()  # the ordinary autosave never held it
    assert CampaignMark(data).read() is not None  # marked again: a second crash is offered too


def test_15_6_not_now_leaves_the_campaign_as_it_stands_and_continue_resumes_it_later(
        make_window: Any, qtbot: Any, tmp_path: Path) -> None:
    data = tmp_path / "data"
    window, presenter, decisions, fingerprint = _mid_battle(qtbot, make_window)
    row = window.files.library().campaigns.load(presenter.campaign_id)
    _crash(data)

    again = _start(qtbot, data)
    box = again.resume_box
    assert isinstance(box, CampaignResumeOffer)
    click(qtbot, box.later_button)
    assert again.campaign.presenter is None and not again.session.screen().has_game  # nothing started
    assert not (data / CAMPAIGN_MARK_NAME).exists()  # not asked again
    assert "Campaign → Continue…" in again.statusBar().currentMessage()
    assert again.files.library().campaigns.load(presenter.campaign_id) == row  # the campaign as it stood

    resumed = again.campaign.resume(again.files.library(), presenter.campaign_id)  # Campaign > Continue...
    assert resumed is not None and again.campaign.battle is not None
    assert again.session.presenter.game.decisions == decisions and again.session.presenter.game.fingerprint() == fingerprint
    again.close()  # a clean exit: nothing is offered at the next start
    assert not again.isVisible() and not (data / CAMPAIGN_MARK_NAME).exists()
    third = _start(qtbot, data)
    assert third.resume_box is None


def _mark(data: Path, campaign_id: int) -> None:
    data.mkdir(parents=True, exist_ok=True)
    (data / CAMPAIGN_MARK_NAME).write_text(json.dumps(
        {"format": FORMAT, "version": 1, "campaign_id": campaign_id, "campaign": "A campaign", "battle": "A battle",
         "turn": 2, "asked": "", "decisions": 9, "saved_at": 1.0}), encoding="utf-8")


def test_15_6_a_damaged_mark_is_set_aside_and_the_program_starts(qtbot: Any, tmp_path: Path) -> None:
    data = tmp_path / "data"
    data.mkdir()
    (data / CAMPAIGN_MARK_NAME).write_bytes(b'{"format": "captains-sea/campaign-battle", "campaign_id": \xff\x00')
    _crash(data)
    window = _start(qtbot, data)
    assert window.isVisible() and window.resume_box is None
    assert [s.path.name for s in window.startup_report.set_aside] == [CAMPAIGN_MARK_NAME]
    assert "campaign battle" in window.startup_report.message()
    assert not (data / CAMPAIGN_MARK_NAME).exists()
    assert any(p.name.startswith(f"{CAMPAIGN_MARK_NAME}.damaged-") for p in data.iterdir())  # kept, never deleted


def test_15_6_a_mark_naming_no_campaign_a_finished_battle_or_an_unreadable_row_asks_nothing(qtbot: Any, tmp_path: Path) -> None:
    from cs_desktop.library import Library
    from cs_desktop.play.campaign_presenter import CampaignPresenter

    data = tmp_path / "data"
    _mark(data, 42)  # no such campaign in the library
    _crash(data)
    window = _start(qtbot, data)
    assert window.resume_box is None and window.isVisible()
    assert "No campaign battle to continue" in window.statusBar().currentMessage()
    assert not (data / CAMPAIGN_MARK_NAME).exists()
    window.close()

    library = Library.open(data)
    try:  # a campaign at its orders: no battle in play in its row
        campaign_id = CampaignPresenter.start(library, "constitution-1812", 3).campaign_id
    finally:
        library.close()
    _mark(data, campaign_id)
    _crash(data)
    window = _start(qtbot, data)
    assert window.resume_box is None and "no battle in play" in window.statusBar().currentMessage()
    window.close()

    import sqlite3

    con = sqlite3.connect(data / "library.sqlite3")  # the campaign's row cut short: unreadable
    with con:
        con.execute("UPDATE campaigns SET state_json = '{\"cut' WHERE id = ?", (campaign_id,))
    con.close()
    _mark(data, campaign_id)
    _crash(data)
    window = _start(qtbot, data)
    assert window.resume_box is None and window.isVisible()
    assert "not readable JSON" in window.statusBar().currentMessage()


def test_15_6_a_mark_after_a_clean_exit_is_not_a_crash(qtbot: Any, tmp_path: Path) -> None:
    data = tmp_path / "data"
    _mark(data, 1)  # no session lock: the last session ended cleanly
    window = _start(qtbot, data)
    assert window.resume_box is None and window.statusBar().currentMessage() == ""


def test_15_6_an_older_unfinished_game_is_kept_for_later_when_the_campaign_battle_is_offered(
        qtbot: Any, tmp_path: Path) -> None:
    import time

    from cs_desktop.campaign import policy
    from cs_desktop.library import Library
    from cs_desktop.play.autosave import AutosaveStore
    from cs_desktop.play.campaign_presenter import CampaignPresenter
    from cs_desktop.formats.savegame import load_game
    from tests.formats.test_savegame import played_game

    data = tmp_path / "data"
    game = played_game(30)
    AutosaveStore(data).write(game, {"seats": {"us": "human", "gb": "simple"}})  # an ordinary game, earlier
    library = Library.open(data)
    try:  # then a campaign's battle on the board, its row holding it
        p = CampaignPresenter.start(library, "constitution-1812", 3)
        while (req := p.request()) is not None and req.kind != "battle":
            assert p.choose(policy.choose(p.engine, req))
        p.battle_progress([])
    finally:
        library.close()
    _mark(data, p.campaign_id)
    mark = json.loads((data / CAMPAIGN_MARK_NAME).read_text(encoding="utf-8"))
    (data / CAMPAIGN_MARK_NAME).write_text(json.dumps(dict(mark, saved_at=time.time() + 60)), encoding="utf-8")
    _crash(data)

    window = _start(qtbot, data)
    assert isinstance(window.resume_box, CampaignResumeOffer)  # one question: the battle played last
    assert not (data / "autosave.csgame").exists()
    kept = [path for path in data.iterdir() if path.name.startswith("unfinished-")]
    assert len(kept) == 1 and load_game(kept[0]).game.fingerprint() == game.fingerprint()  # nothing lost
    assert [Path(e.path) for e in window.recent.entries()] == [kept[0].resolve()]
    click(qtbot, window.resume_box.continue_button)
    assert window.campaign.battle is not None and window.stack.currentWidget() is window.board
