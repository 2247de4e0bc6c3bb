"""The game: ask what is pending, submit an answer, get events (BRIEF §3).

A turn is run as a chain of *segments* (4.0: crew, initiative, movement rates, maneuver selection, each
impulse, melee, bonus move, housekeeping). Each segment is a generator that yields the requests it waits
for and receives the answers. At the start of every segment the state is checkpointed; copying a game in
the middle of a segment copies that checkpoint and replays the few answers given since, so copies are
cheap and exact, and a game is fully described by its scenario, seed and answers. A game told
`lazy_checkpoints()` (the drivers that own their game: simulate, the balance lab) copies no state at a segment
start: it keeps the answers of the segments since its last copy and rebuilds the checkpoint from them the first
time a copy, a determinized copy or an undo point needs it (issue 12).

A long segment also marks its *steps* (`mark_step`; e.g. the impulse: 8.0 steps 1-4, each maneuver round, the
fire step's stages of 11.0), where all it still has to do is written in the state (`GameState.step`, which no
view or fingerprint sees). A copy then starts from the state at the last step reached, kept the first time a
copy is made there, and replays only the answers given since: far less than the whole segment.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping
from typing import Any

from cs_desktop.rules import decisions as dec
from cs_desktop.rules.activation import skip_empty_impulse
from cs_desktop.rules.answers import MalformedAnswer, canonical, show
from cs_desktop.rules.cards import Scenario, ShipCard
from cs_desktop.rules.decisions import Refusal, Request
from cs_desktop.rules.event_types import EventKind, ViewEvent
from cs_desktop.rules.referee import Referee, Segment
from cs_desktop.rules.setup import initial_state
from cs_desktop.rules.state import GameState
from cs_desktop.rules.turn import SEGMENTS
from cs_desktop.rules.victory import end_game
from cs_desktop.rules.view_types import SideView
from cs_desktop.rules.views import side_view

Answers = dict[str, Any]
#: The start of the message of a refusal given because a validator failed on an answer instead of refusing it
#: (a bug in the validator: the property tests check that it never happens).
UNCHECKABLE = "this answer could not be checked"


class Accepted:
    """An answer was taken; `events` are the events it caused that the answering side may see (read from the
    game's log when asked: most callers never ask, and the log is only ever appended to)."""

    __slots__ = ("_game", "_side", "_start", "_end")

    def __init__(self, game: Game, side: str, start: int) -> None:
        self._game, self._side, self._start, self._end = game, side, start, len(game.events)

    @property
    def events(self) -> list[ViewEvent]:
        return [e for e in self._game.events[self._start:self._end] if e.get("visible_to") in (None, self._side)]

    def __bool__(self) -> bool:
        return True

    def __repr__(self) -> str:
        return f"Accepted(events={self.events!r})"


class Game(Referee):
    """One game of Captain's Sea, from set-up to the victory tally."""

    #: each ship's highest boxes, for the views (rules/views.py; made on first use, shared by copies)
    view_tops: dict[str, Any] | None = None
    #: steps of the running segment (`mark_step`); class defaults, so that shells made by __new__ have them
    _marks: int = 0  # steps marked since the segment started
    _step_at: int = 0  # answer groups of the segment given before the last mark
    _step: tuple[GameState, int] | None = None  # (state, number of events) at the last mark, once a copy made it
    _want: int = 0  # a copy replaying its segment keeps the state at this mark (0: none)
    #: each side's view of the event log (hidden events as placeholders), kept by determinize.public_record and
    #: extended as the game goes on: (the `events` list it was read from, the side's events)
    public_logs: dict[str, tuple[list[ViewEvent], list[ViewEvent]]] | None = None

    def __init__(self, scenario: Scenario, ships: Mapping[str, ShipCard], seed: int,
                 options: Mapping[str, Any] | None = None) -> None:
        self.options: dict[str, Any] = dict(options or {})
        if self.options.get("bid"):  # 19.0 option chosen at the table rather than printed on the card
            bid = {str(k): int(v) for k, v in self.options["bid"].items()}
            scenario = scenario.model_copy(update={"options": scenario.options.model_copy(update={"bid": bid})})
        self.scenario = scenario
        self.cards = dict(ships)
        self.seed = int(seed)
        self.state: GameState = initial_state(scenario, self.cards, self.seed, self.options)
        self.events: list[ViewEvent] = []
        self.decisions: list[dict[str, Any]] = []
        self._gen: Segment | None = None
        self._pending: list[Request] = []
        self._answers: Answers = {}
        self._checkpoint: tuple[GameState, int] | None = None
        self._segment_answers: list[Answers] = []
        #: for each answer set of the running segment after which it asked again, the events since its start
        #: then: what a side saw follow each answer set (determinize.public_record reads it)
        self._segment_ends: list[int] = []
        self._revealing_since: int = 0
        self._checkpoints = True
        self._lazy = False
        self._anchor: tuple[GameState, int] | None = None  # lazy: the last checkpoint copied
        self._history: list[list[Answers]] = []  # lazy: the answers of each segment played since `_anchor`
        self._start_events = 0  # len(events) at the start of the running segment
        self._run(None)

    # ------------------------------------------------------------------ driving
    def _run(self, send: Answers | None) -> None:
        chained = self._gen is not None  # a segment ending here: the next one can be rebuilt from its answers
        while True:
            if self._gen is None:
                self._marks = self._step_at = 0
                self._step = None
                if self.state.step:  # a segment started afresh starts at its first step
                    self.state.step = ()
                if self.state.ended:
                    self._pending = []
                    return
                if skip_empty_impulse(self.state):
                    continue
                self._start_events = len(self.events)
                if not self._checkpoints:
                    self._checkpoint = None
                elif self._lazy and chained:
                    self._history.append(self._segment_answers)
                    self._checkpoint = None
                else:
                    self._checkpoint = self._anchor = (self.state.clone(), len(self.events))
                    self._history = []
                chained = True
                self._segment_answers = []
                self._segment_ends = []
                self._gen = self._start_segment()
                send = None
            try:
                requests = self._gen.send(send)  # type: ignore[arg-type]
            except StopIteration:
                self._gen = None
                send = None
                continue
            if not requests:
                raise RuntimeError(f"segment {self.state.segment} yielded no request")
            if send is not None:
                self._segment_ends.append(len(self.events) - self._start_events)
            self._pending = requests
            self._answers = {}
            return

    def _start_segment(self) -> Segment:
        return SEGMENTS[self.state.segment.partition(":")[0]](self)

    def mark_step(self) -> None:
        """The running segment has reached the start of one of its steps, and `state.step` holds all it still
        has to do: a copy made from here on starts from this point instead of the segment's start."""
        self._marks += 1
        self._step_at = len(self._segment_answers)
        self._step = (self.state.clone(), len(self.events)) if self._marks == self._want else None

    @property
    def pending(self) -> list[Request]:
        """The requests waiting for an answer (empty when the game is over)."""
        return [r for r in self._pending if r.side not in self._answers]

    def pending_for(self, side: str) -> Request | None:
        for r in self._pending:
            if r.side == side and side not in self._answers:
                return r
        return None

    @property
    def ended(self) -> bool:
        return self.state.ended

    def submit(self, side: str, answer: Any) -> Accepted | Refusal:
        """Answer the request pending for `side`. The answer is first put in its canonical form
        (`answers.canonical`: keys sorted, tuples as lists), then checked strictly, unless it is, object for
        object, one of the choices the request lists (`decisions.offered`). Anything illegal or malformed is
        refused with the rule and a reason, changes nothing and is not recorded; no input makes this raise."""
        if self.state.ended:
            return Refusal("18.0", "the game is over")
        request = self.pending_for(side) if type(side) is str else None
        if request is None:
            return self._not_asked(side)
        listed = dec.offered(request, answer)  # one of the request's own choices: legal, not looked for again
        try:
            answer = canonical(answer)
        except MalformedAnswer as e:
            return Refusal(request.rule, str(e))
        except Exception:  # canonical() reads only plain built-in types; this guard only keeps submit total
            return Refusal(request.rule, "the answer cannot be read as plain values")
        if not listed:
            try:
                refusal = dec.validate(self.state, request, answer)
            except Exception as e:  # a validator must refuse junk itself; this guard only keeps submit total
                return Refusal(request.rule, f"{UNCHECKABLE} ({type(e).__name__})")
            if refusal is not None:
                return refusal
        start = len(self.events)
        self.decisions.append({"side": side, "kind": request.kind, "answer": answer})
        self._revealing_since = start
        self._answers[side] = answer
        if all(r.side in self._answers for r in self._pending):
            # side -> answer in the order of the requests, not the order the sides answered in
            answers = {r.side: self._answers[r.side] for r in self._pending}
            self._segment_answers.append(answers)
            self._run(answers)
        return Accepted(self, side, start)

    def _not_asked(self, side: object) -> Refusal:
        waiting = sorted({r.side for r in self.pending})
        if type(side) is not str or side not in self.state.sides:
            return Refusal("4.0", f"there is no side {show(side, 40)} in this game; waiting for {waiting}")
        return Refusal("4.0", f"nothing is asked of {side!r} now; waiting for {waiting}")

    def strike_colors(self, side: str) -> Accepted | Refusal:
        """18.0: a captain may strike voluntarily at any time; an immediate loss for his side."""
        if self.state.ended:
            return Refusal("18.0", "the game is over")
        if type(side) is not str or side not in self.state.sides:
            return Refusal("18.0", f"no side {show(side, 40)} in this game")
        start = len(self.events)
        self.decisions.append({"side": side, "kind": "strike_colors", "answer": True})
        self._apply_voluntary_strike(side)
        return Accepted(self, side, start)

    def _apply_voluntary_strike(self, side: str) -> None:
        self.state.sides[side].struck_voluntarily = True
        for ship in self.state.afloat(side):
            ship.struck = True
        self.emit("strike", "18.0", f"{self.state.sides[side].name} strikes her colours voluntarily", side=side)
        end_game(self, f"{self.state.sides[side].name} struck voluntarily")
        self.state.step = ()
        self._gen = None
        self._pending = []
        self._answers = {}

    # ------------------------------------------------------------------ events and dice
    def emit_with(self, kind: EventKind, rule: str, text: str, data: dict[str, Any],
                  visible_to: str | None = None) -> None:
        """Record the event `data`, a dict made for it and handed over (`emit`'s keyword dict, new at every call;
        a roll's fields, which `rolls` does not pass on as `**data`, slow in the compiled build): its own fields
        first, then n, turn, impulse, type, rule, text and visible_to are added. One dict an event: `data` becomes
        the `ViewEvent` (rules/event_types.py; no cast called on this path, which every event takes)."""
        state = self.state
        events: list[Any] = self.events
        data["n"] = len(events)
        data["turn"] = state.turn
        data["impulse"] = state.impulse
        data["type"] = kind
        data["rule"] = rule
        data["text"] = text
        if visible_to is not None:
            data["visible_to"] = visible_to
        events.append(data)

    def visible_events(self, side: str | None, start: int = 0) -> list[ViewEvent]:
        return [e for e in self.events[start:] if side is None or e.get("visible_to") in (None, side)]

    # ------------------------------------------------------------------ copies, replay, undo
    def look_ahead_only(self) -> None:
        """Stop checkpointing segment starts: for a copy the computer captain plays forward and throws away
        (a checkpoint is a copy of the state at every segment start, about a tenth of the cost of playing).
        Such a game plays exactly as before, but can no longer be copied in the middle of a segment."""
        self._checkpoints = self._lazy = False
        self._anchor, self._history = None, []
        if self._gen is not None:
            self._checkpoint = None

    def lazy_checkpoints(self) -> None:
        """Copy no state at segment starts: keep the answers of the segments since the last copy and rebuild a
        segment's checkpoint only when `clone`, `determinize` or the like asks for it (replaying those
        segments from the last copy, which is exact: the dice are in the state). For a driver that owns its
        game and never edits `game.state` by hand; everything plays and copies exactly as before."""
        if self._checkpoints and self._gen is not None and self._checkpoint is not None:
            self._lazy = True
            self._anchor, self._history = self._checkpoint, []

    def segment_start(self) -> tuple[GameState, int] | None:
        """The checkpoint of the running segment: (state, number of events) at its start, rebuilt if it was
        kept lazily (do not change the state); None between segments or in a look-ahead copy."""
        if self._checkpoint is None and self._lazy and self._gen is not None:
            self._checkpoint = self._anchor = self._rebuild()
            self._history = []
        return self._checkpoint

    def _rebuild(self) -> tuple[GameState, int]:
        assert self._anchor is not None
        base, n_events = self._anchor
        runner = self._shell()
        runner.state = base.clone()
        runner.events = self.events[:n_events]
        for answers in self._history:
            gen = runner._start_segment()
            try:
                gen.send(None)  # type: ignore[arg-type]
                for group in answers:
                    gen.send(group)
            except StopIteration:
                while not runner.state.ended and skip_empty_impulse(runner.state):
                    pass
                continue
            raise RuntimeError("a segment replayed from its answers did not end")
        if len(runner.events) != self._start_events:
            raise RuntimeError("the segment start rebuilt from the answers does not match the game")
        return runner.state, self._start_events

    def _shell(self) -> Game:
        new = Game.__new__(Game)
        new.view_tops = self.view_tops
        new.scenario = self.scenario
        new.cards = self.cards
        new.seed = self.seed
        new.options = self.options
        new._segment_answers = []
        new._segment_ends = []
        return new

    @property
    def copyable(self) -> bool:
        """Whether `clone` (and a determinized copy) can be made now (see `look_ahead_only`)."""
        return self._gen is None or self._checkpoint is not None or self._lazy

    def clone(self) -> Game:
        """An exact, independent copy (same dice to come): the state at the last step marked in this segment (or
        at its start) + replay of the answers given since. The first copy after a mark replays from the segment's
        start and keeps the state at the mark for the copies after it (and shares it with them)."""
        if not self.copyable:
            raise RuntimeError("a look-ahead copy keeps no checkpoint and cannot be copied mid-segment")
        self.segment_start()
        new = self._shell()
        new._checkpoints = self._checkpoints
        new._lazy, new._anchor, new._history = self._lazy, self._anchor, list(self._history)
        new._start_events = self._start_events
        new.decisions = list(self.decisions)
        new._revealing_since = self._revealing_since
        if self._gen is None or self._checkpoint is None:
            new.state = self.state.clone()
            new.events = list(self.events)
            new._gen = None
            new._pending = []
            new._answers = {}
            new._checkpoint = self._checkpoint
            new._segment_answers = []
            return new
        base, n_events = self._checkpoint
        replay = self._segment_answers
        if self._step is not None:
            base, n_events = self._step
            replay = replay[self._step_at:]
        elif self._marks:
            new._want = self._marks
        new.state = base.clone()
        new.events = self.events[:n_events]
        new._checkpoint = self._checkpoint
        new._segment_answers = list(self._segment_answers)
        new._segment_ends = list(self._segment_ends)
        new._gen = new._start_segment()
        requests = new._gen.send(None)  # type: ignore[arg-type]
        for answers in replay:
            requests = new._gen.send(answers)
        if new._want:
            new._want = 0
            self._step = new._step  # made at the last mark while replaying
        new._step, new._step_at, new._marks = self._step, self._step_at, self._marks
        new._pending = requests
        new._answers = dict(self._answers)
        return new

    @classmethod
    def replay(cls, scenario: Scenario, ships: Mapping[str, ShipCard], seed: int,
               decisions: Iterable[Mapping[str, Any]], options: Mapping[str, Any] | None = None) -> Game:
        """Rebuild a game from its scenario, seed and decisions (BRIEF §3). Each answer goes through
        `submit`, so it is put in canonical form and checked exactly like the original."""
        game = cls(scenario, ships, seed, options)
        for i, d in enumerate(decisions):
            if d["kind"] == "strike_colors":
                result: Accepted | Refusal = game.strike_colors(d["side"])
            else:
                asked = game.pending_for(d["side"]) if type(d["side"]) is str else None
                if asked is not None and asked.kind != d["kind"]:
                    raise ValueError(f"decision {i} answers {d['kind']!r} but the game asks {d['side']!r} "
                                     f"for {asked.kind!r}")
                result = game.submit(d["side"], d["answer"])
            if not result:
                raise ValueError(f"decision {i} ({d['kind']} by {d['side']}) does not replay: {result}")
        return game

    def can_undo(self, side: str) -> bool:
        """BRIEF §3: undo a decision only if it revealed no dice and no hidden information."""
        if not self.decisions or self.decisions[-1]["side"] != side:
            return False
        if self.decisions[-1]["kind"] == "strike_colors":
            return False
        return not any(e.get("reveals", True) for e in self.events[self._revealing_since:])

    def undo(self, side: str) -> Game | Refusal:
        if not self.can_undo(side):
            return Refusal("BRIEF 3", "the last decision revealed dice or hidden information, or was not yours")
        return Game.replay(self.scenario, self.cards, self.seed, self.decisions[:-1], self.options)

    # ------------------------------------------------------------------ views
    def view(self, side: str | None, events: bool = True) -> SideView:
        """What `side` may know (None: everything, for the referee, tests and the log); `events=False`
        leaves out the event log (the computer captains do not need it)."""
        return side_view(self, side, events)

    def fingerprint(self) -> str:
        """The whole state and event log as canonical JSON: equal games have equal fingerprints."""
        return json.dumps({"state": self.state.to_dict(), "events": self.events,
                           "pending": [r.to_dict() for r in self.pending]},
                          sort_keys=True, separators=(",", ":"), default=_json_default)

    def save_data(self) -> dict[str, Any]:
        """What a saved game holds: scenario, ship cards, seed, options and decisions (no state, no code)."""
        return {
            "format": "captains-sea/game",
            "version": 1,
            "scenario": self.scenario.model_dump(mode="json"),
            "ships": {k: v.model_dump(mode="json") for k, v in self.cards.items()},
            "seed": self.seed,
            "options": self.options,
            "decisions": self.decisions,
        }


def _json_default(value: Any) -> Any:
    if isinstance(value, (set, frozenset, tuple)):
        return list(value)
    raise TypeError(type(value))
