"""Game → Play online…: host a game on a referee server or join one with an invitation code, and play the seat.

The client (`cs_desktop.online.client.SeatClient`) runs on its own thread's asyncio loop (`OnlineLink`); every
frame it receives comes to the window as the `frame` signal, and the dialog draws from the frames alone — the
seat's view, its request and the events it may see; it never holds a game. A request that lists its choices is
answered from the list; any request can be answered by the judgment captain on the seat's view (the same
`RemoteSeat` a computer client uses). A spectator (`watch`, with the game's spectator code: its id) sees the
public view read-only: the board, the ship cards as every side sees them, the dice and the log. A refusal is
shown with its rule. The request panels, the board with its overlays, the ship cards (with the crew assignment
on the seat's own cards), the dice tray and the game log are the play screen's own widgets, drawing the seat's
screen model (gui/online/session.py, gui/online/board.py).
The player's standing orders (settings.ini, as at one screen) and fleet orders answer what they cover before
a request is shown (`_answer_or_show`); "Ask me everything", the answers given with their reasons and a
"Standing orders…" form are under the request, as under the orders panel of the main window. The lobby (server,
host, join, watch, the player's games) is a widget of its own the dialog owns: gui/online/lobby.py.
"""

from __future__ import annotations

import asyncio
import json
import threading
from concurrent.futures import Future
from typing import Any

from PySide6.QtCore import QObject, QSettings, Signal
from PySide6.QtWidgets import (QDialog, QDialogButtonBox, QGroupBox, QHBoxLayout, QLabel, QListWidget, QPushButton,
                               QVBoxLayout, QWidget)

from websockets.exceptions import ConnectionClosed

from cs_desktop.ai.captains import make_captain
from cs_desktop.gui.online.actions import SeatActions
from cs_desktop.gui.online.board import SeatBoard
from cs_desktop.gui.online.lobby import Lobby
from cs_desktop.gui.online.session import PANELS, OnlineSeatSession
from cs_desktop.gui.panels.orders import GameLog
from cs_desktop.gui.requests import make_request_widget
from cs_desktop.gui.dialogs.standing_orders import FlowPanel, StandingOrdersBox, load_orders, save_orders
from cs_desktop.online.client import OnlineError, RemoteSeat, SeatClient, SeatState, my_games, request_of
from cs_desktop.online.command import host_game
from cs_desktop.rules.cards import Scenario, ShipCard

#: seconds a first connection keeps trying (a mistyped server fails soon), and a seated one (the server restarts)
JOIN_FOR = 10.0
RESUME_FOR = 600.0
NOT_SENT = "Not sent: the connection is down and being made again; your seat comes back at the same decision"


