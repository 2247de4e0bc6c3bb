"""The game session: the Game, the seats, whose screen it is, and the computer captains thinking off the GUI thread.

Every view refreshes from one signal, `changed` (STYLE 7): widgets never call each other to stay in step; they
read `session.view()`, `session.request()` and friends. Two light extra signals exist: `draftChanged` while a
player edits his crew assignment on a ship card (so the card and the orders panel agree without a full
refresh), and `ruleRequested` when a log entry asks for a rule's text.

Hidden information (BRIEF §1, hotseat): a human seat only ever sees `game.view(side)`. When the deciding human
changes between two human seats, the session raises a *hand-over curtain*: `view()` returns None and the
request is withheld until the next player confirms (`confirm_handover`).

Computer captains think on a clone of the game through qasync (`loop.run_in_executor`), so the window never
freezes; the answer is submitted to the real game on the GUI thread, unless the game was replaced (new, load,
undo) meanwhile. A level's captain is made with its time cap (a slow machine ends a search early) and reports
its search from the thinking thread; that report crosses to the GUI thread through a queued signal and comes
out as `thinkingProgress(done, total)` — emitted as (0, 0) when a captain starts thinking — and
`think_progress`. The window's thinking indicator (thinking_indicator.py) reads them. When the game is replaced
mid-search, the next report ends the search (`Abandoned`), so the next captain does not wait behind it.

A turn that flows (issue 11): before a human seat is shown a request, `cs_desktop.play.turn_flow.decide` looks
at it with that side's view and the player's standing orders (`orders`); a request it can answer (one legal
answer, or a standing order) is submitted through `game.submit` like the player's own answer, and the reason goes
to `passed` (side, turn, sentence) for his log. Undo steps back over those answers to his own last decision.
"""

from __future__ import annotations

import asyncio
import logging
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

from PySide6.QtCore import QObject, QTimer, Signal
from PySide6.QtWidgets import QApplication

from cs_desktop.ai.captains import CAPTAINS, LEVELS, describe
from cs_desktop.ai.seat import Seat
from cs_desktop.rules import decisions as dec
from cs_desktop.rules.decisions import Refusal, Request
from cs_desktop.rules.dice import Dice
from cs_desktop.rules.game import Game
from cs_desktop.play.autosave import AutosaveStore
from cs_desktop.play import crew_plan
from cs_desktop.play.turn_flow import StandingOrders, answer_for
from cs_desktop.savegame import LoadedGame, load_game, save_game

log = logging.getLogger(__name__)


HUMAN = "human"
#: the computer captain a new computer seat gets, and a save's unknown captain becomes
DEFAULT_COMPUTER = "normal"
#: the captains kept to measure the levels against, offered last
BASELINES = ("simple", "random")
#: seat kinds the New Game dialog offers: a human, a level of the computer captain, or a baseline
SEAT_KINDS = (HUMAN, *LEVELS, *BASELINES)
#: every seat kind a saved game may name (the judgment captain is what easy plays, kept for old saves)
KNOWN_SEAT_KINDS = (HUMAN, *CAPTAINS)
SEAT_LABELS = {HUMAN: "Human", **{level: f"Computer — {level}" for level in LEVELS},
               "judgment": "Computer — judgment (as easy)",
               "simple": "Baseline — simple captain", "random": "Baseline — random captain"}


def seat_description(kind: str) -> str:
    """One sentence for the player about a seat kind."""
    if kind == HUMAN:
        return "A player at this screen gives this side's orders."
    try:
        return describe(kind)
    except KeyError:
        return ""

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


def make_captain(kind: str, seed: int) -> Any:
    """A computer captain for the window: a level thinks with its time cap, so a slow machine ends a search
    early; a captain that cannot be made falls back to "random"."""
    from cs_desktop.ai import captains

    try:
        return captains.make_captain(kind, seed, time_cap=True)
    except (ImportError, ValueError):
        return captains.make_captain("random", seed)


