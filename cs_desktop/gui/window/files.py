"""The main window's file actions (`window.files`): a new game (from the dialog, a scenario file or the
library), open, save and save as, the recent games, the library and its editors; errors are shown plainly and
lose nothing. The presenter does the work (play/presenter_files.py); this only asks and reports. It owns the
close guard (Save / Discard / Cancel before a game is replaced or the window closes) and is given what it
uses: the window (the parent of its dialogs and its status bar), the session, the settings, the autosave
folder, the recent games, the board (fitted to the ships of a new game) and the window's way of showing an
error."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

from collections.abc import Callable

from PySide6.QtCore import QSettings, Qt, QTimer
from PySide6.QtWidgets import QFileDialog, QMainWindow, QWidget

from cs_desktop.gui.window.close_guard import CloseGuard
from cs_desktop.gui.dialogs.new_game import NewGameDialog
from cs_desktop.gui.session import GameSession
from cs_desktop.play.autosave import AutosaveStore, default_data_dir
from cs_desktop.play.presenter_files import SAVES_FOLDER, free_path, proposed_name
from cs_desktop.play.recent import RecentGames
from cs_desktop.formats.savegame import SUFFIX, SaveError, load_game


class FileActions:
    """New, open, save, the library."""

    def __init__(self, window: QMainWindow, session: GameSession, settings: QSettings,
                 autosave: AutosaveStore | None, recent: RecentGames, board: Any,
                 show_error: Callable[[str, str], None]) -> None:
        self._window = window
        self.session = session
        self.settings = settings
        self.autosave = autosave
        self.recent = recent
        self.board = board  # BoardView, or the placeholder board (gui/board/placeholder.py)
        self.show_error = show_error
        self.guard = CloseGuard(self)
        self.new_game_dialog: NewGameDialog | None = None
        self.library_browser: Any = None
        self.balance_lab: Any = None
        self._library: Any = None
        #: the game whose end was shown (its screen key): a finished game opened from a file shows no dialog
        self.game_over_shown_for: Any = None

    def window(self) -> QWidget:
        """The parent of the dialogs (the close guard's too)."""
        return self._window

    def new_game(self) -> NewGameDialog:
        dlg = NewGameDialog(self._window)
        self.new_game_dialog = dlg
        dlg.accepted.connect(lambda: self.start_from_dialog(dlg))
        dlg.open()
        return dlg

    def start_from_dialog(self, dlg: NewGameDialog) -> bool:
        if not 0 <= dlg.list.currentRow() < len(dlg.scenarios):
            self.show_error("No scenario chosen", "Pick a scenario, or open a scenario file.")
            return False
        c = dlg.choice()
        return self.start_game(c["path"], c["seats"], c["seed"], c["options"])

    def start_game(self, path: str | Path, seats: dict[str, str], seed: int, options: dict[str, Any]) -> bool:
        from cs_desktop.formats.files import load_scenario_with_ships
        from cs_desktop.formats.jsonread import FileFormatError

        try:
            scenario, ships = load_scenario_with_ships(path)
        except FileFormatError as e:
            self.show_error("Cannot start this scenario", "\n".join(e.lines()))
            return False
        return self.start_scenario(scenario, ships, seats, seed, options, str(path))

    def start_scenario(self, scenario: Any, ships: dict[str, Any], seats: dict[str, str], seed: int,
                       options: dict[str, Any], source: str) -> bool:
        if not self.guard.ask("start a new game",
                              lambda: self.start_scenario(scenario, ships, seats, seed, options, source)):
            return False  # the player is asked first; the game starts after Save or Discard

        self.game_over_shown_for = None
        self.session.presenter.start_scenario(scenario, ships, seats, seed, options, source)
        self._fit_soon()
        return True

    def library(self) -> Any:
        """The user's library (SQLite in the data folder; $CAPTAINS_SEA_DATA overrides), opened on first use."""
        if self._library is None:
            from cs_desktop.library import Library, LibraryError

            try:
                self._library = Library.open(self.autosave.folder if self.autosave is not None else None)
            except LibraryError as e:
                self.show_error("Cannot open the library", str(e))
                return None
        return self._library

    def open_balance_lab(self) -> Any:
        """Library → Balance lab… (issue 13): the balance lab's runner in its own window."""
        from cs_desktop.gui.lab.balance_lab import BalanceLab

        lab = BalanceLab(self._window)
        lab.setWindowFlag(Qt.WindowType.Window)
        lab.show()
        self.balance_lab = lab
        return lab

    def open_library(self) -> Any:
        from cs_desktop.gui.library.browser import open_library

        library = self.library()
        if library is None:
            return None
        browser = open_library(self._window, library)
        browser.playScenario.connect(self.play_library_scenario)
        self.library_browser = browser
        return browser

    def new_ship(self) -> Any:
        from cs_desktop.gui.editors.ship_editor import open_ship_editor

        library = self.library()
        return open_ship_editor(self._window, library) if library is not None else None

    def new_scenario(self) -> Any:
        from cs_desktop.gui.editors.scenario_designer import open_scenario_designer

        library = self.library()
        if library is None:
            return None
        designer = open_scenario_designer(self._window, library)
        designer.playScenario.connect(self.play_library_scenario)
        return designer

    def play_library_scenario(self, scenario_id: str) -> bool:
        """Play a scenario from the library: the first side at this screen, the computer in the other seat
        (change seats with Game > New Game for shipped scenarios)."""
        from cs_desktop.formats.jsonread import FileFormatError
        from cs_desktop.library import LibraryError

        library = self.library()
        if library is None:
            return False
        try:
            scenario, ships = library.get_scenario_with_ships(scenario_id)
        except (LibraryError, FileFormatError) as e:  # gone, or a damaged row or ship card in the library
            self.show_error("Cannot play this scenario", str(e))
            return False
        sides = [side.id for side in scenario.sides]
        seats = {side: "human" if i == 0 else "simple" for i, side in enumerate(sides)}  # every other side: computer

        return self.start_scenario(scenario, ships, seats, random.SystemRandom().randrange(1, 10**9), {},
                                   f"library:{scenario_id}")

    def _fit_soon(self) -> None:
        """Fit the ships once the docks have taken their place (the board's size is known then)."""
        self._fit()
        QTimer.singleShot(0, self._window, self._fit)
        QTimer.singleShot(150, self._window, self._fit)

    def _fit(self) -> None:
        if self._window.isVisible() and self.session.screen().has_game:
            self.board.fit_to_ships()

    def open_game(self) -> None:
        path, _ = QFileDialog.getOpenFileName(self._window, "Open a saved game", str(self.save_dir()),
                                              f"Saved games (*{SUFFIX});;All files (*)")
        if path:
            self.load_from(path)

    def load_from(self, path: str | Path) -> bool:
        try:
            if self.guard.at_risk():
                load_game(path)  # a file that cannot be opened is reported before anything is asked
                if not self.guard.ask("open another game", lambda: self.load_from(path)):
                    return False  # the player is asked first
            self.session.presenter.load(path)
        except SaveError as e:
            self.show_error("Cannot open this saved game", str(e))
            return False
        screen = self.session.screen()
        if self.session.files.save_path is not None and screen.has_game:
            self.recent.add(self.session.files.save_path, screen.title, screen.turn)
        self.game_over_shown_for = screen.key[0] if screen.ended else None
        self._fit_soon()
        return True

    def save_dir(self) -> Path:
        """Where Save proposes: the folder last saved in, else the data folder's saved games (made if need be)."""
        value = self.settings.value("files/last_dir")
        return Path(str(value)) if value else self._saves_folder()

    def _saves_folder(self) -> Path:
        folder = (self.autosave.folder if self.autosave is not None else default_data_dir()) / SAVES_FOLDER
        try:
            folder.mkdir(parents=True, exist_ok=True)
        except OSError:
            return Path.home()
        return folder

    def _proposed(self, finished: bool = False) -> str:
        screen = self.session.screen()
        scenario = (screen.view["scenario_id"] if screen.view is not None else "") or "game"
        return proposed_name(scenario, screen.turn, finished, SUFFIX)

    def keep_finished_game(self) -> bool:
        """Issue 28 item 7: a finished game goes into Recent games — saved to its own file if it has one, else to
        the data folder's saved games under the scenario's name. Not a campaign's battle (its campaign keeps it),
        nor without an autosave folder (a window made for a test)."""
        if self.autosave is None or not self.session.screen().has_game or self.session.files.kept_elsewhere() is not None:
            return False
        path = self.session.files.save_path or free_path(self._saves_folder() / self._proposed(finished=True))
        return self.save_to(path)

    def save_game(self) -> None:
        if self.session.files.save_path is not None:
            self.save_to(self.session.files.save_path)
        else:
            self.save_game_as()

    def save_game_as(self) -> None:
        if not self.session.screen().has_game:
            return
        path, _ = QFileDialog.getSaveFileName(self._window, "Save the game", str(self.save_dir() / self._proposed()),
                                              f"Saved games (*{SUFFIX})")
        if path:
            if not path.endswith(SUFFIX):
                path += SUFFIX
            self.save_to(path)

    def save_to(self, path: str | Path) -> bool:
        try:
            self.session.files.save(path)
        except SaveError as e:
            self.show_error("Could not save", str(e))
            return False
        self.settings.setValue("files/last_dir", str(Path(path).parent))
        screen = self.session.screen()
        if screen.has_game:
            self.recent.add(path, screen.title, screen.turn)
        return True