class OnlineLink(QObject):
    """A `SeatClient` on a thread of its own; its frames are emitted to the GUI thread, one signal each."""

    frame = Signal(object)  # a frame as a dict (a new object: nothing is shared with the network thread)
    failed = Signal(str)
    lost = Signal(str)  # the seat's connection is gone for good (a bad code, or the server away too long)

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.loop = asyncio.new_event_loop()
        self.worker = threading.Thread(target=self.loop.run_forever, name="online-link", daemon=True)
        self.worker.start()
        self.client: SeatClient | None = None

    def _run(self, coro: Any) -> Future[Any]:
        return asyncio.run_coroutine_threadsafe(coro, self.loop)

    def host(self, url: str, scenario: str, seats: dict[str, str], key: str = "") -> None:
        self._run(self._host(url, scenario, seats, {"key": key} if key else {}))

    async def _host(self, url: str, scenario: str, seats: dict[str, str], extra: dict[str, str]) -> None:
        try:
            self.frame.emit(await host_game(url, scenario, seats, **extra))
        except OSError as e:
            self.failed.emit(f"cannot reach {url}: {e}")

    def join(self, url: str, code: str) -> None:
        self._run(self._follow(SeatClient(url, code, retry_for=JOIN_FOR)))

    def watch(self, url: str, game: str) -> None:
        """Follow game `game` as a spectator: the public view and the events every side sees."""
        self._run(self._follow(SeatClient(url, "", retry_for=JOIN_FOR, watch=game)))

    async def _follow(self, client: SeatClient) -> None:
        self.client = client
        sent = 0
        try:
            await client.connect()
            client.retry_for = RESUME_FOR  # seated: a dropped connection or a restarted server is waited for
            while True:
                for text in client.frames[sent:]:
                    self.frame.emit(json.loads(text))
                sent = len(client.frames)
                await client.receive()
        except (OnlineError, OSError) as e:
            self.lost.emit(str(e))

    async def _send(self, message: dict[str, Any]) -> None:
        """Send on the seat's connection; while it is down (being made again by `_follow`), say so instead: the
        seat's state comes back with the connection, and the player answers it then."""
        client = self.client
        if client is None or not client.connected:
            self.failed.emit(NOT_SENT)
            return
        try:
            await client.send(message)
        except ConnectionClosed:
            self.failed.emit(NOT_SENT)

    def games(self, url: str, codes: list[str]) -> None:
        self._run(self._games(url, codes))

    async def _games(self, url: str, codes: list[str]) -> None:
        try:
            self.frame.emit({"t": "games", "codes": codes, "games": await my_games(url, codes)})
        except (OnlineError, OSError) as e:
            self.failed.emit(f"cannot list the games on {url}: {e}")

    def submit(self, ask: int, answer: Any) -> None:
        if self.client is not None:
            self._run(self._send({"t": "submit", "ask": ask, "answer": answer}))

    def strike(self, ask: int) -> None:
        """18.0: strike the seat's colours (its `ask` answers given so far)."""
        if self.client is not None:
            self._run(self._send({"t": "strike", "ask": ask}))

    def export(self) -> None:
        """Ask for the finished game's saved-game data (an `export` frame)."""
        if self.client is not None:
            self._run(self._send({"t": "export"}))

    def ask_undo(self, ask: int) -> None:
        """Ask to take back the seat's last decision (its `ask` answers given so far)."""
        if self.client is not None:
            self._run(self._send({"t": "undo", "ask": ask}))

    def consent(self, agree: bool) -> None:
        if self.client is not None:
            self._run(self._send({"t": "consent", "agree": agree}))

    def close(self) -> None:
        async def stop() -> None:
            if self.client is not None:
                await self.client.close()
            for task in asyncio.all_tasks():
                if task is not asyncio.current_task():
                    task.cancel()
        self._run(stop()).result(timeout=10)
        self.loop.call_soon_threadsafe(self.loop.stop)
        self.worker.join(timeout=10)


