"""Build the main window at program start: check the data folder first (cs_desktop/play/startup.py), so no
damaged file can stop the start; then the settings, window layout, recent games and autosave all live in that
folder (so `--data-dir` isolates them); then offer to continue the last unfinished game -- or, after a crash in
the middle of a campaign's battle, that battle (gui/campaign/resume.py)."""

from __future__ import annotations

import os
from pathlib import Path

from PySide6.QtCore import QSettings, QTimer

from cs_desktop.gui.window.main import MainWindow
from cs_desktop.gui.session import GameSession
from cs_desktop.play.autosave import LOCK_NAME, AutosaveStore, default_data_dir
from cs_desktop.play.campaign_mark import CampaignResumable, crashed_campaign_battle, the_offer
from cs_desktop.play.recent import RecentGames
from cs_desktop.play.startup import (
    LAYOUT_NAME,
    SETTINGS_NAME,
    SetAside,
    StartupReport,
    check_data_folder,
    set_aside,
)

def open_main_window(folder: str | os.PathLike[str] | None = None) -> MainWindow:
    """Check the data folder, build and show the window; the damaged-files message and the offer to continue
    come right after (queued, so the window is on screen first)."""
    root = Path(folder) if folder is not None else default_data_dir()
    report = check_data_folder(root)
    settings = _settings(root, report)
    autosave = AutosaveStore(root)
    lock_damaged = any(s.path.name == LOCK_NAME for s in report.set_aside)
    battle = crashed_campaign_battle(autosave, lock_damaged)  # before this session takes the lock
    try:
        found = autosave.start_session()
    except OSError:
        found = None
    if found is None and lock_damaged:
        found = autosave.peek()  # a damaged lock: treat the last session as crashed
    offer = the_offer(found, battle)  # one question: the campaign's battle or the game, whichever was last
    window = MainWindow(GameSession(autosave), settings=settings, autosave=autosave,
                        layout_path=root / LAYOUT_NAME, recent=RecentGames(root))
    window.startup_report = report
    window.show()
    message = report.message()
    if message:
        QTimer.singleShot(0, lambda: window.show_error("Damaged files set aside", message))
    if isinstance(offer, CampaignResumable):
        if found is not None:  # an older unfinished game: kept for later as Not now keeps it (nothing overwrites it)
            QTimer.singleShot(0, lambda: window.keep_for_later(found))
        QTimer.singleShot(0, lambda: window.offer_campaign_battle(offer))
    elif offer is not None:
        QTimer.singleShot(0, lambda: window.offer_resume(offer))
    return window


def _settings(root: Path, report: StartupReport) -> QSettings:
    """Qt's settings in the data folder; one Qt itself cannot parse is set aside like the others."""
    path = root / SETTINGS_NAME
    settings = QSettings(str(path), QSettings.Format.IniFormat)
    if settings.status() == QSettings.Status.FormatError and path.is_file() and not report.other_window:
        item = SetAside("settings file", path, "Qt cannot read it as settings")
        try:
            item.moved_to = set_aside(path)
        except OSError as e:
            item.error = e.strerror or str(e)
        report.set_aside.append(item)
        settings = QSettings(str(path), QSettings.Format.IniFormat)
    return settings


__all__ = ["StartupReport", "open_main_window"]
