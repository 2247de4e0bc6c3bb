"""The main window: board in the centre; ship cards, orders, impulse track, bridge cards, dice, log and rule
text in docks that can be moved, floated and closed (the layout is kept between runs with QSettings).

Everything is refreshed from the session's `changed` signal (`_refresh`). The window only composes: it routes
the board's clicks to the orders widget and the log's clicks to the rule viewer, and runs the menus.
"""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

from PySide6.QtCore import QSettings, QSize, Qt, QTimer
from PySide6.QtGui import QAction, QCloseEvent, QGuiApplication, QKeySequence
from PySide6.QtWidgets import (
    QDockWidget,
    QFileDialog,
    QLabel,
    QMainWindow,
    QMessageBox,
    QStackedWidget,
    QVBoxLayout,
    QWidget,
)

import cs_desktop
from cs_desktop.gui import replay_viewer
from cs_desktop.gui.panels import CardHand, DiceTray, GameLog, ImpulseTrack, OrdersPanel, RuleView, segment_text
from cs_desktop.gui.session import GameSession
from cs_desktop.play.seating import SEAT_LABELS
from cs_desktop.gui.thinking_indicator import ThinkingIndicator
from cs_desktop.gui.tutor_panel import add_tutor_dock, start_tutorial
from cs_desktop.gui.turn_reference import open_turn_reference
from cs_desktop.gui.board_menu import board_toggles
from cs_desktop.gui.settings_dialog import SettingsDialog
from cs_desktop.gui.standing_orders import FlowPanel, load_orders
from cs_desktop.gui.ship_card import ShipCardScroll
from cs_desktop.gui.close_guard import CloseGuard
from cs_desktop.gui.layout_file import LayoutFile
from cs_desktop.gui.recent_menu import RecentMenu
from cs_desktop.play.autosave import AutosaveStore, Resumable
from cs_desktop.play.screen import ScreenModel
from cs_desktop.play.recent import RecentGames
from cs_desktop.savegame import SUFFIX, SaveError, load_game
from cs_desktop.gui.board_placeholder import make_board
from cs_desktop.gui.game_over_dialog import GameOverDialog
from cs_desktop.gui.new_game_dialog import COMPASS, NewGameDialog
from cs_desktop.gui.window_pages import HandoverPage, WelcomePage

LAYOUT_VERSION = 3


def fitting_size(width: int, height: int) -> QSize:
    """The window's first size: as asked, but never larger than the screen's free area (a laptop's 1366x768)."""
    screen = QGuiApplication.primaryScreen()
    if screen is None:
        return QSize(width, height)
    free = screen.availableGeometry()
    return QSize(min(width, free.width() - 16), min(height, free.height() - 16))


