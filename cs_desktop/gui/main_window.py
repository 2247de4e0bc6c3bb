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
from cs_desktop.gui.session import HUMAN, SEAT_LABELS, GameSession
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
        self._events_seen: dict[int, int] = {}
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
        game = self.session.game
        ships = tuple(game.state.ships) if game else ()
        if ships == self._dock_ships:
            return
        for dock, _scroll, _stack in self._ship_docks.values():
            self.removeDockWidget(dock)
            dock.deleteLater()
        self._ship_docks = {}
        self._dock_ships = ships
        if game is None:
            return
        first: QDockWidget | None = None
        sides = list(game.state.sides)
        for side in sides:
            for k, sid in enumerate(game.state.sides[side].ships):
                card = game.state.ships[sid].card
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
        session = self.session
        game = session.game
        self._ensure_ship_docks()
        view = session.view()
        if game is None:
            self.stack.setCurrentWidget(self.welcome)
        elif session.curtain:
            self.handover.show_for(session.side_name(session.handover_to))
            self.stack.setCurrentWidget(self.handover)
            self.handover.button.setFocus()
        else:
            self.stack.setCurrentWidget(self.board)
        names = {sid: s.card.name for sid, s in game.state.ships.items()} if game else {}
        if game is not None and id(game) not in self._events_seen:
            self._events_seen = {id(game): len(game.events)}
        if view is not None:
            self.board.set_view(view, names)
            self._overlay_key = None
            self._show_new_shifts(game)
        request = session.request()
        viewer = session.viewer()
        drafts = session.crew_drafts() if request is not None and request.kind == "assign_crew" else {}
        for sid, (dock, scroll, stack) in self._ship_docks.items():
            if view is None:
                stack.setCurrentIndex(1)
                scroll.card_widget.set_assignment(None, None)
                if game is not None:
                    dock.setWindowTitle(game.state.ships[sid].card.name)
                continue
            stack.setCurrentIndex(0)
            state = view["ships"][sid]
            own = viewer is None or state["side"] == viewer
            card = scroll.card_widget
            assert game is not None
            card.set_card(game.state.ships[sid].card, state, own)
            if sid in drafts and request is not None:
                card.set_assignment(request.info["limits"][sid], drafts[sid])
            else:
                card.set_assignment(None, None)
            flag = "" if own else " (enemy)"
            dock.setWindowTitle(f"{game.state.ships[sid].card.name}{flag}")
        self.orders.refresh(session)
        self.impulses.refresh(session)
        self.hand.refresh(session)
        self.dice.refresh(session)
        self.log.refresh(session)
        self._overlays(request)
        self._update_actions()
        self._update_status()
        if game is not None and game.ended and self._game_over_shown_for is not game:
            self._game_over_shown_for = game
            self.game_over_dialog = GameOverDialog(session, self)
            self.game_over_dialog.show()

    def _overlays(self, request: Any) -> None:
        game = self.session.game
        if request is None or game is None:
            return
        key = (id(game), len(game.decisions), request.kind)
        if key == self._overlay_key:
            return
        self._overlay_key = key
        self._overlay_request = request
        if request.kind in ("select_maneuver", "fire") and request.ships:
            self._show_overlays_for(request, next(iter(request.ships)))

    def _show_overlays_for(self, request: Any, ship_id: str) -> None:
        """Board help for one ship of the pending request (click another of your ships to switch)."""
        game = self.session.game
        if game is None:
            return
        self._previews = {}
        try:
            from cs_desktop.rules import advice

            self.board.clear_overlays()
            if request.kind == "select_maneuver":
                previews = advice.maneuver_previews(game.state, ship_id)
                self._previews[ship_id] = previews
                self.board.show_maneuver_previews(ship_id, previews)
            elif request.kind == "fire":
                self.board.show_firing(advice.firing_picture(game.state, ship_id))
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
                and self.session.game is not None and request in self.session.game.pending):
            self._show_overlays_for(request, ship_id)
        if ship_id in self._ship_docks:
            dock = self._ship_docks[ship_id][0]
            dock.show()
            dock.raise_()

    def _update_actions(self) -> None:
        s = self.session
        has = s.game is not None
        self.act_save.setEnabled(has)
        self.act_save_as.setEnabled(has)
        self.act_replay.setEnabled(has)
        self.act_undo.setEnabled(s.can_undo())
        self.act_strike.setEnabled(has and not s.game.ended and s.shown_side is not None  # type: ignore[union-attr]
                                   and s.seats.get(s.shown_side) == HUMAN and not s.curtain)
        self.act_handover.setEnabled(s.curtain)

    def _update_status(self) -> None:
        s = self.session
        game = s.game
        if game is None:
            self.status.setText("No game")
            self.setWindowTitle("Captain's Sea")
            return
        st = game.state
        from cs_desktop.rules.movement_rates import wind_from

        who = "Referee view (all revealed)" if s.viewer() is None else f"You: {s.side_name(s.viewer())}"
        if s.curtain:
            who = f"Hand-over to {s.side_name(s.handover_to)}"
        seats = ", ".join(f"{s.side_name(side)}: {SEAT_LABELS[k]}" for side, k in s.seats.items())
        self.status.setText(f"Turn {st.turn} · {segment_text({'segment': st.segment})} · wind from "
                            f"{COMPASS[wind_from(st.wind)]} · {who} · {seats}")
        self.setWindowTitle(f"Captain's Sea — {game.scenario.title}")

    def _show_new_shifts(self, game: Any) -> None:
        """9.3: when the engine shifted every piece since the last refresh, show it on the board."""
        if game is None:
            return
        seen = self._events_seen.get(id(game), len(game.events))
        shift = [0, 0]
        for event in game.events[seen:]:
            if event["type"] == "map_shift":
                shift[0] += event["shift"][0]
                shift[1] += event["shift"][1]
        self._events_seen = {id(game): len(game.events)}
        if shift != [0, 0]:
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
        from cs_desktop.rules.game import Game

        if not self.guard.ask("start a new game",
                              lambda: self.start_scenario(scenario, ships, seats, seed, options, source)):
            return False  # the player is asked first; the game starts after Save or Discard

        game = Game(scenario, ships, seed=seed, options=options)
        self._game_over_shown_for = None
        self.session.new_game(game, seats, source)
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
        if self.isVisible() and self.session.game is not None:
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
        if self.session.save_path is not None and self.session.game is not None:
            self.recent.add(self.session.save_path, self.session.game.scenario.title, self.session.game.state.turn)
        self._game_over_shown_for = self.session.game if self.session.game and self.session.game.ended else None
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
        if self.session.game is None:
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
        game = self.session.game
        if game is not None:
            self.recent.add(path, game.scenario.title, game.state.turn)
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
        game = self.session.game
        if self.autosave is not None:
            if game is not None and game is not self.guard.discarded:
                # an unfinished game the player saved is offered again at the next start
                keep = not game.ended and self.session.save_path is not None
                try:
                    self.autosave.write(game, self.session.meta(), offer=keep)
                except (SaveError, OSError):
                    pass
            self.autosave.end_session()
        self.session.close()
        super().closeEvent(event)
