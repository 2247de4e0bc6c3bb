"""The main window: board in the centre; ship cards, orders, impulse track, bridge cards, dice, log and rule
text in docks that can be moved, floated and closed (the layout is kept between runs with QSettings).

Everything is refreshed from the session's `changed` signal (`_refresh`). The window only composes: it routes
the board's clicks to the orders widget and the log's clicks to the rule viewer, and runs the menus.
`MainWindow` owns its parts, each given what it uses: `dock_layout` (`docks.DockLayout`: docks, ship docks,
View menu, saved layout), `files` (`files.FileActions`: new, open, save, recent, library, and the close guard)
and `board_help` (`gui/board/help.BoardHelp`: the board's previews and clicks for the pending request).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from PySide6.QtCore import QSettings, QSize, Qt
from PySide6.QtGui import QAction, QCloseEvent, QGuiApplication, QKeySequence
from PySide6.QtWidgets import (
    QDockWidget,
    QLabel,
    QMainWindow,
    QMessageBox,
    QStackedWidget,
    QVBoxLayout,
    QWidget,
)

import cs_desktop
from cs_desktop.gui.online import dialog as online_dialog
from cs_desktop.gui.campaign.menu import CampaignControl, CampaignParts
from cs_desktop.gui.campaign.resume import offer_campaign_battle
from cs_desktop.gui.library import replay_viewer
from cs_desktop.gui.library.replay_viewer import ReplayViewer
from cs_desktop.gui.board.help import BoardHelp
from cs_desktop.gui.board.placeholder import make_board
from cs_desktop.gui.dialogs.captain_advice import CaptainAdviceDialog
from cs_desktop.gui.dialogs.game_over import GameOverDialog
from cs_desktop.gui.window.layout_file import LayoutFile
from cs_desktop.gui.dialogs.new_game import COMPASS
from cs_desktop.gui.panels.orders import CardHand, DiceTray, GameLog, ImpulseTrack, OrdersPanel, segment_text
from cs_desktop.gui.window.recent_menu import RecentMenu
from cs_desktop.gui.panels.rule_view import RuleView
from cs_desktop.gui.session import GameSession
from cs_desktop.gui.dialogs.settings import SettingsDialog
from cs_desktop.gui.panels.ship_card import show_ship
from cs_desktop.gui.dialogs.standing_orders import FlowPanel, load_orders
from cs_desktop.gui.panels.thinking import ThinkingIndicator
from cs_desktop.gui.panels.turn_reference import open_turn_reference
from cs_desktop.gui.panels.tutor import TutorPanel, add_tutor_dock, start_tutorial
from cs_desktop.gui.window.docks import LAYOUT_VERSION, DockLayout, make_action
from cs_desktop.gui.window.files import FileActions
from cs_desktop.gui.window.pages import HandoverPage, WelcomePage
from cs_desktop.gui.window.resume_offer import not_now, offer_resume
from cs_desktop.play.autosave import AutosaveStore, Resumable, default_data_dir
from cs_desktop.play.campaign_mark import CampaignResumable
from cs_desktop.play.changes import EVERYTHING, Changes
from cs_desktop.play.recent import RecentGames
from cs_desktop.play.screen import ScreenModel
from cs_desktop.play.seating import SEAT_LABELS
from cs_desktop.rules.movement_rates import wind_from



def fitting_size(width: int, height: int) -> QSize:
    """The window's first size: as asked, but never larger than the screen's free area (a laptop's 1366x768)."""
    screen = QGuiApplication.primaryScreen()
    if screen is None:
        return QSize(width, height)
    free = screen.availableGeometry()
    return QSize(min(width, free.width() - 16), min(height, free.height() - 16))


def settings_and_layout(settings: QSettings | None,
                        layout_path: str | Path | None) -> tuple[QSettings, LayoutFile]:
    """The settings (given, else settings.ini in the data folder, like everything else: gui/start.py passes
    them) and the dock layout's file (given, else beside the settings)."""
    if settings is None:
        settings = QSettings(str(default_data_dir() / "settings.ini"), QSettings.Format.IniFormat)
    layout = Path(layout_path) if layout_path is not None else Path(settings.fileName()).with_suffix(".layout.json")
    return settings, LayoutFile(layout, LAYOUT_VERSION)


def stacked(*widgets: QWidget) -> QWidget:
    """The widgets one under the other, without margins; the second takes the room left (the orders dock)."""
    box = QWidget()
    column = QVBoxLayout(box)
    column.setContentsMargins(0, 0, 0, 0)
    for i, w in enumerate(widgets):
        column.addWidget(w, 1 if i == 1 else 0)
    return box


_RIGHT, _BOTTOM = Qt.DockWidgetArea.RightDockWidgetArea, Qt.DockWidgetArea.BottomDockWidgetArea
#: the play panels' docks: key, title, area (the dice and the bridge cards share a tab, the log and the rule
#: text share the bottom side by side)
PLAY_DOCKS = (("orders", "Orders && impulse track", _RIGHT), ("dice", "Dice", _RIGHT), ("hand", "Bridge cards", _RIGHT),
              ("log", "Game log", _BOTTOM), ("rules", "Rule text", _BOTTOM))
#: the docks' first sizes in pixels (a saved layout replaces them): docks, sizes, along which direction
FIRST_DOCK_SIZES = ((("orders", "dice"), [600, 260], Qt.Orientation.Vertical),
                    (("orders",), [470], Qt.Orientation.Horizontal),
                    (("log",), [190], Qt.Orientation.Vertical))


class MainWindow(QMainWindow):
    tutor: TutorPanel  # these three are made by gui/panels/tutor.add_tutor_dock, if the tutorial's data is readable
    tutor_dock: QDockWidget
    tutor_toggle: QAction | None = None
    resume_box: QMessageBox | None = None  # the crash-recovery question asked at start, if any
    startup_report: Any = None
    last_error = ""  # the last error said (show_error)
    game_over_dialog: GameOverDialog | None = None
    #: the seed of the next guided first game; None (players): a fresh random one each time (tests pin it)
    tutorial_seed: int | None = None

    def __init__(self, session: GameSession | None = None, settings: QSettings | None = None,
                 autosave: AutosaveStore | None = None, layout_path: str | Path | None = None,
                 recent: RecentGames | None = None) -> None:
        super().__init__()
        self.setWindowTitle("Captain's Sea")
        self.resize(fitting_size(1500, 950))
        self.setDockNestingEnabled(True)
        self.settings, self.layout_file = settings_and_layout(settings, layout_path)
        here = Path(self.settings.fileName()).parent
        self.session = session if session is not None else GameSession(autosave)
        self.autosave = autosave if autosave is not None else self.session.files.autosave
        #: the data folder: the autosave's, else the settings file's (replay bookmarks, the recent games)
        self.data_folder = Path(self.autosave.folder) if self.autosave is not None else here
        self.recent = recent if recent is not None else RecentGames(self.data_folder)

        self.board = make_board()
        self.board.setObjectName("board")
        self.board_help = BoardHelp(self.board, self.session, lambda text: self.statusBar().showMessage(text, 5000))
        self.files = FileActions(self, self.session, self.settings, self.autosave, self.recent, self.board,
                                 self.show_error)
        self.dock_layout = DockLayout(self, self.session, self.settings, self.layout_file, self.board, self._refresh)
        self.handover = HandoverPage()
        self.handover.button.clicked.connect(self.session.presenter.confirm_handover)
        self.welcome = WelcomePage()
        self.stack = QStackedWidget()
        for w in (self.welcome, self.board, self.handover):
            self.stack.addWidget(w)
        self.setCentralWidget(self.stack)

        self.orders, self.impulses = OrdersPanel(), ImpulseTrack()
        self.session.standing.orders = load_orders(self.settings)  # issue 11: standing orders, and what they answered
        orders_box = stacked(self.impulses, self.orders, FlowPanel(self.session, self.settings))
        self.hand, self.dice, self.log = CardHand(), DiceTray(), GameLog()
        self.rule_view = RuleView(settings=self.settings)
        self.docks = self.dock_layout.docks  # the play panels' docks by key (the same dict)
        panels = {"orders": orders_box, "dice": self.dice, "hand": self.hand, "log": self.log, "rules": self.rule_view}
        for key, title, area in PLAY_DOCKS:
            self.dock_layout.add_dock(key, title, panels[key], area)
        self.tabifyDockWidget(self.docks["dice"], self.docks["hand"])
        self.docks["dice"].raise_()
        self.splitDockWidget(self.docks["log"], self.docks["rules"], Qt.Orientation.Horizontal)
        # the guided first game's tutor (gui/panels/tutor.py), shown when it starts
        tutor = add_tutor_dock(self.session, self, lambda text: self.statusBar().showMessage(text, 10000))
        if tutor is not None:
            self.tutor, self.tutor_dock, self.tutor_toggle = tutor.panel, tutor.dock, tutor.toggle

        self._connect_parts()
        for keys, sizes, orientation in FIRST_DOCK_SIZES:
            self.resizeDocks([self.docks[k] for k in keys], sizes, orientation)
        self._build_menus()
        self.status = QLabel()
        self.statusBar().addPermanentWidget(self.status, 1)
        self.campaign = self._add_campaign()  # the Campaign menu, page and journal (issue 15 item 6)
        self.thinking_indicator = ThinkingIndicator(self.session)
        self.statusBar().addPermanentWidget(self.thinking_indicator)
        self.dock_layout.restore_layout()
        self._refresh()

    def _connect_parts(self) -> None:
        """The welcome page's buttons, the rule links of the log and the session, the session's refresh and the
        board's clicks (an option of the request, a ship, ships picked by Ctrl-click or rubber band)."""
        self.welcome.new.clicked.connect(self.files.new_game)
        self.welcome.open.clicked.connect(self.files.open_game)
        self.welcome.tutorial.clicked.connect(self.start_tutorial)
        self.log.ruleClicked.connect(self.session.show_rule)
        self.session.ruleRequested.connect(self._show_rule)
        self.session.changed.connect(self._refresh)
        self.board.optionClicked.connect(lambda index: self.board_help.pick_option(index, self.orders.widget))
        self.board.shipClicked.connect(self._board_ship)
        self.board.shipsPicked.connect(self.dock_layout.board_picked)  # gui/window/docks.py

    def _build_menus(self) -> None:
        mb = self.menuBar()
        game = mb.addMenu("&Game")
        self.act_new = make_action(self, "&New Game…", "Ctrl+N", self.files.new_game, game, "act-new")
        self.act_open = make_action(self, "&Open…", "Ctrl+O", self.files.open_game, game, "act-open")
        make_action(self, "&Watch a replay…", "Ctrl+Shift+R", lambda: self.watch_replay(), game, "act-watch")
        self.act_replay = make_action(self, "&Replay this game", "Ctrl+R", self.replay_this_game, game,
                                      "act-replay-this")
        self.act_save = make_action(self, "&Save", "Ctrl+S", self.files.save_game, game, "act-save")
        self.act_save_as = make_action(self, "Save &As…", "Ctrl+Shift+S", self.files.save_game_as, game, "act-save-as")
        make_action(self, "Play on&line…", None, lambda: online_dialog.play_online(self, self.settings), game, "act-online")
        self.recent_menu = RecentMenu(self, self.files)
        game.addMenu(self.recent_menu)
        game.addSeparator()
        self.act_undo = make_action(self, "&Undo last decision", "Ctrl+Z", self.session.presenter.undo, game,
                                    "act-undo")
        self.act_strike = make_action(self, "Stri&ke colours… (18.0)", "Ctrl+K", self.strike, game, "act-strike")
        make_action(self, "Se&ttings…", None, self.open_settings, game, "act-settings")
        game.addSeparator()
        self.act_quit = make_action(self, "&Quit", "Ctrl+Q", self.close, game, "act-quit")

        orders = mb.addMenu("&Orders")
        self.act_submit = make_action(self, "&Send orders (default button)", "Ctrl+Return", self.orders.submit_default,
                                       orders, "act-submit")
        # the keypad's Enter too (issue 28 item 1: Ctrl+Enter sends the default answer)
        self.act_submit.setShortcuts([QKeySequence("Ctrl+Return"), QKeySequence("Ctrl+Enter")])
        self.act_focus = make_action(self, "&Focus the orders panel", "F6", self.focus_orders, orders, "act-focus")
        self.act_handover = make_action(self, "&Take the screen (hand-over)", "Ctrl+H", self.session.presenter.confirm_handover,
                                         orders, "act-handover")
        self.act_rule = make_action(self, "&Read the rule of this decision", "F1", self.show_current_rule, orders,
                                     "act-rule")
        self.act_advice = make_action(self, "&What would the captain do?", "Ctrl+Shift+A", self.ask_captain, orders,
                                       "act-advice")

        library = mb.addMenu("&Library")
        self.act_library = make_action(self, "&Ships and scenarios…", "Ctrl+L", self.files.open_library, library, "act-library")
        make_action(self, "New s&hip…", "Ctrl+Shift+H", self.files.new_ship, library, "act-new-ship")
        make_action(self, "New sc&enario…", "Ctrl+Shift+E", self.files.new_scenario, library, "act-new-scenario")
        library.addSeparator()
        make_action(self, "&Balance lab…", "Ctrl+Shift+B", self.files.open_balance_lab, library, "act-balance-lab")

        self.view_menu = self.dock_layout.view_menu = mb.addMenu("&View")
        help_ = mb.addMenu("&Help")
        make_action(self, "&Turn sequence…", "Shift+F1", lambda: open_turn_reference(self, self.session.show_rule),
                     help_, "act-turn-sequence")
        make_action(self, "&Guided first game", None, self.start_tutorial, help_, "act-tutorial")
        if self.tutor_toggle is not None:
            help_.addAction(self.tutor_toggle)
        help_.addSeparator()
        make_action(self, "&Keyboard shortcuts", "Ctrl+/", self.show_shortcuts, help_, "act-keys")
        make_action(self, "&About Captain's Sea", None, self.about, help_, "act-about")
        self.dock_layout.rebuild_view_menu()

    # ------------------------------------------------------------------ refresh (session.changed)
    def _refresh(self, changes: Changes = EVERYTHING) -> None:
        """Draw the presenter's screen model (play/screen.py): nothing here reads the game itself. `changes` says
        what changed (play/changes.py): the board and the ship cards, the log and the dice tray skip a redraw
        they do not need."""
        session = self.session
        screen = session.screen()
        docks = self.dock_layout
        docks.ensure_ship_docks()
        view = screen.view
        if not screen.has_game:
            self.stack.setCurrentWidget(self.welcome)
        elif screen.curtain:
            self.handover.show_for(screen.side_name(screen.handover_to))
            self.stack.setCurrentWidget(self.handover)
            self.handover.button.setFocus()
        else:
            self.stack.setCurrentWidget(self.board)
        if view is not None and changes.cards:  # a ship under a fleet order shows it after her name (fleet_orders)
            marks = session.standing.fleet.marks()
            self.board.set_view(view, {s: n + (f" [{marks[s].split(',')[0]}]" if s in marks else "")
                                       for s, n in screen.ship_names.items()})
            self.board_help.reset()
            self._show_new_shifts(screen)
        request = screen.request
        drafts = session.crew.drafts() if request is not None and request.kind == "assign_crew" else {}
        for ship in screen.ships if changes.cards else ():
            if ship.id not in docks.ship_docks:
                continue  # a fleet game shows only the selected ship's card (gui/panels/fleet_dock.py)
            dock, scroll, stack = docks.ship_docks[ship.id]
            if view is None:
                stack.setCurrentIndex(1)
                scroll.card_widget.set_assignment(None, None)
                dock.setWindowTitle(ship.name)
                continue
            stack.setCurrentIndex(0)
            show_ship(scroll.card_widget, ship, view, drafts, request)
            dock.setWindowTitle(f"{ship.name}{'' if ship.own else ' (enemy)'}")
        if docks.fleet_list is not None:
            docks.fleet_list.refresh(screen, docks.fleet_selected, session.standing.fleet.marks())
        self.orders.refresh(session)
        self.impulses.refresh(screen)
        self.hand.refresh(screen)
        if changes.log:
            self.dice.refresh(screen)
            self.log.refresh(screen)
        self.board_help.refresh(screen)
        self._update_actions(screen)
        self._update_status(screen)
        shown_for = self.files.game_over_shown_for
        if screen.ended and shown_for == screen.key[0] and self.game_over_dialog is not None:
            self.game_over_dialog.show_result(screen)  # a campaign's verdict comes after the game's end (R19.0c)
        if screen.ended and shown_for != screen.key[0]:
            self.files.game_over_shown_for = screen.key[0]
            self.files.keep_finished_game()  # issue 28 item 7: in Recent games
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
        who = ("Referee view (all revealed)" if screen.viewer is None
               else f"You: {screen.side_name(screen.viewer)}")
        if screen.curtain:
            who = f"Hand-over to {screen.side_name(screen.handover_to)}"
        seats = ", ".join(f"{screen.side_name(side)}: {SEAT_LABELS[k]}" for side, k in screen.seats.items())
        self.status.setText(f"Turn {screen.turn} · {segment_text({'segment': screen.segment})} · wind from "
                            f"{COMPASS[wind_from(screen.wind)]} · {who} · {seats}")
        self.setWindowTitle(f"Captain's Sea — {screen.title}")

    def _board_ship(self, ship_id: str) -> None:
        self.board_help.ship_clicked(ship_id)
        self.dock_layout.select_ship(ship_id)  # her card dock, or in a fleet game the one card dock shows her

    def _show_new_shifts(self, screen: ScreenModel) -> None:
        """9.3: when the engine shifted every piece since the last screen, show it on the board."""
        shift = screen.map_shift
        if shift != (0, 0):
            self.board.show_shift(shift[0], shift[1])
            self.statusBar().showMessage(f"Map edge (9.3): every ship and smoke marker shifted by "
                                         f"{shift[0]:+d}, {shift[1]:+d} squares", 6000)

    def show_error(self, title: str, text: str) -> None:
        """An error said plainly: a message box (non-modal) and the status bar; `last_error` keeps the text."""
        self.last_error = text
        box = QMessageBox(QMessageBox.Icon.Warning, title, text, QMessageBox.StandardButton.Ok, self)
        box.setObjectName("error-box")
        box.open()
        self.statusBar().showMessage(text.splitlines()[0] if text else title, 10000)

    def _show_rule(self, rule: str) -> None:
        self.rule_view.show_rule(rule)
        dock = self.docks["rules"]
        dock.show()
        dock.raise_()

    # ------------------------------------------------------------------ actions
    def strike(self) -> None:
        box = QMessageBox(QMessageBox.Icon.Question, "Strike colours",
                          "Strike your colours? The game ends at once and your side loses (18.0).",
                          QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.No, self)
        box.setObjectName("strike-confirm")
        box.buttonClicked.connect(lambda b: box.buttonRole(b) == QMessageBox.ButtonRole.YesRole
                                  and self.session.presenter.strike_colors())
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
        campaign = self.campaign.battle is not None
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

    def start_tutorial(self) -> bool:
        """Help → Guided first game (gui/panels/tutor.py)."""
        return start_tutorial(self.files.start_game, self.show_error, self.tutorial_seed)

    def watch_replay(self, path: str | Path | None = None) -> ReplayViewer | None:
        """Game → Watch a replay… (gui/library/replay_viewer.py): bookmarks kept in the data folder."""
        start_in = self.settings.value("files/last_dir") or Path.home()
        return replay_viewer.watch_replay(self, self.data_folder, str(start_in), self.show_error, path)

    def replay_this_game(self) -> ReplayViewer | None:
        return replay_viewer.replay_this_game(self.session, self, self.data_folder, self.show_error)

    def _add_campaign(self) -> CampaignControl:
        """The Campaign menu, before View, given the parts of the window it uses (gui/campaign/menu.py)."""
        guard = self.files.guard
        control = CampaignControl(CampaignParts(
            self.stack, self.board, self.session, self.files.library, guard.ask, self.status,
            self.dock_layout.play_docks, Path(self.autosave.folder) if self.autosave is not None else default_data_dir(),
            self.show_error, self, lambda dock: self.addDockWidget(Qt.DockWidgetArea.BottomDockWidgetArea, dock),
            self.setWindowTitle))
        self.menuBar().insertMenu(self.view_menu.menuAction(), control.menu)
        return control

    # ------------------------------------------------------------------ crash recovery
    def offer_resume(self, found: Resumable) -> QMessageBox:
        """"Continue <scenario>, turn N, <what is asked>?" -- Continue / Not now (gui/window/resume_offer.py)."""
        self.resume_box = offer_resume(self, found, self.files.load_from, self.keep_for_later)
        return self.resume_box

    def keep_for_later(self, found: Resumable) -> None:
        """Not now: the unfinished game kept where the next cannot overwrite it (gui/window/resume_offer.py)."""
        not_now(found, self.autosave, self.recent, lambda text: self.statusBar().showMessage(text, 10000),
                self.show_error)

    def offer_campaign_battle(self, found: CampaignResumable) -> QMessageBox | None:
        """After a crash mid-battle of a campaign: continue it? (gui/campaign/resume.py; None: nothing to ask)."""
        library = self.files.library()
        if library is None:  # said by the file actions; the mark stays for the next start
            return None
        box = offer_campaign_battle(self, found, library, self.campaign.resume,
                                    lambda text: self.statusBar().showMessage(text, 15000))
        if box is not None:
            self.resume_box = box
        return box

    def closeEvent(self, event: QCloseEvent) -> None:  # noqa: N802 - Qt API
        if not self.files.guard.ask("close the window", self.close):
            event.ignore()  # Save / Discard / Cancel is asked first (gui/window/close_guard.py)
            return
        self.campaign.restore_play_docks()  # the layout kept is the play screen's, not the campaign page's
        self.dock_layout.save_layout()
        self.session.presenter.files.close_autosave()  # kept for the next start, unless the player discarded it
        self.session.close()
        super().closeEvent(event)