class MainWindow(QMainWindow):
    def __init__(self, session: GameSession | None = None, settings: QSettings | None = None,
                 autosave: AutosaveStore | None = None, layout_path: str | Path | None = None,
                 recent: RecentGames | None = None) -> None:
        super().__init__()
        self.setWindowTitle("Captain's Sea")
        self.resize(fitting_size(1500, 950))
        self.setDockNestingEnabled(True)
        if settings is None:  # in the data folder, like everything else (gui/start.py passes it)
            from cs_desktop.play.autosave import default_data_dir

            settings = QSettings(str(default_data_dir() / "settings.ini"), QSettings.Format.IniFormat)
        self.settings = settings
        here = Path(self.settings.fileName()).parent
        self.layout_file = LayoutFile(layout_path if layout_path is not None
                                      else Path(self.settings.fileName()).with_suffix(".layout.json"), LAYOUT_VERSION)
        self.session = session if session is not None else GameSession(autosave)
        self.autosave = autosave if autosave is not None else self.session.autosave
        self.recent = recent if recent is not None else RecentGames(
            self.autosave.folder if self.autosave is not None else here)
        self.guard = CloseGuard(self)
        self.resume_box: QMessageBox | None = None
        self.startup_report: Any = None
        self.last_error = ""
        self.game_over_dialog: GameOverDialog | None = None
        self.new_game_dialog: NewGameDialog | None = None
        self._game_over_shown_for: Any = None
        self._ship_docks: dict[str, tuple[QDockWidget, ShipCardScroll, QStackedWidget]] = {}
        self._dock_ships: tuple[str, ...] = ()
        self._overlay_key: Any = None
        self._overlay_request: Any = None
        self._previews: dict[str, list[dict[str, Any]]] = {}

        self.board = make_board()
        self.board.setObjectName("board")
        self.handover = HandoverPage()
        self.handover.button.clicked.connect(self.session.confirm_handover)
        self.welcome = WelcomePage()
        self.stack = QStackedWidget()
        for w in (self.welcome, self.board, self.handover):
            self.stack.addWidget(w)
        self.setCentralWidget(self.stack)

        self.orders = OrdersPanel()
        self.impulses = ImpulseTrack()
        orders_box = QWidget()
        ol = QVBoxLayout(orders_box)
        ol.setContentsMargins(0, 0, 0, 0)
        ol.addWidget(self.impulses)
        ol.addWidget(self.orders, 1)
        self.session.orders = load_orders(self.settings)  # issue 11: standing orders, and what they answered
        ol.addWidget(FlowPanel(self.session, self.settings))
        self.hand = CardHand()
        self.dice = DiceTray()
        self.log = GameLog()
        self.rule_view = RuleView(settings=self.settings)
        self.docks: dict[str, QDockWidget] = {}
        self._add_dock("orders", "Orders && impulse track", orders_box, Qt.DockWidgetArea.RightDockWidgetArea)
        self._add_dock("dice", "Dice", self.dice, Qt.DockWidgetArea.RightDockWidgetArea)
        self._add_dock("hand", "Bridge cards", self.hand, Qt.DockWidgetArea.RightDockWidgetArea)
        self._add_dock("log", "Game log", self.log, Qt.DockWidgetArea.BottomDockWidgetArea)
        self._add_dock("rules", "Rule text", self.rule_view, Qt.DockWidgetArea.BottomDockWidgetArea)
        self.tabifyDockWidget(self.docks["dice"], self.docks["hand"])
        self.docks["dice"].raise_()
        self.splitDockWidget(self.docks["log"], self.docks["rules"], Qt.Orientation.Horizontal)
        add_tutor_dock(self)  # the guided first game's tutor (gui/tutor_panel.py), shown when it starts

        self.welcome.new.clicked.connect(self.new_game)
        self.welcome.open.clicked.connect(self.open_game)
        self.welcome.tutorial.clicked.connect(lambda: start_tutorial(self))
        self.log.ruleClicked.connect(self.session.show_rule)
        self.session.ruleRequested.connect(self._show_rule)
        self.session.changed.connect(self._refresh)
        self.board.optionClicked.connect(self._board_option)
        self.board.shipClicked.connect(self._board_ship)

        self.resizeDocks([self.docks["orders"], self.docks["dice"]], [600, 260], Qt.Orientation.Vertical)
        self.resizeDocks([self.docks["orders"]], [470], Qt.Orientation.Horizontal)
        self.resizeDocks([self.docks["log"]], [190], Qt.Orientation.Vertical)
        self._build_menus()
        self.status = QLabel()
        self.statusBar().addPermanentWidget(self.status, 1)
        self.thinking_indicator = ThinkingIndicator(self.session)
        self.statusBar().addPermanentWidget(self.thinking_indicator)
        self._restore_layout()
        self._refresh()

    # ------------------------------------------------------------------ docks and layout
    def _add_dock(self, key: str, title: str, widget: QWidget, area: Qt.DockWidgetArea) -> QDockWidget:
        dock = QDockWidget(title, self)  # "&&" shows one "&" (a single one would be a mnemonic)
        dock.setObjectName(f"dock-{key}")
        dock.setWidget(widget)
        dock.setFeatures(QDockWidget.DockWidgetFeature.DockWidgetMovable
                         | QDockWidget.DockWidgetFeature.DockWidgetFloatable
                         | QDockWidget.DockWidgetFeature.DockWidgetClosable)
        self.addDockWidget(area, dock)
        self.docks[key] = dock
        return dock

    def _restore_layout(self) -> None:
        if not self.layout_file.geometry.isEmpty():
            self.restoreGeometry(self.layout_file.geometry)
        if not self.layout_file.state.isEmpty():
            self.restoreState(self.layout_file.state, LAYOUT_VERSION)

    def save_layout(self) -> None:
        self.layout_file.save(self.saveGeometry(), self.saveState(LAYOUT_VERSION))
        self.settings.sync()

    def _ensure_ship_docks(self) -> None:
        screen = self.session.screen()
        ships = tuple(ship.id for ship in screen.ships)
        if ships == self._dock_ships:
            return
        for dock, _scroll, _stack in self._ship_docks.values():
            self.removeDockWidget(dock)
            dock.deleteLater()
        self._ship_docks = {}
        self._dock_ships = ships
        if not screen.has_game:
            return
        first: QDockWidget | None = None
        sides = list(screen.side_names)
        index_in_side: dict[str, int] = {}
        for ship in screen.ships:
            side, sid, card = ship.side, ship.id, ship.card
            k = index_in_side[side] = index_in_side.get(side, -1) + 1
            if True:
                scroll = ShipCardScroll()
                scroll.card_widget.assignmentEdited.connect(self.session.set_draft)
                hidden = QLabel("Hidden until the next player takes the screen.")
                hidden.setAlignment(Qt.AlignmentFlag.AlignCenter)
                stack = QStackedWidget()
                stack.addWidget(scroll)
                stack.addWidget(hidden)
                dock = QDockWidget(card.name, self)
                # named by seat, not by ship: a layout carries over from one scenario to the next
                dock.setObjectName(f"dock-ship-{sides.index(side)}-{k}")
                dock.setWidget(stack)
                dock.setFeatures(QDockWidget.DockWidgetFeature.DockWidgetMovable
                                 | QDockWidget.DockWidgetFeature.DockWidgetFloatable
                                 | QDockWidget.DockWidgetFeature.DockWidgetClosable)
                dock.setMinimumWidth(380)
                self.addDockWidget(Qt.DockWidgetArea.LeftDockWidgetArea, dock)
                if first is None:
                    first = dock
                else:
                    self.tabifyDockWidget(first, dock)
                self._ship_docks[sid] = (dock, scroll, stack)
        if first is not None:
            first.raise_()
            self.resizeDocks([first], [480], Qt.Orientation.Horizontal)
        if not self.layout_file.state.isEmpty():
            self.restoreState(self.layout_file.state, LAYOUT_VERSION)
        self._rebuild_view_menu()

    def ship_card(self, ship_id: str) -> Any:
        return self._ship_docks[ship_id][1].card_widget

    def ship_dock(self, ship_id: str) -> QDockWidget:
        return self._ship_docks[ship_id][0]

    # ------------------------------------------------------------------ menus
    def _action(self, text: str, shortcut: str | QKeySequence.StandardKey | None, slot: Any,
                menu: Any, name: str) -> QAction:
        act = QAction(text, self)
        act.setObjectName(name)
        if shortcut is not None:
            act.setShortcut(QKeySequence(shortcut))
        act.triggered.connect(slot)
        menu.addAction(act)
        return act

    def _build_menus(self) -> None:
        mb = self.menuBar()
        game = mb.addMenu("&Game")
        self.act_new = self._action("&New Game…", "Ctrl+N", self.new_game, game, "act-new")
        self.act_open = self._action("&Open…", "Ctrl+O", self.open_game, game, "act-open")
        self._action("&Watch a replay…", "Ctrl+Shift+R", lambda: replay_viewer.watch_replay(self), game, "act-watch")
        self.act_replay = self._action("&Replay this game", "Ctrl+R", lambda: replay_viewer.replay_this_game(self),
                                       game, "act-replay-this")
        self.act_save = self._action("&Save", "Ctrl+S", self.save_game, game, "act-save")
        self.act_save_as = self._action("Save &As…", "Ctrl+Shift+S", self.save_game_as, game, "act-save-as")
        self.recent_menu = RecentMenu(self, self.recent)
        game.addMenu(self.recent_menu)
        game.addSeparator()
        self.act_undo = self._action("&Undo last decision", "Ctrl+Z", self.undo, game, "act-undo")
        self.act_strike = self._action("Stri&ke colours… (18.0)", "Ctrl+K", self.strike, game, "act-strike")
        self._action("Se&ttings…", None, self.open_settings, game, "act-settings")
        game.addSeparator()
        self.act_quit = self._action("&Quit", "Ctrl+Q", self.close, game, "act-quit")

        orders = mb.addMenu("&Orders")
        self.act_submit = self._action("&Send orders (default button)", "Ctrl+Return", self.orders.submit_default,
                                       orders, "act-submit")
        self.act_focus = self._action("&Focus the orders panel", "F6", self.focus_orders, orders, "act-focus")
        self.act_handover = self._action("&Take the screen (hand-over)", "Ctrl+H", self.session.confirm_handover,
                                         orders, "act-handover")
        self.act_rule = self._action("&Read the rule of this decision", "F1", self.show_current_rule, orders,
                                     "act-rule")

        library = mb.addMenu("&Library")
        self.act_library = self._action("&Ships and scenarios…", "Ctrl+L", self.open_library, library, "act-library")
        self._action("New s&hip…", "Ctrl+Shift+H", self.new_ship, library, "act-new-ship")
        self._action("New sc&enario…", "Ctrl+Shift+E", self.new_scenario, library, "act-new-scenario")

        self.view_menu = mb.addMenu("&View")
        help_ = mb.addMenu("&Help")
        self._action("&Turn sequence…", "Shift+F1", lambda: open_turn_reference(self, self.session.show_rule),
                     help_, "act-turn-sequence")
        self._action("&Guided first game", None, lambda: start_tutorial(self), help_, "act-tutorial")
        if getattr(self, "tutor_toggle", None) is not None:
            help_.addAction(self.tutor_toggle)
        help_.addSeparator()
        self._action("&Keyboard shortcuts", "Ctrl+/", self.show_shortcuts, help_, "act-keys")
        self._action("&About Captain's Sea", None, self.about, help_, "act-about")
        self._rebuild_view_menu()

    def _rebuild_view_menu(self) -> None:
        menu = self.view_menu
        menu.clear()
        self._action("Zoom &in", "Ctrl+=", self.board.zoom_in, menu, "act-zoom-in")
        self._action("Zoom &out", "Ctrl+-", self.board.zoom_out, menu, "act-zoom-out")
        self._action("&Fit the ships", "Ctrl+0", self.board.fit_to_ships, menu, "act-fit")
        for act in board_toggles(self):  # follow my ships, legend, animate moves (gui/board_menu.py)
            menu.addAction(act)
        menu.addSeparator()
        n = 1
        for key in ("orders", "dice", "hand", "log", "rules"):
            act = self.docks[key].toggleViewAction()
            act.setShortcut(QKeySequence(f"Alt+{n}"))
            menu.addAction(act)
            n += 1
        for dock, _s, _st in self._ship_docks.values():
            act = dock.toggleViewAction()
            if n <= 9:
                act.setShortcut(QKeySequence(f"Alt+{n}"))
            menu.addAction(act)
            n += 1
        menu.addSeparator()
        self._action("&Reset the layout", None, self.reset_layout, menu, "act-reset-layout")

    # ------------------------------------------------------------------ refresh (session.changed)
    def _refresh(self) -> None:
        """Draw the presenter's screen model (play/screen.py): nothing here reads the game itself."""
        session = self.session
        screen = session.screen()
        self._ensure_ship_docks()
        view = screen.view
        if not screen.has_game:
            self.stack.setCurrentWidget(self.welcome)
        elif screen.curtain:
            self.handover.show_for(screen.side_name(screen.handover_to))
            self.stack.setCurrentWidget(self.handover)
            self.handover.button.setFocus()
        else:
            self.stack.setCurrentWidget(self.board)
        if view is not None:
            self.board.set_view(view, screen.ship_names)
            self._overlay_key = None
            self._show_new_shifts(screen)
        request = screen.request
        drafts = session.crew_drafts() if request is not None and request.kind == "assign_crew" else {}
        for ship in screen.ships:
            dock, scroll, stack = self._ship_docks[ship.id]
            if view is None:
                stack.setCurrentIndex(1)
                scroll.card_widget.set_assignment(None, None)
                dock.setWindowTitle(ship.name)
                continue
            stack.setCurrentIndex(0)
            card = scroll.card_widget
            card.set_card(ship.card, view["ships"][ship.id], ship.own)
            if ship.id in drafts and request is not None:
                card.set_assignment(request.info["limits"][ship.id], drafts[ship.id])
            else:
                card.set_assignment(None, None)
            dock.setWindowTitle(f"{ship.name}{'' if ship.own else ' (enemy)'}")
        self.orders.refresh(session)
        self.impulses.refresh(screen)
        self.hand.refresh(screen)
        self.dice.refresh(screen)
        self.log.refresh(screen)
        self._overlays(screen)
        self._update_actions(screen)
        self._update_status(screen)
        if screen.ended and self._game_over_shown_for != screen.key[0]:
            self._game_over_shown_for = screen.key[0]
            self.game_over_dialog = GameOverDialog(screen, self)
            self.game_over_dialog.show()

    def _overlays(self, screen: ScreenModel) -> None:
        request = screen.request
        if request is None:
            return
        key = (screen.key, request.kind)
        if key == self._overlay_key:
            return
        self._overlay_key = key
        self._overlay_request = request
        if request.kind in ("select_maneuver", "fire") and request.ships:
            self._show_overlays_for(request, next(iter(request.ships)))

    def _show_overlays_for(self, request: Any, ship_id: str) -> None:
        """Board help for one ship of the pending request (click another of your ships to switch), priced on
        the player's own view (play/fair_advice.py)."""
        advice = self.session.advice()
        if advice is None:
            return
        self._previews = {}
        try:
            self.board.clear_overlays()
            if request.kind == "select_maneuver":
                previews = advice.maneuver_previews(ship_id)
                self._previews[ship_id] = previews
                self.board.show_maneuver_previews(ship_id, previews)
            elif request.kind == "fire":
                self.board.show_firing(advice.firing_picture(ship_id))
        except Exception as e:  # advice is help, never a reason to stop play
            self.statusBar().showMessage(f"Board help not available: {e}", 5000)

    def _board_option(self, index: int) -> None:
        widget = self.orders.widget
        if widget is None:
            return
        for ship_id, previews in self._previews.items():
            for p in previews:
                if p.get("index") == index and p.get("legal", True):
                    widget.select_option(ship_id, p.get("choice"))
                    return

    def _board_ship(self, ship_id: str) -> None:
        request = getattr(self, "_overlay_request", None)
        if (request is not None and request.ships and ship_id in request.ships
                and request is self.session.request()):
            self._show_overlays_for(request, ship_id)
        if ship_id in self._ship_docks:
            dock = self._ship_docks[ship_id][0]
            dock.show()
            dock.raise_()

    def _update_actions(self, screen: ScreenModel) -> None:
        has = screen.has_game
        self.act_save.setEnabled(has)
        self.act_save_as.setEnabled(has)
        self.act_replay.setEnabled(has)
        self.act_undo.setEnabled(screen.can_undo)
        self.act_strike.setEnabled(screen.can_strike)
        self.act_handover.setEnabled(screen.curtain)

    def _update_status(self, screen: ScreenModel) -> None:
        if not screen.has_game:
            self.status.setText("No game")
            self.setWindowTitle("Captain's Sea")
            return
        from cs_desktop.rules.movement_rates import wind_from

        who = ("Referee view (all revealed)" if screen.viewer is None
               else f"You: {screen.side_name(screen.viewer)}")
        if screen.curtain:
            who = f"Hand-over to {screen.side_name(screen.handover_to)}"
        seats = ", ".join(f"{screen.side_name(side)}: {SEAT_LABELS[k]}" for side, k in screen.seats.items())
        self.status.setText(f"Turn {screen.turn} · {segment_text({'segment': screen.segment})} · wind from "
                            f"{COMPASS[wind_from(screen.wind)]} · {who} · {seats}")
        self.setWindowTitle(f"Captain's Sea — {screen.title}")

    def _show_new_shifts(self, screen: ScreenModel) -> None:
        """9.3: when the engine shifted every piece since the last screen, show it on the board."""
        shift = screen.map_shift
        if shift != (0, 0):
            self.board.show_shift(shift[0], shift[1])
            self.statusBar().showMessage(f"Map edge (9.3): every ship and smoke marker shifted by "
                                         f"{shift[0]:+d}, {shift[1]:+d} squares", 6000)

    def _show_rule(self, rule: str) -> None:
        self.rule_view.show_rule(rule)
        dock = self.docks["rules"]
        dock.show()
        dock.raise_()

    # ------------------------------------------------------------------ actions
    def new_game(self) -> NewGameDialog:
        dlg = NewGameDialog(self)
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
        from cs_desktop.files import FileFormatError, load_scenario_with_ships

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

        self._game_over_shown_for = None
        self.session.start_scenario(scenario, ships, seats, seed, options, source)
        self._fit_soon()
        return True

    # ------------------------------------------------------------------ the library (issue: editors)
    def library(self) -> Any:
        """The user's library (SQLite in the data folder; $CAPTAINS_SEA_DATA overrides), opened on first use."""
        if getattr(self, "_library", None) is None:
            from cs_desktop.library import Library, LibraryError

            try:
                self._library = Library.open(self.autosave.folder if self.autosave is not None else None)
            except LibraryError as e:
                self.show_error("Cannot open the library", str(e))
                return None
        return self._library

    def open_library(self) -> Any:
        from cs_desktop.gui.library_browser import open_library

        library = self.library()
        if library is None:
            return None
        browser = open_library(self, library)
        browser.playScenario.connect(self.play_library_scenario)
        self.library_browser = browser
        return browser

    def new_ship(self) -> Any:
        from cs_desktop.gui.ship_editor import open_ship_editor

        library = self.library()
        return open_ship_editor(self, library) if library is not None else None

    def new_scenario(self) -> Any:
        from cs_desktop.gui.scenario_designer import open_scenario_designer

        library = self.library()
        if library is None:
            return None
        designer = open_scenario_designer(self, library)
        designer.playScenario.connect(self.play_library_scenario)
        return designer

    def play_library_scenario(self, scenario_id: str) -> bool:
        """Play a scenario from the library: the first side at this screen, the computer in the other seat
        (change seats with Game > New Game for shipped scenarios)."""
        from cs_desktop.files import FileFormatError
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
        seats = {sides[0]: "human", sides[1]: "simple"}

        return self.start_scenario(scenario, ships, seats, random.SystemRandom().randrange(1, 10**9), {},
                                   f"library:{scenario_id}")

    def _fit_soon(self) -> None:
        """Fit the ships once the docks have taken their place (the board's size is known then)."""
        self._fit()
        QTimer.singleShot(0, self, self._fit)
        QTimer.singleShot(150, self, self._fit)

    def _fit(self) -> None:
        if self.isVisible() and self.session.has_game:
            self.board.fit_to_ships()

    def open_game(self) -> None:
        path, _ = QFileDialog.getOpenFileName(self, "Open a saved game", str(self._save_dir()),
                                              f"Saved games (*{SUFFIX});;All files (*)")
        if path:
            self.load_from(path)

    def load_from(self, path: str | Path) -> bool:
        try:
            if self.guard.at_risk():
                load_game(path)  # a file that cannot be opened is reported before anything is asked
                if not self.guard.ask("open another game", lambda: self.load_from(path)):
                    return False  # the player is asked first
            self.session.load(path)
        except SaveError as e:
            self.show_error("Cannot open this saved game", str(e))
            return False
        screen = self.session.screen()
        if self.session.save_path is not None and screen.has_game:
            self.recent.add(self.session.save_path, screen.title, screen.turn)
        self._game_over_shown_for = screen.key[0] if screen.ended else None
        self._fit_soon()
        return True

    def _save_dir(self) -> Path:
        value = self.settings.value("files/last_dir")
        return Path(str(value)) if value else Path.home()

    def save_game(self) -> None:
        if self.session.save_path is not None:
            self.save_to(self.session.save_path)
        else:
            self.save_game_as()

    def save_game_as(self) -> None:
        if not self.session.has_game:
            return
        path, _ = QFileDialog.getSaveFileName(self, "Save the game", str(self._save_dir() / f"game{SUFFIX}"),
                                              f"Saved games (*{SUFFIX})")
        if path:
            if not path.endswith(SUFFIX):
                path += SUFFIX
            self.save_to(path)

    def save_to(self, path: str | Path) -> bool:
        try:
            self.session.save(path)
        except SaveError as e:
            self.show_error("Could not save", str(e))
            return False
        self.settings.setValue("files/last_dir", str(Path(path).parent))
        screen = self.session.screen()
        if screen.has_game:
            self.recent.add(path, screen.title, screen.turn)
        return True

    def undo(self) -> None:
        self.session.undo()

    def strike(self) -> None:
        box = QMessageBox(QMessageBox.Icon.Question, "Strike colours",
                          "Strike your colours? The game ends at once and your side loses (18.0).",
                          QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.No, self)
        box.setObjectName("strike-confirm")
        box.buttonClicked.connect(lambda b: box.buttonRole(b) == QMessageBox.ButtonRole.YesRole
                                  and self.session.strike_colors())
        box.open()

    def focus_orders(self) -> None:
        self.docks["orders"].show()
        self.docks["orders"].raise_()
        w = self.orders.widget
        if w is not None:
            (w.default_button or w).setFocus()
        else:
            self.orders.setFocus()

    def open_settings(self) -> SettingsDialog:
        """Game → Settings… (the player's copy of the rules text); the rule panel re-reads it on OK."""
        self.settings_dialog = SettingsDialog(self.settings, self)
        self.settings_dialog.accepted.connect(self.rule_view.refresh)
        self.settings_dialog.ordersChanged.connect(lambda: self.session.set_orders(load_orders(self.settings)))
        self.settings_dialog.open()
        return self.settings_dialog

    def show_current_rule(self) -> None:
        request = self.session.request()
        self.session.show_rule(request.rule if request is not None else "4.0")

    def show_error(self, title: str, text: str) -> None:
        self.last_error = text
        box = QMessageBox(QMessageBox.Icon.Warning, title, text, QMessageBox.StandardButton.Ok, self)
        box.setObjectName("error-box")
        box.open()
        self.statusBar().showMessage(text.splitlines()[0] if text else title, 10000)

    def show_shortcuts(self) -> None:
        lines = []
        for menu in self.menuBar().findChildren(QAction):
            if menu.shortcut().toString():
                lines.append(f"{menu.shortcut().toString(QKeySequence.SequenceFormat.NativeText)}\t"
                             f"{menu.text().replace('&', '')}")
        box = QMessageBox(QMessageBox.Icon.Information, "Keyboard shortcuts",
                          "\n".join(sorted(set(lines))) + "\n\nIn the orders panel: Alt+underlined letter or "
                          "the digit of a choice; Tab moves between fields; Enter presses the default button.",
                          QMessageBox.StandardButton.Ok, self)
        box.open()

    def about(self) -> None:
        QMessageBox(QMessageBox.Icon.Information, "About Captain's Sea",
                    f"Captain's Sea desktop {cs_desktop.__version__}\nFrigate duels 1799–1815, every rule automated.",
                    QMessageBox.StandardButton.Ok, self).open()

    def reset_layout(self) -> None:
        self.layout_file.clear_state()
        for key, area in (("orders", Qt.DockWidgetArea.RightDockWidgetArea),
                          ("dice", Qt.DockWidgetArea.RightDockWidgetArea),
                          ("hand", Qt.DockWidgetArea.RightDockWidgetArea),
                          ("log", Qt.DockWidgetArea.BottomDockWidgetArea),
                          ("rules", Qt.DockWidgetArea.BottomDockWidgetArea)):
            dock = self.docks[key]
            dock.setFloating(False)
            self.addDockWidget(area, dock)
            dock.show()
        self.tabifyDockWidget(self.docks["dice"], self.docks["hand"])
        for dock, _s, _st in self._ship_docks.values():
            dock.setFloating(False)
            self.addDockWidget(Qt.DockWidgetArea.LeftDockWidgetArea, dock)
            dock.show()

    # ------------------------------------------------------------------ crash recovery
    def offer_resume(self, found: Resumable) -> QMessageBox:
        """"Continue <scenario>, turn N, <what is asked>?" -- Continue / Not now (gui/resume_offer.py)."""
        from cs_desktop.gui.resume_offer import offer_resume

        self.resume_box = offer_resume(self, found)
        return self.resume_box

    def closeEvent(self, event: QCloseEvent) -> None:  # noqa: N802 - Qt API
        if not self.guard.ask("close the window", self.close):
            event.ignore()  # Save / Discard / Cancel is asked first (gui/close_guard.py)
            return
        self.save_layout()
        self.session.presenter.close_autosave()  # kept for the next start, unless the player discarded it
        self.session.close()
        super().closeEvent(event)
