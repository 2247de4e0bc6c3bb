"""The game session: the play presenter (`play/presenter.py`) on the Qt event loop, and the computer captains
thinking off the GUI thread.

Every view refreshes from one signal, `changed` (STYLE 7), and draws the presenter's screen model
(`screen()`, `play/screen.py`): widgets never call each other to stay in step and never read the game. The
signal carries the change set from the screen model last published to this one (`play/changes.Changes`), so a
panel skips a redraw it does not need (the log on no new events, the ship cards on no new view). Two
light extra signals exist: `draftChanged` while a player edits his crew assignment on a ship card (so the card
and the orders panel agree without a full refresh), and `ruleRequested` when a log entry asks for a rule's text.

Everything about the game — starting, seats, the hotseat curtain, answering, standing orders, undo, saving,
autosave — is the presenter's, and the window reaches it through its typed parts: `presenter` (start, load,
hand over, undo, strike), `files` (save, discard, what closing would lose), `crew` (the crew assignment being
edited) and `standing` (the standing and fleet orders). Besides these this class keeps only what a request
panel asks of a session (gui/panel_session.PanelSession, which an online seat's session meets too: the screen,
submit, the orders and their forms) and what is Qt's: the signals, and the computer captains, who think
on a copy of the game through qasync (`loop.run_in_executor`), so the window never freezes; the answer goes
back to the presenter on the GUI thread, which drops it if the game was replaced (new, load, undo) meanwhile.
A level's captain is made with its time cap (a slow machine ends a search early) and reports its search from
the thinking thread; that report crosses to the GUI thread through a queued signal and comes out as
`thinkingProgress(done, total)` — emitted as (0, 0) when a captain starts thinking — and `think_progress`. The
window's thinking indicator (thinking_indicator.py) reads them. When the game is replaced mid-search, the next
report ends the search (`Abandoned`), so the next captain does not wait behind it.
"""

from __future__ import annotations

import asyncio
import logging
from dataclasses import replace
from concurrent.futures import ThreadPoolExecutor
from typing import Any

from PySide6.QtCore import QObject, QTimer, Signal
from PySide6.QtWidgets import QApplication

from cs_desktop.play.autosave import AutosaveStore
from cs_desktop.play.changes import ChangeTracker
from cs_desktop.play.fair_advice import FairAdvice
from cs_desktop.play.order_forms import OrderForms
from cs_desktop.play.presenter import ComputerMove, PlayPresenter
from cs_desktop.play.presenter_crew import CrewDrafts
from cs_desktop.play.presenter_files import GameFiles
from cs_desktop.play.presenter_orders import HumanOrders
from cs_desktop.play.screen import ScreenModel
from cs_desktop.play.turn_flow import StandingOrders, card_kind
from cs_desktop.rules.decisions import Request

log = logging.getLogger(__name__)

_FALLBACK_LOOP: asyncio.AbstractEventLoop | None = None


def event_loop() -> asyncio.AbstractEventLoop:
    """The asyncio loop running on the Qt event loop: the running qasync loop (app.py), else one attached to the
    already running QApplication (tests, embedding)."""
    global _FALLBACK_LOOP
    try:
        return asyncio.get_running_loop()
    except RuntimeError:
        pass
    if _FALLBACK_LOOP is None or _FALLBACK_LOOP.is_closed():
        import qasync

        _FALLBACK_LOOP = qasync.QEventLoop(QApplication.instance(), already_running=True)
    return _FALLBACK_LOOP