def seats_from_meta(meta: dict[str, Any], sides: list[str]) -> tuple[dict[str, str], list[str]]:
    """The seats a saved game names, and what had to be changed (in words for the player): a side the save
    does not seat gets a human for the first side and the default level otherwise; a captain this version does
    not know becomes the default level."""
    saved = meta.get("seats") if isinstance(meta.get("seats"), dict) else {}
    seats: dict[str, str] = {}
    notes: list[str] = []
    for i, side in enumerate(sides):
        kind = saved.get(side)
        if kind in KNOWN_SEAT_KINDS:
            seats[side] = kind
            continue
        seats[side] = HUMAN if i == 0 and kind is None else DEFAULT_COMPUTER
        if kind is None:
            notes.append(f"the save does not say who plays side {side!r}: {SEAT_LABELS[seats[side]]}")
        else:
            notes.append(f"side {side!r} was played by {str(kind)!r}, which this version does not know: "
                         f"{SEAT_LABELS[seats[side]]} plays it now")
    return seats, notes


class GameSession(QObject):
    changed = Signal()
    draftChanged = Signal()
    ruleRequested = Signal(str)
    #: (iterations done, budget) of the thinking captain's search; (0, 0) when a captain starts thinking
    thinkingProgress = Signal(int, int)
    #: emitted from the thinking thread (token, done, total); queued to the GUI thread by Qt
    _workerProgress = Signal(int, int, int)

    def __init__(self, autosave: AutosaveStore | None = None, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.game: Game | None = None
        self.scenario_path: str | None = None
        self.seats: dict[str, str] = {}
        self.captains: dict[str, Any] = {}
        self.shown_side: str | None = None
        self.handover_to: str | None = None
        self.thinking: str | None = None
        #: the thinking captain's last report (done, total); (0, 0) before its first, or if it reports none
        self.think_progress: tuple[int, int] = (0, 0)
        self.last_message = ""
        self.save_path: Path | None = None
        self.drafts: dict[str, dict[str, Any]] = {}
        self._draft_for: int | None = None
        self.autosave = autosave
        self._autosaved: tuple[int, int, bool] | None = None
        self._saved_key: tuple[int, int] | None = None
        self._token = 0
        self._executor = ThreadPoolExecutor(max_workers=1, thread_name_prefix="captain")
        self._fallback_dice = Dice(0xC5)
        self.think_delay_ms = 0
        #: the standing orders of the human seats (issue 11); the window loads them from settings.ini
        self.orders = StandingOrders()
        #: answers given for a human seat by turn_flow: (side, turn, sentence), newest last
        self.passed: list[tuple[str, int, str]] = []
        self._auto: set[int] = set()  # indices in game.decisions of those answers
        self._undo_key: tuple[int, int, str] | None = None
        self._undo_value: Game | Refusal = Refusal("BRIEF 3", "nothing to undo")
        self._workerProgress.connect(self._on_worker_progress)

    # ------------------------------------------------------------------ starting and ending
    def new_game(self, game: Game, seats: dict[str, str], scenario_path: str | None = None) -> None:
        self._install(game, seats, scenario_path, None)

    def load(self, path: str | Path) -> LoadedGame:
        """Load a saved game (raises SaveError with a clear message). Seats the save does not name, or names
        with a captain this version does not know, get the default and a message (`last_message`)."""
        loaded = load_game(path)
        meta = loaded.meta
        seats, notes = seats_from_meta(meta, list(loaded.game.state.sides))
        save_path: Path | None = Path(path)
        if self.autosave is not None and _same_file(Path(path), self.autosave.path):
            # continuing from the autosave: Save goes to the player's own file, never over the autosave
            kept = meta.get("save_path")
            save_path = Path(kept) if isinstance(kept, str) and kept and Path(kept).is_file() else None
        self._install(loaded.game, seats, meta.get("scenario_path"), save_path)
        given = meta.get("answered_for_player")  # which decisions turn_flow gave (undo steps back over them)
        if isinstance(given, list):
            self._auto |= {i for i in given if type(i) is int and 0 <= i < len(loaded.game.decisions)}
            self._undo_key = None
        if save_path is not None and save_path == Path(path):
            self._saved_key = (id(loaded.game), len(loaded.game.decisions))
        if notes:
            self.last_message = "Seats changed: " + "; ".join(notes) + "."
            log.warning("%s: %s", path, self.last_message)
            self.changed.emit()
        return loaded

    def _install(self, game: Game, seats: dict[str, str], scenario_path: str | None, save_path: Path | None) -> None:
        self._token += 1
        self.game = game
        self.seats = {side: seats.get(side, HUMAN) for side in game.state.sides}
        self.captains = {side: make_captain(kind, game.seed * 7 + i)
                         for i, (side, kind) in enumerate(self.seats.items()) if kind != HUMAN}
        self.scenario_path = scenario_path
        self.save_path = save_path
        self.shown_side = None
        self.handover_to = None
        self.thinking = None
        self.last_message = ""
        self.drafts = {}
        self._draft_for = None
        self._autosaved = None
        self._saved_key = None
        self.passed = []
        self._auto = set()
        self._undo_key = None
        self._after_change()

    def close(self) -> None:
        self._token += 1  # a search still running ends at its next report (Abandoned)
        self._executor.shutdown(wait=False, cancel_futures=True)

    # ------------------------------------------------------------------ who sees what
    @property
    def humans(self) -> list[str]:
        return [s for s, kind in self.seats.items() if kind == HUMAN]

    @property
    def hotseat(self) -> bool:
        return len(self.humans) >= 2

    @property
    def curtain(self) -> bool:
        return self.handover_to is not None

    def viewer(self) -> str | None:
        """The side whose view is on screen; None for the referee's view (no human seat, or game over)."""
        if self.game is None or self.game.ended:
            return None
        return self.shown_side

    def view(self) -> dict[str, Any] | None:
        """What the screen may show now; None while the hand-over curtain is up."""
        if self.game is None or self.curtain:
            return None
        return self.game.view(self.viewer())

    def request(self) -> Request | None:
        """The request the human at the screen must answer now (None: nothing for him, or curtain)."""
        if self.game is None or self.curtain or self.game.ended:
            return None
        side = self.shown_side
        if side is None or self.seats.get(side) != HUMAN:
            return None
        return self.game.pending_for(side)

    def waiting_for(self) -> list[str]:
        if self.game is None:
            return []
        return [r.side for r in self.game.pending]

    def side_name(self, side: str | None) -> str:
        if self.game is None or side is None:
            return "the referee"
        return self.game.state.sides[side].name

    def _update_viewer(self) -> None:
        game = self.game
        if game is None:
            return
        humans = self.humans
        if game.ended or not humans:
            self.handover_to = None
            if not humans:
                self.shown_side = None
            return
        if len(humans) == 1:
            self.shown_side = humans[0]
            self.handover_to = None
            return
        if self.handover_to is not None:
            return
        deciding = [r.side for r in game.pending if self.seats.get(r.side) == HUMAN]
        if not deciding or self.shown_side in deciding:
            if self.shown_side is None:
                self.handover_to = deciding[0] if deciding else humans[0]
            return
        self.handover_to = deciding[0]

    def confirm_handover(self) -> None:
        if self.handover_to is None:
            return
        self.shown_side = self.handover_to
        self.handover_to = None
        self.last_message = ""
        self._after_change()

    # ------------------------------------------------------------------ answering
    def submit(self, answer: Any) -> bool:
        """Answer the request of the human at the screen. A refusal is shown in `last_message`."""
        request = self.request()
        if request is None or self.game is None:
            self.last_message = "Nothing is asked of you now."
            self.changed.emit()
            return False
        result = self.game.submit(request.side, answer)
        if isinstance(result, Refusal):
            self.last_message = f"Refused ({result.rule}): {result.message}"
            self.changed.emit()
            return False
        self.last_message = ""
        self._after_change()
        return True

    def strike_colors(self) -> bool:
        side = self.shown_side
        if self.game is None or side is None or self.seats.get(side) != HUMAN or self.game.ended:
            return False
        self._token += 1
        self.thinking = None
        result = self.game.strike_colors(side)
        self._after_change()
        return bool(result)

    def can_undo(self) -> bool:
        side = self.shown_side
        return (self.game is not None and side is not None and not self.curtain and not self.game.ended
                and self.seats.get(side) == HUMAN and isinstance(self._undone(side), Game))

    def _undone(self, side: str) -> Game | Refusal:
        """The game without the player's last decision and the answers given for him after it (turn_flow); a
        Refusal if any of them revealed dice or hidden information or was not his. Kept until the game moves
        (a step back over a hidden answer replays the game)."""
        game = self.game
        assert game is not None
        key = (id(game), len(game.decisions), side)
        if self._undo_key != key:
            result: Game | Refusal = game
            while isinstance(result, Game):  # back over the answers given for him, to his own last decision
                result = result.undo(side)
                if isinstance(result, Game) and len(result.decisions) not in self._auto:
                    break
            self._undo_key, self._undo_value = key, result
        return self._undo_value

    def undo(self) -> bool:
        if self.game is None or self.shown_side is None or not self.can_undo():
            if self.game is not None and self.shown_side is not None and not self.curtain:
                refusal = self._undone(self.shown_side)
                if isinstance(refusal, Refusal):
                    self.last_message = f"Cannot undo ({refusal.rule}): {refusal.message}"
                    self.changed.emit()
            return False
        result = self._undone(self.shown_side)
        assert isinstance(result, Game)
        self._auto = {i for i in self._auto if i < len(result.decisions)}
        self._undo_key = None
        self._token += 1
        self.thinking = None
        self.game = result
        self.drafts = {}
        self._draft_for = None
        self.last_message = "Undone."
        self._after_change()
        return True

    # ------------------------------------------------------------------ crew assignment drafts (5.0)
    def crew_drafts(self) -> dict[str, dict[str, Any]]:
        """The crew assignment being edited on the ship cards for the pending assign_crew request."""
        request = self.request()
        if request is None or request.kind != "assign_crew":
            return {}
        key = id(request)
        if self._draft_for != key:
            self._draft_for = key
            self.drafts = self.bearing_crew(request)
        return self.drafts

    def bearing_crew(self, request: Request) -> dict[str, dict[str, Any]]:
        """The default crew assignment (issue 11 item 3): each ship mans the battery that bears, from the
        deciding side's view (crew_plan.py)."""
        assert self.game is not None
        return crew_plan.bearing_assignments(self.game.view(request.side, events=False), request.info["limits"])

    def crew_warnings(self) -> list[str]:
        """Ships whose draft leaves a battery with an enemy in its arc and in range without gunners."""
        request = self.request()
        if request is None or request.kind != "assign_crew" or self.game is None:
            return []
        names = {sid: s.card.name for sid, s in self.game.state.ships.items()}
        return crew_plan.no_gunner_warnings(self.game.view(request.side, events=False), self.crew_drafts(), names)

    def set_draft(self, ship_id: str, assign: dict[str, Any]) -> None:
        drafts = self.crew_drafts()
        if ship_id in drafts:
            drafts[ship_id] = _copy_assign(assign)
            self.draftChanged.emit()

    def submit_crew(self) -> bool:
        drafts = self.crew_drafts()
        if not drafts:
            return False
        return self.submit({ship: _copy_assign(a) for ship, a in drafts.items()})

    def show_rule(self, rule: str) -> None:
        self.ruleRequested.emit(rule)

    # ------------------------------------------------------------------ after every change
    def set_orders(self, orders: StandingOrders) -> None:
        """New standing orders: they apply at once (a pending request they now answer is answered)."""
        self.orders = orders
        self._after_change()

    def passed_for(self, side: str | None, most: int = 8) -> list[str]:
        """The latest answers given for `side` by turn_flow, as "T3: sentence" (oldest first)."""
        return [f"T{turn}: {text}" for s, turn, text in self.passed if s == side][-most:]

    def _answer_for_humans(self) -> None:
        if self.game is None:
            return
        for index, side, turn, why in answer_for(self.game, set(self.humans), self.orders):
            self._auto.add(index)
            self.passed.append((side, turn, why))
        del self.passed[:-200]

    def _after_change(self) -> None:
        self._answer_for_humans()
        self._update_viewer()
        self._autosave()
        self.changed.emit()
        self._schedule_computer()

    def unsaved(self) -> bool:
        """True if the game has decisions (or is new) that no file the player saved holds (or that file is gone)."""
        game = self.game
        return game is not None and (self.save_path is None or self._saved_key != (id(game), len(game.decisions))
                                     or not self.save_path.is_file())

    def _autosave(self) -> None:
        """Autosave after every accepted decision (and at the start and end of a game), atomically: a killed
        program continues from the same pending request."""
        game = self.game
        if self.autosave is None or game is None:
            return
        key = (id(game), len(game.decisions), game.ended)
        if self._autosaved == key:
            return
        self._autosaved = key
        try:
            self.autosave.write(game, self.meta())
        except Exception as e:  # an autosave must never stop play
            log.warning("autosave failed: %s", e)
            self.last_message = f"Autosave failed: {e}"

    def meta(self) -> dict[str, Any]:
        game = self.game
        return {"seats": dict(self.seats), "scenario_path": self.scenario_path,
                "title": game.scenario.title if game else "",
                "save_path": str(self.save_path) if self.save_path is not None else None,
                "answered_for_player": sorted(self._auto)}

    def save(self, path: str | Path) -> Path:
        if self.game is None:
            raise ValueError("no game to save")
        before = self.save_path
        self.save_path = Path(path)  # the meta names the file it is saved in
        try:
            out = save_game(self.game, path, self.meta())
        except Exception:
            self.save_path = before
            raise
        self._saved_key = (id(self.game), len(self.game.decisions))
        self.last_message = f"Saved to {path}"
        self.changed.emit()
        return out

    # ------------------------------------------------------------------ computer captains
    def _computer_request(self) -> Request | None:
        game = self.game
        if game is None or game.ended:
            return None
        for r in game.pending:
            if self.seats.get(r.side, HUMAN) != HUMAN:
                return r
        return None

    def _schedule_computer(self) -> None:
        if self.thinking is not None:
            return
        request = self._computer_request()
        if request is None:
            return
        self.thinking = request.side
        self.think_progress = (0, 0)
        self.thinkingProgress.emit(0, 0)
        token = self._token
        if self.think_delay_ms > 0:
            QTimer.singleShot(self.think_delay_ms, lambda: self._start_thinking(token, request))
        else:
            self._start_thinking(token, request)

    def _start_thinking(self, token: int, request: Request) -> None:
        if token != self._token or self.game is None:
            return
        asyncio.ensure_future(self._think(token, request), loop=event_loop())

    async def _think(self, token: int, request: Request) -> None:
        game = self.game
        assert game is not None
        captain = self.captains[request.side]
        copy = game.clone()
        loop = event_loop()
        if hasattr(captain, "progress"):  # a level reports its search from the thinking thread
            def report(done: int, total: int) -> None:
                if token != self._token:
                    raise Abandoned()  # the game was replaced: end the search now, its answer is not wanted
                self._workerProgress.emit(token, done, total)

            captain.progress = report
        try:
            answer = await loop.run_in_executor(self._executor, captain.choose, Seat(copy, request))
            error = None
        except Exception as e:  # a captain that fails must not hang the game
            answer, error = None, e
        if token != self._token or self.game is not game:
            return  # the game was replaced while the captain thought
        self.thinking = None
        if game.pending_for(request.side) is None:
            self._schedule_computer()
            return
        if error is not None or not game.submit(request.side, answer):
            log.warning("captain for %s failed (%s); answering at random", request.side, error)
            live = game.pending_for(request.side)
            if live is not None:
                game.submit(request.side, dec.sample(game.state, live, self._fallback_dice))
        self._after_change()

    def _on_worker_progress(self, token: int, done: int, total: int) -> None:
        """On the GUI thread: a captain's report, if it still thinks for this game."""
        if token != self._token or self.thinking is None:
            return
        self.think_progress = (done, total)
        self.thinkingProgress.emit(done, total)


class Abandoned(Exception):
    """Raised in the thinking thread to end a search whose game was replaced (new, load, undo, strike)."""


def _same_file(a: Path, b: Path) -> bool:
    try:
        return a.resolve() == b.resolve()
    except OSError:
        return a == b


def _copy_assign(assign: dict[str, Any]) -> dict[str, Any]:
    return {
        "sailing": int(assign["sailing"]), "rigging_change": int(assign["rigging_change"]),
        "rigging_dc": int(assign["rigging_dc"]), "hull_dc": {k: int(v) for k, v in assign["hull_dc"].items()},
        "gunnery": {k: int(v) for k, v in assign["gunnery"].items()},
    }
