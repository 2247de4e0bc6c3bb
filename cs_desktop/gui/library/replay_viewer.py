"""The replay viewer (issue 11, item 5): a window to watch a game again, step by step.

The board, the ship cards and the log follow the position of a replay model (`cs_desktop.play.replay.Replay`,
Qt-free: it decides what may be shown); this window only draws `replay.view()` with the play screen's own
widgets (`BoardView.set_view`, `ShipCardWidget.set_card`, `GameLog.refresh`) and moves the model on the
controls (gui/library/replay_controls.py): steps by decision, impulse and turn, a slider, a turn box, bookmarks.
Keys: Left/Right a decision, Ctrl+Left/Ctrl+Right an impulse, Page Up/Page Down a turn, Home/End the ends,
Ctrl+B bookmark, Ctrl+0 fit the ships.

Opened from the main window's Game menu: "Watch a replay…" (any .csgame) and "Replay this game" (the game in
play, in the view of the player at the screen unless it is over) -- `watch_replay` and `replay_this_game`.
"""

from __future__ import annotations

from pathlib import Path
from collections.abc import Callable
from typing import TYPE_CHECKING

from PySide6.QtCore import QRect, QRectF, Qt, QTimer
from PySide6.QtGui import QAction, QGuiApplication, QKeySequence, QShowEvent
from PySide6.QtWidgets import QDockWidget, QFileDialog, QMainWindow, QTabWidget, QVBoxLayout, QWidget

from cs_desktop.gui.board import BoardView
from cs_desktop.gui.panels.orders import GameLog
from cs_desktop.gui.library.replay_controls import BookmarkPanel, TransportBar
from cs_desktop.gui.panels.ship_card import ShipCardScroll
from cs_desktop.play.replay import BookmarkError, BookmarkStore, Replay
from cs_desktop.play.screen import replay_screen
from cs_desktop.formats.savegame import SUFFIX, SaveError

if TYPE_CHECKING:
    from cs_desktop.gui.session import GameSession

#: step name -> key(s) of its shortcut
KEYS: dict[str, tuple[str, ...]] = {"back": ("Left",), "forward": ("Right",), "back_impulse": ("Ctrl+Left",),
        "forward_impulse": ("Ctrl+Right",), "back_turn": ("PgUp",), "forward_turn": ("PgDown",),
        "first": ("Home",), "last": ("End",)}