class GameSession(QObject):
    #: what changed since the last screen model published (play/changes.Changes)
    changed = Signal(object)
    draftChanged = Signal()
    ordersEdited = Signal()  # the standing orders changed from a form (the flow panel keeps them in settings)
    ruleRequested = Signal(str)
    #: (iterations done, budget) of the thinking captain's search; (0, 0) when a captain starts thinking
    thinkingProgress = Signal(int, int)
    #: emitted from the thinking thread (token, done, total); queued to the GUI thread by Qt
    _workerProgress = Signal(int, int, int)

    def __init__(self, autosave: AutosaveStore | None = None, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.presenter = PlayPresenter(autosave)
        self.presenter.subscribe(self._presenter_changed)
        #: the game's files (play/presenter_files.GameFiles): save, discard, what closing would lose
        self.files: GameFiles = self.presenter.files
        #: the crew assignment being edited on the ship cards (play/presenter_crew.py); `draftChanged` on an edit
        self.crew: CrewDrafts = self.presenter.crew
        self.crew.on_change = self.draftChanged.emit
        #: the standing and fleet orders and what they answered (play/presenter_orders.py)
        self.standing: HumanOrders = self.presenter.standing
        #: the maneuver and fire forms of the request on screen (play/order_forms.py; the online seat's too)
        self.forms = OrderForms(self.screen, self.advice, lambda: self.standing.orders, lambda: self.standing.fleet,
                                lambda screen, request: self.standing.prefill(
                                    screen.view, request, {s.card.id: s.card for s in screen.ships}))
        #: the thinking captain's last report (done, total); (0, 0) before its first, or if it reports none
        self.think_progress: tuple[int, int] = (0, 0)
        self.think_delay_ms = 0
        self._executor = ThreadPoolExecutor(max_workers=1, thread_name_prefix="captain")
        self._workerProgress.connect(self._on_worker_progress)
        self._changes = ChangeTracker()  # the change set of each `changed` (play/changes.py)

    # ------------------------------------------------------------------ what the window draws
    def screen(self) -> ScreenModel:
        return self.presenter.screen()

    def advice(self) -> FairAdvice | None:
        return self.presenter.advice()

    def request(self) -> Request | None:
        return self.screen().request

    def side_name(self, side: str | None) -> str:
        return self.screen().side_name(side)

    # ------------------------------------------------------------------ what the request panels use
    # (the same names as gui/online_session.OnlineSeatSession's: a panel works on either)
    @property
    def curtain(self) -> bool:
        return self.presenter.curtain

    @property
    def shown_side(self) -> str | None:
        return self.presenter.shown_side

    def submit(self, answer: Any) -> bool:
        return self.presenter.submit(answer)

    def random_answer(self, seed: int) -> Any:
        return self.presenter.random_answer(seed)

    def set_orders(self, orders: StandingOrders) -> None:
        self.presenter.set_orders(orders)

    def never_offer(self, card: str) -> None:
        """The Hold card `card` (its kind, "weather-eye") is never offered again (standing order never_cards);
        the request on screen is answered at once if no other card is left to offer."""
        kinds = set(self.standing.orders.never_cards.split(",")) - {""}
        self.set_orders(replace(self.standing.orders, never_cards=",".join(sorted(kinds | {card_kind(card)}))))
        self.ordersEdited.emit()

    # ------------------------------------------------------------------ fleet orders (play/fleet_orders.py)
    def give_fleet_order(self, kind: str, ships: list[str]) -> bool:
        """Ships of the side at the screen take a standing fleet order; it applies at once (False: none)."""
        screen = self.screen()
        own = [s.id for s in screen.ships if s.own and s.id in ships and screen.viewer is not None]
        if not own:
            self.presenter.last_message = "Select ships of your own side in the fleet list first."
        else:
            self.standing.fleet.give(kind, own)
        self.presenter.set_orders(self.standing.orders)
        return bool(own)

    def cancel_fleet_orders(self, ships: list[str]) -> None:
        self.standing.fleet.cancel(ships)
        self.presenter.set_orders(self.standing.orders)

    def passed_for(self, side: str | None, most: int = 8) -> list[str]:
        return self.standing.passed_for(side, most)

    def show_rule(self, rule: str) -> None:
        self.ruleRequested.emit(rule)

    def close(self) -> None:
        """The window closes: the game is kept for the next start (play/autosave.py), a search still running
        ends at its next report (Abandoned)."""
        self.presenter.token += 1
        self._executor.shutdown(wait=False, cancel_futures=True)

    # ------------------------------------------------------------------ after every change
    def _presenter_changed(self) -> None:
        self.changed.emit(self._changes.after(self.presenter.screen()))
        self._schedule_computer()

    # ------------------------------------------------------------------ computer captains
    def _schedule_computer(self) -> None:
        move = self.presenter.computer.move()
        if move is None:
            return
        self.think_progress = (0, 0)
        self.thinkingProgress.emit(0, 0)
        self.changed.emit(self._changes.after(self.presenter.screen()))  # a captain thinks now: only `thinking`
        if self.think_delay_ms > 0:
            QTimer.singleShot(self.think_delay_ms, lambda: self._start_thinking(move))
        else:
            self._start_thinking(move)

    def _start_thinking(self, move: ComputerMove) -> None:
        if self.presenter.computer.replaced(move):
            return
        asyncio.ensure_future(self._think(move), loop=event_loop())

    async def _think(self, move: ComputerMove) -> None:
        captain = move.captain
        if hasattr(captain, "progress"):  # a level reports its search from the thinking thread
            def report(done: int, total: int) -> None:
                if self.presenter.computer.replaced(move):
                    raise Abandoned()  # the game was replaced: end the search now, its answer is not wanted
                self._workerProgress.emit(move.token, done, total)

            captain.progress = report
        error: BaseException | None = None
        try:
            answer = await event_loop().run_in_executor(self._executor, captain.choose, move.seat)
        except Exception as e:  # a captain that fails must not hang the game
            answer, error = None, e
        self.presenter.computer.answered(move, answer, error)

    def _on_worker_progress(self, token: int, done: int, total: int) -> None:
        """On the GUI thread: a captain's report, if it still thinks for this game."""
        if token != self.presenter.token or self.presenter.computer.thinking is None:
            return
        self.think_progress = (done, total)
        self.thinkingProgress.emit(done, total)


class Abandoned(Exception):
    """Raised in the thinking thread to end a search whose game was replaced (new, load, undo, strike)."""
