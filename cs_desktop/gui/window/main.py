"""The main window: board in the centre; ship cards, orders, impulse track, bridge cards, dice, log and rule
text in docks that can be moved, floated and closed (the layout is kept between runs with QSettings).

Everything is refreshed from the session's `changed` signal (`_refresh`). The window only composes: it routes
the board's clicks to the orders widget and the log's clicks to the rule viewer, and runs the menus.
`MainWindow` builds on three parts named after what they do: `window_docks.WindowDocks` (docks, ship docks,
View menu, saved layout), `window_files.WindowFiles` (new, open, save, recent, library) and
`window_board_help.WindowBoardHelp` (the board's previews and clicks for the pending request).
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QSettings, QSize, Qt
from PySide6.QtGui import QAction, QCloseEvent, QGuiApplication, QKeySequence
from PySide6.QtWidgets import (
    QDockWidget,
    QLabel,
    QMessageBox,
    QStackedWidget,
    QVBoxLayout,
    QWidget,
)

import cs_desktop
from cs_desktop.gui.online import dialog as online_dialog
from cs_desktop.gui.library import replay_viewer
from cs_desktop.gui.board.help import BoardHelp
from cs_desktop.gui.board.placeholder import make_board
from cs_desktop.gui.dialogs.captain_advice import CaptainAdviceDialog
from cs_desktop.gui.window.close_guard import CloseGuard
from cs_desktop.gui.dialogs.game_over import GameOverDialog
from cs_desktop.gui.window.layout_file import LayoutFile
from cs_desktop.gui.dialogs.new_game import COMPASS, NewGameDialog
from cs_desktop.gui.panels.orders import CardHand, DiceTray, GameLog, ImpulseTrack, OrdersPanel, segment_text
from cs_desktop.gui.window.recent_menu import RecentMenu
from cs_desktop.gui.panels.rule_view import RuleView
from cs_desktop.gui.session import GameSession
from cs_desktop.gui.dialogs.settings import SettingsDialog
from cs_desktop.gui.panels.ship_card import ShipCardScroll, show_ship
from cs_desktop.gui.dialogs.standing_orders import FlowPanel, load_orders
from cs_desktop.gui.panels.thinking import ThinkingIndicator
from cs_desktop.gui.panels.turn_reference import open_turn_reference
from cs_desktop.gui.panels.tutor import TutorPanel, add_tutor_dock, start_tutorial
from cs_desktop.gui.window.board_help import WindowBoardHelp
from cs_desktop.gui.window.docks import LAYOUT_VERSION
from cs_desktop.gui.window.pages import HandoverPage, WelcomePage
from cs_desktop.play.autosave import AutosaveStore, Resumable
from cs_desktop.play.recent import RecentGames
from cs_desktop.play.screen import ScreenModel
from cs_desktop.play.seating import SEAT_LABELS

if TYPE_CHECKING:
    from cs_desktop.gui.library.replay_viewer import ReplayViewer


def fitting_size(width: int, height: int) -> QSize:
    """The window's first size: as asked, but never larger than the screen's free area (a laptop's 1366x768)."""
    screen = QGuiApplication.primaryScreen()
    if screen is None:
        return QSize(width, height)
    free = screen.availableGeometry()
    return QSize(min(width, free.width() - 16), min(height, free.height() - 16))


class MainWindow(WindowBoardHelp):
    tutor: TutorPanel  # these three are set by gui/tutor_panel.add_tutor_dock, if the tutorial's data is readable
    tutor_dock: QDockWidget
    tutor_toggle: QAction
    replay_viewer: ReplayViewer  # the last replay opened (gui/replay_viewer.show_viewer)

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

        self.board = make_board()
        self.board.setObjectName("board")
        self.board_help = BoardHelp(self.board, self.session, lambda text: self.statusBar().showMessage(text, 5000))
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
        add_tutor_dock(self)  # the guided first game's tutor (gui/panels/tutor.py), shown when it starts

        self.welcome.new.clicked.connect(self.new_game)
        self.welcome.open.clicked.connect(self.open_game)
        self.welcome.tutorial.clicked.connect(lambda: start_tutorial(self))
        self.log.ruleClicked.connect(self.session.show_rule)
        self.session.ruleRequested.connect(self._show_rule)
        self.session.changed.connect(self._refresh)
        self.board.optionClicked.connect(self._board_option)
        self.board.shipClicked.connect(self._board_ship)
        self.board.shipsPicked.connect(self._board_picked)  # Ctrl-click, rubber band (gui/window/docks.py)

        self.resizeDocks([self.docks["orders"], self.docks["dice"]], [600, 260], Qt.Orientation.Vertical)
        self.resizeDocks([self.docks["orders"]], [470], Qt.Orientation.Horizontal)
        self.resizeDocks([self.docks["log"]], [190], Qt.Orientation.Vertical)
        self._build_menus()
        from cs_desktop.gui.campaign.menu import CampaignControl

        self.campaign = CampaignControl(self)  # the Campaign menu, page and journal (issue 15 item 6)
        self.status = QLabel()
        self.statusBar().addPermanentWidget(self.status, 1)
        self.thinking_indicator = ThinkingIndicator(self.session)
        self.statusBar().addPermanentWidget(self.thinking_indicator)
        self._restore_layout()
        self._refresh()

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
        self._action("Play on&line…", None, lambda: online_dialog.play_online(self), game, "act-online")
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
        # the keypad's Enter too (issue 28 item 1: Ctrl+Enter sends the default answer)
        self.act_submit.setShortcuts([QKeySequence("Ctrl+Return"), QKeySequence("Ctrl+Enter")])
        self.act_focus = self._action("&Focus the orders panel", "F6", self.focus_orders, orders, "act-focus")
        self.act_handover = self._action("&Take the screen (hand-over)", "Ctrl+H", self.session.confirm_handover,
                                         orders, "act-handover")
        self.act_rule = self._action("&Read the rule of this decision", "F1", self.show_current_rule, orders,
                                     "act-rule")
        self.act_advice = self._action("&What would the captain do?", "Ctrl+Shift+A", self.ask_captain, orders,
                                       "act-advice")

        library = mb.addMenu("&Library")
        self.act_library = self._action("&Ships and scenarios…", "Ctrl+L", self.open_library, library, "act-library")
        self._action("New s&hip…", "Ctrl+Shift+H", self.new_ship, library, "act-new-ship")
        self._action("New sc&enario…", "Ctrl+Shift+E", self.new_scenario, library, "act-new-scenario")
        library.addSeparator()
        self._action("&Balance lab…", "Ctrl+Shift+B", self.open_balance_lab, library, "act-balance-lab")

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
        if view is not None:  # a ship under a fleet order shows it after her name (play/fleet_orders.py)
            marks = session.fleet_marks()
            self.board.set_view(view, {s: n + (f" [{marks[s].split(',')[0]}]" if s in marks else "")
                                       for s, n in screen.ship_names.items()})
            self.board_help.reset()
            self._show_new_shifts(screen)
        request = screen.request
        drafts = session.crew_drafts() if request is not None and request.kind == "assign_crew" else {}
        for ship in screen.ships:
            if ship.id not in self._ship_docks:
                continue  # a fleet game shows only the selected ship's card (gui/panels/fleet_dock.py)
            dock, scroll, stack = self._ship_docks[ship.id]
            if view is None:
                stack.setCurrentIndex(1)
                scroll.card_widget.set_assignment(None, None)
                dock.setWindowTitle(ship.name)
                continue
            stack.setCurrentIndex(0)
            show_ship(scroll.card_widget, ship, view, drafts, request)
            dock.setWindowTitle(f"{ship.name}{'' if ship.own else ' (enemy)'}")
        if self.fleet_list is not None:
            self.fleet_list.refresh(screen, self.fleet_selected, session.fleet_marks())
        self.orders.refresh(session)
        self.impulses.refresh(screen)
        self.hand.refresh(screen)
        self.dice.refresh(screen)
        self.log.refresh(screen)
        self._overlays(screen)
        self._update_actions(screen)
        self._update_status(screen)
        if screen.ended and self._game_over_shown_for == screen.key[0] and self.game_over_dialog is not None:
            self.game_over_dialog.show_result(screen)  # a campaign's verdict comes after the game's end (R19.0c)
        if screen.ended and self._game_over_shown_for != screen.key[0]:
            self._game_over_shown_for = screen.key[0]
            self.keep_finished_game()  # issue 28 item 7: in Recent games
            self.game_over_dialog = GameOverDialog(screen, self)
            self.game_over_dialog.show()

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

    def _show_rule(self, rule: str) -> None:
        self.rule_view.show_rule(rule)
        dock = self.docks["rules"]
        dock.show()
        dock.raise_()

    # ------------------------------------------------------------------ actions
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

    def ask_captain(self) -> CaptainAdviceDialog | None:
        """Orders → What would the captain do?: the hard captain's top choices at the decision on screen, from
        the player's own seat (gui/dialogs/captain_advice.py); off in campaign battles unless turned on there."""
        job = self.session.presenter.advice_job()
        if job is None:
            self.statusBar().showMessage("Nothing is asked of you now: the captain has nothing to advise.", 5000)
            return None
        campaign = getattr(self, "campaign", None) is not None and self.campaign.battle is not None
        self.advice_dialog = CaptainAdviceDialog(job, self.settings, campaign, self)
        self.advice_dialog.open()
        return self.advice_dialog

    def show_current_rule(self) -> None:
        request = self.session.request()
        self.session.show_rule(request.rule if request is not None else "4.0")

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

    # ------------------------------------------------------------------ crash recovery
    def offer_resume(self, found: Resumable) -> QMessageBox:
        """"Continue <scenario>, turn N, <what is asked>?" -- Continue / Not now (gui/window/resume_offer.py)."""
        from cs_desktop.gui.window.resume_offer import offer_resume

        self.resume_box = offer_resume(self, found)
        return self.resume_box

    def closeEvent(self, event: QCloseEvent) -> None:  # noqa: N802 - Qt API
        if not self.guard.ask("close the window", self.close):
            event.ignore()  # Save / Discard / Cancel is asked first (gui/window/close_guard.py)
            return
        self.campaign.restore_play_docks()  # the layout kept is the play screen's, not the campaign page's
        self.save_layout()
        self.session.presenter.close_autosave()  # kept for the next start, unless the player discarded it
        self.session.close()
        super().closeEvent(event)
