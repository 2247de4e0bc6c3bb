"""One online game being played: the true game, its seats, its computer captains and who is watching.

Every change goes one way: a decision is checked by the engine (`Game.submit`), committed to the game's database,
acknowledged to its sender, and then each connected seat and spectator is sent a frame if what it may know has
changed (cs_desktop/online/frames.py). A seat held by a computer captain is answered here, by the captain of
cs_desktop/ai given the same `Seat` as offline, in a worker thread while the table's lock keeps the game still.
All of this runs on the server's event loop; only a captain's thinking runs elsewhere.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from cs_desktop.ai.captains import Captain, make_captain
from cs_desktop.ai.seat import seat_for
from cs_desktop.online import frames
from cs_desktop.online.protocol import encode
from cs_desktop.online.store import GameStore, SeatRow
from cs_desktop.rules.decisions import Refusal
from cs_desktop.rules.game import Accepted, Game

log = logging.getLogger(__name__)

HUMAN = "human"
#: seconds the other seats have to answer a request to take back a decision before it lapses (refused)
UNDO_TIMEOUT = 300.0


@dataclass(eq=False)
class UndoAsk:
    """A seat asks to take back its last decision (number `index` of the game's): the human seats in `waiting`
    must each agree; a refusal, the timeout or any later decision ends it with nothing changed."""

    side: str
    index: int
    waiting: set[str]
    timer: asyncio.TimerHandle | None = None


@dataclass(eq=False)
class Subscriber:
    """A connection at this table: a seat (`side`) or a spectator (`side` None). `push` queues a frame's text
    for the connection's writer; it returns False when the connection cannot keep up (it is then dropped)."""

    side: str | None
    push: Callable[[str], bool]
    upto: int = 0  # the events up to this number have been sent
    last: str = ""  # the state part of the last update sent
    alive: bool = field(default=True)


class Table:
    """One game: `join` a connection, `submit` or `strike` for a seat, and the computer seats answer by themselves."""

    def __init__(self, game_id: str, game: Game, seats: dict[str, SeatRow], store: GameStore | None) -> None:
        self.game_id = game_id
        self.game = game
        self.seats = seats
        self.store = store  # None: a game kept in memory only (not restored after a restart)
        self.lock = asyncio.Lock()
        self.captains: dict[str, Captain] = {
            side: make_captain(row.kind, game.seed * 7919 + i, time_cap=True)
            for i, (side, row) in enumerate(sorted(seats.items())) if row.kind != HUMAN}
        self.subscribers: set[Subscriber] = set()
        self.failed: str | None = None  # why the computer seats stopped answering, if they did
        self.undo: UndoAsk | None = None  # a request to take back a decision, waiting for consent
        self.undo_timeout = UNDO_TIMEOUT
        self._thinking: asyncio.Task[None] | None = None

    # ------------------------------------------------------------------ who sits here
    def side_for(self, token: str) -> str | None:
        """The human seat this token opens, or None (a token opens exactly one seat of one game)."""
        for side, row in self.seats.items():
            if row.kind == HUMAN and row.admits(token):
                return side
        return None

    def standing(self, side: str) -> dict[str, Any]:
        """Where the game stands for `side`, from its own view: for a player's list of games."""
        game = self.game
        return {"game": self.game_id, "side": side, "scenario": game.scenario.title, "turn": game.state.turn,
                "your_turn": game.pending_for(side) is not None, "ended": game.ended}

    def join(self, sub: Subscriber, since: int) -> None:
        self.subscribers.add(sub)
        sub.push(encode(frames.welcome(self.game, sub.side)))
        self.resend(sub, since)
        if self.failed is not None:
            sub.push(encode({"t": "error", "message": self.failed, "code": "table-stopped"}))
        self.wake()

    def leave(self, sub: Subscriber) -> None:
        sub.alive = False
        self.subscribers.discard(sub)

    def resend(self, sub: Subscriber, since: int) -> None:
        """The receiver's state and its events from number `since` on, whether or not anything changed."""
        sub.upto, sub.last = max(0, min(since, len(self.game.events))), ""
        self._send(sub, self._state_of(sub.side, {}))

    # ------------------------------------------------------------------ frames
    def _state_of(self, side: str | None, cache: dict[str | None, tuple[dict[str, Any], str]]
                  ) -> tuple[dict[str, Any], str]:
        if side not in cache:
            state = frames.seat_state(self.game, side) if side is not None else {
                "view": frames.public_view(self.game), "request": None, "ask": 0}
            cache[side] = (state, encode(state))
        return cache[side]

    def _send(self, sub: Subscriber, state: tuple[dict[str, Any], str]) -> None:
        game = self.game
        events = (frames.seat_events(game, sub.side, sub.upto) if sub.side is not None
                  else frames.public_events(game, sub.upto))
        if state[1] == sub.last and not events:
            return  # nothing it may know has changed: it is sent nothing (not even that something happened)
        text = encode(frames.update(state[0], events, sub.upto, len(game.events)))
        sub.last, sub.upto = state[1], len(game.events)
        if not sub.push(text):
            self.leave(sub)

    def broadcast(self) -> None:
        cache: dict[str | None, tuple[dict[str, Any], str]] = {}
        for sub in list(self.subscribers):
            self._send(sub, self._state_of(sub.side, cache))

    # ------------------------------------------------------------------ decisions
    async def submit(self, sub: Subscriber, ask: int, answer: Any, strike: bool = False) -> None:
        """A seat's answer to its request number `ask` (or its striking the colours), checked, committed,
        acknowledged, then shown to everyone at the table."""
        side = sub.side
        assert side is not None
        async with self.lock:
            reply = self._decide(side, ask, answer, strike)
            sub.push(encode(reply))
            if reply["t"] == "ack" and not reply.get("again"):
                self.broadcast()
        self.wake()

    def _decide(self, side: str, ask: int, answer: Any, strike: bool) -> dict[str, Any]:
        game = self.game
        done = frames.asked(game, side)
        if ask < done:
            return {"t": "ack", "ask": ask, "again": True}  # taken before (its acknowledgement was lost)
        if ask > done:
            return {"t": "refused", "ask": ask, "rule": "4.0", "message": f"request {ask} has not been asked yet"}
        result = game.strike_colors(side) if strike else game.submit(side, answer)
        if isinstance(result, Refusal):
            return {"t": "refused", "ask": ask, "rule": result.rule, "message": result.message}
        problem = self._commit(len(game.decisions) - 1)
        if problem:
            return {"t": "refused", "ask": ask, "rule": "server", "message": problem}
        self._undo_lapses()
        return {"t": "ack", "ask": ask}

    def _commit(self, index: int) -> str | None:
        """Commit decision `index`; if it cannot be, the game goes back to what the database holds."""
        if self.store is None:
            return None
        try:
            self.store.append(index, self.game.decisions[index])
        except Exception as e:  # noqa: BLE001 -- a full disk must not take the server down
            log.error("game %s: decision %d not stored (%s); the game goes back to its last stored decision",
                      self.game_id, index, type(e).__name__)
            self.game = self.store.load()
            return "the server could not store this decision; send it again later"
        return None

    # ------------------------------------------------------------------ computer seats
    def wake(self) -> None:
        """Let the computer seats answer what is asked of them (one task at a time per table)."""
        if self._thinking is None or self._thinking.done():
            self._thinking = asyncio.get_running_loop().create_task(self._computers())

    def computer_request(self) -> Any:
        for request in self.game.pending:
            if request.side in self.captains:
                return request
        return None

    def _stop(self, why: str) -> None:
        """The computer seats stop answering: say so to everyone at the table (the game stays as stored)."""
        self.failed = why
        for sub in list(self.subscribers):
            sub.push(encode({"t": "error", "message": f"{why}; the game waits for the server's operator",
                             "code": "table-stopped"}))

    async def _computers(self) -> None:
        while self.failed is None:
            async with self.lock:
                request = self.computer_request()
                if request is None:
                    return
                captain = self.captains[request.side]
                try:
                    answer = await asyncio.to_thread(captain.choose, seat_for(self.game, request, captain))
                except Exception as e:  # noqa: BLE001 -- a captain's bug stops this table, not the server
                    self._stop(f"the computer captain of {request.side} failed ({type(e).__name__})")
                    log.exception("game %s: computer captain failed", self.game_id)
                    return
                result = self.game.submit(request.side, answer)
                if not isinstance(result, Accepted) or self._commit(len(self.game.decisions) - 1):
                    self._stop(f"the computer captain of {request.side} could not answer")
                    log.error("game %s: %s: %s", self.game_id, self.failed, result)
                    return
                self._undo_lapses()
                self.broadcast()
            await asyncio.sleep(0)  # let the connections be served between two computer decisions

    def export(self) -> dict[str, Any]:
        """A finished game as the ordinary saved-game data, for a seat to keep (while the game goes on, the seed
        and the decisions are the referee's secrets: a refusal)."""
        if not self.game.ended:
            return {"t": "error", "code": "not-over", "message": "a game is exported by its players once it is "
                    "over (the server's operator can export any game: captains-sea online-export)"}
        seats = {side: row.kind for side, row in self.seats.items()}
        return {"t": "export", "save": self.game.save_data(), "meta": {"seats": seats}}

    # ------------------------------------------------------------------ taking back a decision (BRIEF §3)
    def _tell_seats(self, message: dict[str, Any]) -> None:
        text = encode(message)
        for sub in list(self.subscribers):
            if sub.side is not None:
                sub.push(text)

    async def ask_undo(self, sub: Subscriber, ask: int) -> None:
        """`sub`'s seat asks to take back its last decision (number `ask` - 1 of its own). Every other human seat
        is asked (told only which side asks: nothing of the decision); computer seats agree at once, as at one
        screen against the computer. A request that cannot be granted is refused to its sender alone."""
        side = sub.side
        assert side is not None
        async with self.lock:
            problem = self._undo_problem(side, ask)
            if problem is not None:
                sub.push(encode({"t": "undo-result", "side": side, "result": "impossible", "message": problem}))
                return
            others = {s for s, row in self.seats.items() if row.kind == HUMAN and s != side}
            self.undo = UndoAsk(side, len(self.game.decisions) - 1, others)
            if not others:
                self._undo_end("agreed")
            else:
                self.undo.timer = asyncio.get_running_loop().call_later(self.undo_timeout, self._undo_expired,
                                                                         self.undo)
                self._tell_seats({"t": "undo-asked", "side": side})
        self.wake()

    def _undo_problem(self, side: str, ask: int) -> str | None:
        game = self.game
        if self.undo is not None:
            return "a request to take back a decision is already waiting for its answer"
        if game.ended:
            return "the game is over"
        if ask == 0 or ask != frames.asked(game, side):
            return f"request {ask} is not the number of your decisions ({frames.asked(game, side)})"
        if not game.can_undo(side):
            return ("BRIEF 3: your last decision revealed dice or hidden information, or another decision came "
                    "after it")
        return None

    async def consent(self, sub: Subscriber, agree: bool) -> None:
        """A seat's answer to the request waiting: one refusal ends it; when every seat asked agrees, the game
        goes back to before the decision."""
        async with self.lock:
            undo = self.undo
            if undo is None or sub.side not in undo.waiting:
                sub.push(encode({"t": "error", "message": "no request to take back a decision waits for you",
                                 "code": "no-undo"}))
                return
            undo.waiting.discard(sub.side)
            if not agree:
                self._undo_end("refused")
            elif not undo.waiting:
                self._undo_end("agreed")
        self.wake()

    def _undo_expired(self, undo: UndoAsk) -> None:
        if self.undo is undo:
            self._undo_end("timeout")  # changes nothing in the game: safe while a computer thinks

    def _undo_lapses(self) -> None:
        """A decision was taken while a request waited: the decision asked about is no longer the last."""
        if self.undo is not None and len(self.game.decisions) != self.undo.index + 1:
            self._undo_end("lapsed")

    def _undo_end(self, result: str) -> None:
        undo, self.undo = self.undo, None
        assert undo is not None
        if undo.timer is not None:
            undo.timer.cancel()
        message = {"t": "undo-result", "side": undo.side, "result": result}
        if result == "agreed":
            problem = self._rewind(undo.side)
            if problem is not None:
                message = dict(message, result="failed", message=problem)
        self._tell_seats(message)
        log.info("game %s: %s's request to take back a decision: %s", self.game_id, undo.side, message["result"])
        if message["result"] == "agreed":
            self.broadcast()

    def _rewind(self, side: str) -> str | None:
        """The game replayed from its journal without `side`'s last decision, stored before anyone is told."""
        game = self.game.undo(side)
        if isinstance(game, Refusal):
            return f"{game.rule}: {game.message}"
        if self.store is not None:
            try:
                self.store.truncate(len(game.decisions))
            except Exception as e:  # noqa: BLE001 -- a full disk must not take the server down
                log.error("game %s: the decision taken back is still stored (%s)", self.game_id, type(e).__name__)
                return "the server could not store the change; the game goes on as it was"
        self.game = game
        upto = len(game.events)
        for sub in list(self.subscribers):
            sub.upto, sub.last = min(sub.upto, upto), ""
            sub.push(encode({"t": "rewound", "upto": upto}))
        return None
