"""Issue 27 item 6 in the window: Orders → What would the captain do? shows the hard captain's top choices at
the player's decision, with their chances; the game is not touched; in a campaign battle it is off until the
player turns it on. The test waits for the dialog's own signal (the answer), never for a time."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QSettings

from cs_desktop.gui.dialogs.captain_advice import CAMPAIGN_KEY, CaptainAdviceDialog
from cs_desktop.play.captain_advice import ask_captain

from tests.play.test_captain_advice import _fire_point


def _job(game: Any, request: Any) -> Any:
    copy, seed = game.clone(), 1 + len(game.decisions)
    return lambda progress: ask_captain(copy, request, seed, progress=progress)


def test_27_6_the_window_asks_the_captain_and_shows_its_choices(qtbot: Any, tmp_path: Any) -> None:
    game, request = _fire_point()
    before = game.fingerprint()
    settings = QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat)
    dialog = CaptainAdviceDialog(_job(game, request), settings, campaign=False)
    qtbot.addWidget(dialog)
    # the answer comes as a signal; the timeout is a failure guard only, not a wait for the machine's speed
    qtbot.waitUntil(lambda: dialog.advice is not None, timeout=600_000)
    assert dialog.advice == ask_captain(game, request, 1 + len(game.decisions))
    text = dialog.text.toPlainText()
    assert "1. " in text and "to win" in text and "Its plan" in text
    assert game.fingerprint() == before


def test_27_6_off_in_a_campaign_battle_until_the_player_turns_it_on(qtbot: Any, tmp_path: Any) -> None:
    game, request = _fire_point()
    settings = QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat)
    dialog = CaptainAdviceDialog(_job(game, request), settings, campaign=True)
    qtbot.addWidget(dialog)
    assert "off in campaign battles" in dialog.status.text() and dialog.advice is None
    with qtbot.waitSignal(dialog._finished, timeout=600_000):
        dialog.allow.setChecked(True)
    assert settings.value(CAMPAIGN_KEY, type=bool) is True
    qtbot.waitUntil(lambda: dialog.advice is not None, timeout=600_000)