class OnlineDialog(QDialog):
    """Host or join, then play one seat from its frames."""

    def __init__(self, parent: QWidget | None = None, settings: QSettings | None = None) -> None:
        super().__init__(parent)
        self.settings = settings
        self.setObjectName("online-dialog")
        self.setWindowTitle("Play online")
        self.link = OnlineLink(self)
        self.seat = SeatState()
        self._cards: tuple[Scenario, dict[str, ShipCard]] | None = None
        self.session: OnlineSeatSession | None = None
        self.flow: FlowPanel | None = None  # "Ask me everything" and the answers the orders gave (once seated)
        self._by_orders: int | None = None  # the request (ask number) the orders answered, until it is acknowledged
        self._listed_turn: Any = None
        outer = QHBoxLayout(self)
        controls = QWidget()
        layout = QVBoxLayout(controls)
        layout.setContentsMargins(0, 0, 0, 0)
        self.seat_board = SeatBoard()
        self.seat_board.board.optionClicked.connect(lambda index: self.seat_board.pick_option(index, self.panel))
        outer.addWidget(controls, 2)
        outer.addWidget(self.seat_board, 3)
        #: server, host, join, watch and the player's games (gui/online/lobby.py)
        self.lobby = Lobby(self.link, settings, self._say)
        layout.addWidget(self.lobby)
        layout.addWidget(self._play_box(), 1)
        self.link.frame.connect(self._on_frame)
        self.link.failed.connect(self._say)
        self.link.lost.connect(self._lost)
        self.finished.connect(lambda _result: self.link.close())

    # ------------------------------------------------------------------ building
    def _play_box(self) -> QGroupBox:
        box = QGroupBox("Your seat")
        col = QVBoxLayout(box)
        self.status = QLabel("Not connected.")
        self.status.setObjectName("online-status")
        self.prompt = QLabel()
        self.prompt.setWordWrap(True)
        self.choices = QListWidget()
        self.choices.setObjectName("online-choices")
        buttons = QHBoxLayout()
        self.send_button = QPushButton("Send")
        self.send_button.setObjectName("online-send")
        self.send_button.clicked.connect(self.send_choice)
        self.judgment_button = QPushButton("Let the judgment captain answer")
        self.judgment_button.setObjectName("online-judgment")
        self.judgment_button.clicked.connect(self.send_judgment)
        buttons.addWidget(self.send_button)
        buttons.addWidget(self.judgment_button)
        self.message = QLabel()
        self.message.setObjectName("online-message")
        self.message.setWordWrap(True)
        self.log = GameLog()
        self.log.setObjectName("online-log")
        self.panel_area = QVBoxLayout()
        self.panel: QWidget | None = None  # the play screen's panel for the request, when it has one
        self.flow_area = QVBoxLayout()
        self.orders_button = QPushButton("Standing orders…")
        self.orders_button.setObjectName("online-orders")
        self.orders_button.setToolTip("Which requests your orders answer for you, from what your side can see "
                                      "(the same as Game → Settings… at one screen)")
        self.orders_button.clicked.connect(self.edit_orders)
        self.orders_button.setEnabled(False)
        buttons.addWidget(self.orders_button)
        col.addWidget(self.status)
        col.addWidget(self.prompt)
        col.addLayout(self.panel_area)
        col.addLayout(self.flow_area)
        col.addWidget(self.choices)
        col.addLayout(buttons)
        # undo, strike, save the finished game
        self.seat_actions = SeatActions(self.link, self.seat, self._say, self._side_name)
        col.addWidget(self.seat_actions)
        col.addWidget(self.message)
        col.addWidget(self.log, 1)
        self._show_request()
        return box

    # ------------------------------------------------------------------ actions
    def _lost(self, why: str) -> None:
        """The seat's connection is gone: say why and let the player join again (the seat resumes at the exact
        decision: the server keeps the game)."""
        self._say(f"{why}. Join again to go on from the same decision.")
        self.lobby.lost()

    def send_choice(self) -> None:
        request = self.seat.request
        row = self.choices.currentRow()
        if request is None or not request.get("options") or row < 0:
            self._say("Choose one of the listed answers first (or let the judgment captain answer).")
            return
        self._send(request["options"][row])

    def send_judgment(self) -> None:
        if self.seat.request is None or self._cards is None:
            return
        scenario, cards = self._cards
        captain: Any = make_captain("judgment", self.seat.ask)
        self._send(captain.choose(RemoteSeat(self.seat, cards, scenario)))

    def _send(self, answer: Any) -> None:
        self.send_button.setEnabled(False)
        self.judgment_button.setEnabled(False)
        if self.panel is not None:
            self.panel.setEnabled(False)
        self.link.submit(self.seat.ask, answer)

    # ------------------------------------------------------------------ frames
    def _on_frame(self, frame: dict[str, Any]) -> None:
        kind = frame.get("t")
        if kind == "hosted":
            self.lobby.hosted(frame)
            return
        if kind == "games":
            self.lobby.listed(frame)
            return
        self.seat.apply(frame)
        if kind == "welcome" and self.session is not None:  # connected again: an answer of the orders that was
            self.session.standing.answered = -1  # not sent is sent again (the server takes an answer once)
            self._by_orders = None
        if kind == "welcome" and self._cards is None:  # (a welcome again after a reconnection changes nothing)
            self._cards = (Scenario.model_validate(frame["scenario"]),
                           {k: ShipCard.model_validate(v) for k, v in frame["ships"].items()})
            self.session = OnlineSeatSession(self.seat, *self._cards, self.link.submit, self, load_orders(self.settings))
            self.seat_board.attach(self.session, self._say)
            self.session.changed.connect(  # the log drawn again when its events changed (play/changes.py)
                lambda changes: self.log.refresh(self.session.screen()) if self.session and changes.log else None)
            if self.seat.side is None:
                self._spectator()
            else:
                self.session.ordersApplied.connect(self._answer_or_show)
                self.flow = FlowPanel(self.session, self.settings)
                self.flow_area.addWidget(self.flow)
                self.orders_button.setEnabled(True)
        elif kind == "update":
            standing = (self.seat.view.get("turn"), self.seat.request is not None)
            if standing != self._listed_turn:
                self._listed_turn = standing
                self.lobby.refresh_games()  # the list says where each game stands: its turn, and whose move it is
            self.lobby.seated()
            if self.session is not None:
                self.session.refresh()
            self._answer_or_show()
        elif kind == "refused":
            self._say(f"Refused ({frame['rule']}): {frame['message']}")
            self._by_orders = None  # (never expected for the orders' answer) the player answers it himself
            self._show_request()
        elif kind == "ack":
            self._say("Sent.")
        elif kind == "export":
            self.seat_actions.exported(frame)
        elif kind == "undo-asked":
            self.seat_actions.undo_asked(frame)
        elif kind == "undo-result":
            self.seat_actions.undo_result(frame)
            self._show_request()
        elif kind == "error":
            self._say(str(frame.get("message")))

    # ------------------------------------------------------------------ standing and fleet orders
    def _answer_or_show(self) -> None:
        """The orders answer the pending request if they cover it (sent, its reason said); else it is shown."""
        why = self.session.answer_by_orders() if self.session is not None else None
        if why is not None:
            self._by_orders = self.seat.ask
            self._say(f"Answered for you: {why.split(' — ')[0]} (the reason under the request)")
            if self.flow is not None:
                self.flow.refresh()
        self._show_request()

    def asking(self) -> bool:
        """Whether the seat's request is put to the player now (not answered by his orders)."""
        return self.seat.request is not None and self._by_orders != self.seat.ask and not self.seat.ended

    def edit_orders(self) -> QDialog:
        """The standing orders as a form, as in Game → Settings…: kept in settings.ini, applied at once."""
        box = QDialog(self)
        box.setObjectName("online-orders-dialog")
        box.setWindowTitle("Standing orders")
        form = StandingOrdersBox(self.session.standing.orders if self.session is not None else load_orders(self.settings))
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel)
        buttons.accepted.connect(box.accept)
        buttons.rejected.connect(box.reject)
        lay = QVBoxLayout(box)
        lay.addWidget(form)
        lay.addWidget(buttons)
        box.accepted.connect(lambda: self._orders_set(form.orders()))
        box.open()
        return box

    def _orders_set(self, orders: Any) -> None:
        save_orders(self.settings, orders)
        if self.session is not None:
            self.session.set_orders(orders)

    def _spectator(self) -> None:
        """Read-only: nothing to answer, take back, strike or give orders for."""
        for widget in (self.choices, self.send_button, self.judgment_button, self.orders_button, self.seat_actions):
            widget.setVisible(False)

    def _show_request(self) -> None:
        request, seat = self.seat.request, self.seat
        if self.lobby.watching:
            view = seat.view
            segment = str(view.get("segment", "")).replace("_", " ").replace(":", " ")
            self.status.setText(("Watching (the public view): " + ("game over" if seat.ended else
                                 f"turn {view.get('turn')}, {segment}")) if view else "Watching…")
            if view and self.message.text() == "Watching…":
                self._say("")
            return
        if request is not None and self._by_orders == seat.ask:
            request = None  # answered by the orders: the acknowledgement and the next state are on their way
        self.choices.clear()
        if seat.side is not None:
            view = seat.view
            segment = str(view.get("segment", "")).replace("_", " ").replace(":", " ")
            where = f"turn {view.get('turn')}, {segment}" if view else ""
            state = "game over" if seat.ended else ("your decision" if request else
                                                     "answered by your orders" if seat.request else
                                                     "waiting for the other side")
            self.status.setText(f"{self._side_name(seat.side)}, {where}: {state}")
        self.prompt.setText(f"{request['prompt']} ({request['rule']})" if request else "")
        listed = bool(request and request.get("options"))
        if request and listed:
            self.choices.addItems([_short(option) for option in request["options"]])
            self.choices.setCurrentRow(0)
        self._show_panel()
        has_panel = self.panel is not None
        self.choices.setVisible(listed and not has_panel)
        self.send_button.setVisible(listed and not has_panel)
        self.send_button.setEnabled(listed and not has_panel)
        self.judgment_button.setEnabled(request is not None)
        self.seat_actions.refresh()

    def _show_panel(self) -> None:
        """The play screen's own panel for the request (gui/requests/__init__.py), where it works on an online seat."""
        if self.panel is not None:
            self.panel_area.removeWidget(self.panel)
            self.panel.deleteLater()
            self.panel = None
        request = self.seat.request
        if request is None or self.session is None or request["kind"] not in PANELS or self._by_orders == self.seat.ask:
            return
        panel = make_request_widget(request_of(request), self.session, self)
        panel.submitted.connect(lambda: panel.setEnabled(False))  # until the server's answer comes back
        self.panel = panel
        self.panel_area.addWidget(panel)

    def _side_name(self, side: str) -> str:
        return self.session.side_name(side) if self.session is not None else side

    def _say(self, text: str) -> None:
        self.message.setText(text)


def _short(option: Any) -> str:
    text = option if isinstance(option, str) else json.dumps(option, ensure_ascii=False)
    return text if len(text) <= 120 else text[:117] + "…"


def play_online(parent: QWidget, settings: QSettings | None) -> OnlineDialog:
    """Game → Play online…: the dialog, non-modal over `parent` (the window stays usable); the player's name and
    standing orders are kept in `settings`."""
    dialog = OnlineDialog(parent, settings)
    dialog.resize(1400, 900)
    dialog.open()
    return dialog