class ReplayViewer(QMainWindow):
    """A window showing one replay. `refresh()` redraws everything from the model after each move."""

    def __init__(self, replay: Replay, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowFlag(Qt.WindowType.Window, True)
        self.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose, True)
        self.setObjectName("replay-viewer")
        self.replay = replay
        self.last_error = ""
        self.setWindowTitle(f"Replay — {replay.title} — {Path(replay.source).name if replay.source else ''}")
        self.board = BoardView()
        self.board.setObjectName("replay-board")
        self.board.scene_builder.set_ship_names(replay.ship_names())
        self.transport = TransportBar()
        centre = QWidget()
        lay = QVBoxLayout(centre)
        lay.setContentsMargins(0, 0, 0, 0)
        lay.setSpacing(0)
        lay.addWidget(self.board, 1)
        lay.addWidget(self.transport)
        self.setCentralWidget(centre)

        self.cards: dict[str, ShipCardScroll] = {}
        self.card_tabs = QTabWidget()
        self.card_tabs.setObjectName("replay-cards")
        for sid, card in replay.cards().items():
            scroll = ShipCardScroll()
            self.cards[sid] = scroll
            self.card_tabs.addTab(scroll, card.name)
        self.log = GameLog()
        self.bookmarks = BookmarkPanel()
        self.docks: dict[str, QDockWidget] = {}
        self._dock("cards", "Ship cards", self.card_tabs, Qt.DockWidgetArea.LeftDockWidgetArea)
        self._dock("bookmarks", "Bookmarks", self.bookmarks, Qt.DockWidgetArea.RightDockWidgetArea)
        self._dock("log", "Game log", self.log, Qt.DockWidgetArea.BottomDockWidgetArea)
        self.docks["cards"].setMinimumWidth(400)  # a ship card is not readable narrower
        self._placed = False

        self.transport.step.connect(self.do_step)
        self.transport.seek.connect(self.seek)
        self.transport.turn.connect(self.jump_to_turn)
        self.transport.viewerChosen.connect(self._viewer_chosen)
        self.bookmarks.add.connect(self.add_bookmark)
        self.bookmarks.remove.connect(self.remove_bookmark)
        self.bookmarks.chosen.connect(self.goto_bookmark)
        self.actions_by_step: dict[str, QAction] = {}
        self._add_keys()
        screen = QGuiApplication.primaryScreen()
        free = screen.availableGeometry() if screen is not None else QRect(0, 0, 1500, 940)
        self.resize(min(1500, free.width() - 16), min(940, free.height() - 16))  # inside the screen
        self.refresh()
        self.board.fit_to_ships()

    def _add_keys(self) -> None:
        """The window's keys: a step each (KEYS, kept in `actions_by_step`), Ctrl+B bookmark, Ctrl+0 fit the board
        to the ships, Ctrl+W close."""
        for name, keys in KEYS.items():
            act = QAction(self)
            act.setObjectName(f"replay-key-{name}")
            act.setShortcuts([QKeySequence(k) for k in keys])
            act.setShortcutContext(Qt.ShortcutContext.WindowShortcut)
            act.triggered.connect(lambda _=False, n=name: self.do_step(n))
            self.addAction(act)
            self.actions_by_step[name] = act
        for key, slot in (("Ctrl+B", lambda: self.add_bookmark("")), ("Ctrl+0", self.board.fit_to_ships),
                           ("Ctrl+W", self.close)):
            act = QAction(self)
            act.setShortcut(QKeySequence(key))
            act.triggered.connect(slot)
            self.addAction(act)

    def showEvent(self, event: QShowEvent) -> None:  # noqa: N802 - Qt API
        super().showEvent(event)
        if not self._placed:  # the docks take their widths once the window has its size
            self._placed = True
            self.resizeDocks([self.docks["cards"], self.docks["bookmarks"]], [480, 220], Qt.Orientation.Horizontal)
            self.resizeDocks([self.docks["log"]], [200], Qt.Orientation.Vertical)
            QTimer.singleShot(0, self, self.board.fit_to_ships)

    def _dock(self, key: str, title: str, widget: QWidget, area: Qt.DockWidgetArea) -> None:
        dock = QDockWidget(title, self)
        dock.setObjectName(f"replay-dock-{key}")
        dock.setWidget(widget)
        dock.setFeatures(QDockWidget.DockWidgetFeature.DockWidgetMovable
                         | QDockWidget.DockWidgetFeature.DockWidgetFloatable)
        self.addDockWidget(area, dock)
        self.docks[key] = dock

    # ------------------------------------------------------------------ moving
    def do_step(self, name: str) -> None:
        getattr(self.replay, name)()
        self.refresh()

    def seek(self, position: int) -> None:
        self.replay.goto(position)
        self.refresh()

    def jump_to_turn(self, turn: int) -> None:
        self.replay.jump_to_turn(turn)
        self.refresh()

    def _viewer_chosen(self, index: int) -> None:
        self.replay.set_viewer(self.replay.viewer_choices[index])
        self.refresh()

    # ------------------------------------------------------------------ bookmarks
    def add_bookmark(self, name: str) -> None:
        try:
            mark = self.replay.bookmarks.add(name, self.replay.position)
        except BookmarkError as e:
            self._problem(str(e))
        else:
            self.statusBar().showMessage(f"Bookmarked: {mark.name}", 4000)
        self.refresh()

    def remove_bookmark(self, name: str) -> None:
        try:
            self.replay.bookmarks.remove(name)
        except BookmarkError as e:
            self._problem(str(e))
        self.refresh()

    def goto_bookmark(self, name: str) -> None:
        self.replay.goto(self.replay.bookmarks.position_of(name))
        self.refresh()

    def _problem(self, text: str) -> None:
        self.last_error = text
        self.statusBar().showMessage(text, 10000)

    # ------------------------------------------------------------------ drawing
    def refresh(self) -> None:
        view = self.replay.view()
        self.board.set_view(view)
        for sid, scroll in self.cards.items():
            state = view["ships"][sid]
            scroll.card_widget.set_card(self.replay.cards()[sid], state, self.replay.own(sid),
                                        self.replay.ship_names()[sid])
            i = self.card_tabs.indexOf(scroll)
            self.card_tabs.setTabText(i, f"{self.replay.ship_names()[sid]}{'' if self.replay.own(sid) else ' (enemy)'}")
        # the log draws the same screen model as in play; its key stays the same while the replay is open, so
        # going forward only adds entries
        self.log.refresh(replay_screen(view, self.replay.viewer, self.replay.cards(), self.replay.title,
                                       id(self.replay), self.replay.position))
        self.transport.refresh(self.replay)
        self.bookmarks.refresh(self.replay, self.replay.bookmarks.problem or self.last_error)
        self._keep_ships_in_view()

    def _keep_ships_in_view(self) -> None:
        """Fit the ships again only when one afloat has left the visible part of the board."""
        if not self.isVisible():
            return
        seen = self.board.mapToScene(self.board.viewport().rect()).boundingRect()
        for item in self.board.ship_items.values():
            if not (item.struck or item.captured) and not seen.contains(QRectF(item.sceneBoundingRect())):
                self.board.fit_to_ships()
                return


# ---------------------------------------------------------------------------------------------- opening
def show_viewer(parent: QWidget, replay: Replay) -> ReplayViewer:
    """The viewer, a window of its own over `parent` (which owns it until it is closed)."""
    viewer = ReplayViewer(replay, parent)
    viewer.show()
    viewer.raise_()
    viewer.board.fit_to_ships()
    return viewer


def watch_replay(parent: QWidget, bookmarks: Path, start_in: str | Path, show_error: Callable[[str, str], None],
                 path: str | Path | None = None) -> ReplayViewer | None:
    """Game → Watch a replay…: any saved game (asked for in `start_in` unless `path` is given), its bookmarks
    kept in the folder `bookmarks`. A file that cannot be used is reported (file, field, what is wrong) and
    nothing else changes."""
    if path is None:
        chosen, _ = QFileDialog.getOpenFileName(parent, "Watch a replay", str(start_in),
                                                f"Saved games (*{SUFFIX});;All files (*)")
        if not chosen:
            return None
        path = chosen
    try:
        replay = Replay.from_file(path, BookmarkStore(bookmarks))
    except SaveError as e:
        show_error("Cannot watch this replay", str(e))
        return None
    return show_viewer(parent, replay)


def replay_this_game(session: GameSession, parent: QWidget, bookmarks: Path,
                     show_error: Callable[[str, str], None]) -> ReplayViewer | None:
    """Game → Replay this game: the game in play so far, in the view of the player at the screen (everything
    only once it is over). The game goes on untouched."""
    if not session.screen().has_game:
        show_error("Replay this game", "There is no game to replay: start or open one first.")
        return None
    if session.curtain:
        show_error("Replay this game", "The screen is being handed over: the next player takes it first "
                                       "(Orders → Take the screen), then opens the replay.")
        return None
    return show_viewer(parent, session.presenter.files.replay_in_play(BookmarkStore(bookmarks)))
