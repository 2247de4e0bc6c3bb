"""Determinized copies (BRIEF §1, issue 10): a game consistent with everything one side has seen, with every
thing hidden from that side drawn anew from the captain's own generator.

`determinize(game, side, rng)` builds the copy in two steps that keep the truth out by construction:

1. `public_record(game, side)` takes from the true game only what `side` may know: the state at the start of
   this segment (the checkpoint) with every hidden field wiped (the enemy's unrevealed maneuvers and Strain
   amounts, the types of his loads and load markers, his hand, the deck order, the dice), the events `side`
   may see (the others become blank placeholders that keep only their number, which the view shows anyway),
   this segment's answers with the hidden part of the enemy's answers wiped (his maneuver, his loads, his
   Bonus Move Strain, his melee split and support), the answer `side` has already given to a pending
   simultaneous request (the enemy's is dropped, so the copy asks him again), and the view itself.
2. `_build(record, rng)` fills the wiped fields at the checkpoint (`redraw.py`) with draws consistent with
   what the record shows (a load that reloaded without delay was Round Shot, a maneuver revealed later in the
   segment is that maneuver, cards the enemy played this segment were in his hand, cards seen drawn lie on
   top of the deck, his broadsides make as many attacks as he was seen asked to declare cards for),
   gives the copy dice that replay the faces already rolled this segment and roll from a new seed after them,
   replays the segment's answers (the enemy's hidden ones drawn anew among his legal answers consistent with
   what followed), and keeps the copy only if its view equals the true view; otherwise it draws again.

So two games with the same view give equal copies for the same generator, and a copy is a legal game: its
checkpoint, its events and its answers carry no hidden truth, and `clone()` and play continue from it.
"""

from __future__ import annotations

from dataclasses import fields
from operator import attrgetter
from typing import Any

from cs_desktop.rules.dice import Dice
from cs_desktop.rules.game import Game
from cs_desktop.rules.public_record import PublicRecord
from cs_desktop.rules.redraw import HIDDEN, Evidence, draw_cards, draw_maneuvers
from cs_desktop.rules.redraw_answers import draw_answer
from cs_desktop.rules.redraw_loads import draw_loads
from cs_desktop.rules.state import GameState
from cs_desktop.rules.view_types import SideView, ViewEvent

#: enemy answers whose content stays hidden after they are given (until something later reveals it)
HIDDEN_KINDS = ("setup", "select_maneuver", "select_load", "bonus_move", "melee_split", "melee_support")


class DeterminizeError(RuntimeError):
    """No copy consistent with the view was found within the allowed number of draws."""


class ForkedDice(Dice):
    """Dice for a determinized copy: the first d6 draws return the faces already seen this segment, the first
    shuffles put the cards seen drawn after them on top; everything after comes from a new seed."""

    __slots__ = ("faces", "used", "tops", "shuffles")

    def __init__(self, seed: int, faces: tuple[int, ...] = (), tops: tuple[str | None, ...] = (),
                 counter: int = 0, used: int = 0, shuffles: int = 0) -> None:
        super().__init__(seed, counter)
        self.faces = faces
        self.used = used
        self.tops = tops
        self.shuffles = shuffles

    def clone(self) -> ForkedDice:
        return ForkedDice(self.seed, self.faces, self.tops, self.counter, self.used, self.shuffles)

    def d6(self) -> int:
        if self.used < len(self.faces):
            self.used += 1
            self.counter += 1
            return self.faces[self.used - 1]
        return super().d6()

    def shuffle(self, items: list[Any]) -> None:
        super().shuffle(items)
        if self.shuffles < len(self.tops):
            top = self.tops[self.shuffles]
            self.shuffles += 1
            if top is not None and top in items:
                i = items.index(top)
                items[i], items[-1] = items[-1], items[i]  # uniform among orders with `top` drawn next


def determinize(game: Game, side: str, rng: Dice, attempts: int = 60) -> Game:
    """A copy of `game` consistent with `game.view(side)`, its hidden parts drawn from `rng`."""
    return from_record(public_record(game, side), rng, attempts)


def from_record(record: PublicRecord, rng: Dice, attempts: int = 60) -> Game:
    """A copy consistent with a public record (make the record once to draw many copies)."""
    for _ in range(attempts):
        copy = _build(record, rng)
        if copy is not None:
            return copy
    raise DeterminizeError(f"no copy consistent with {record.side}'s view in {attempts} draws "
                           f"(turn {record.view['turn']}, {record.view['segment']})")


# ---------------------------------------------------------------------- step 1: the public record
def public_record(game: Game, side: str, view: SideView | None = None) -> PublicRecord:
    """What `side` knows of `game` (`view`: `game.view(side, events=False)` if the caller has it already)."""
    if not game.copyable:
        raise RuntimeError("a look-ahead copy keeps no checkpoint: it cannot be determinized mid-segment")
    enemies = game.state.opponents(side)
    checkpoint = game.segment_start()
    running = game._gen is not None and checkpoint is not None
    if checkpoint is not None and running:
        base, n_events = checkpoint
    else:
        base, n_events = game.state, len(game.events)
    events = public_events(game, side)
    answer_sets: list[list[tuple[str, str, Any]]] = []
    own_pending: Any = None
    has_pending_own = False
    if running:
        count = sum(len(a) for a in game._segment_answers) + len(game._answers)
        # the last `count` decisions but voluntary strikes, read from the end (a game has thousands)
        tail: list[dict[str, Any]] = []
        for d in reversed(game.decisions):
            if len(tail) == count:
                break
            if d["kind"] != "strike_colors":
                tail.append(d)
        tail.reverse()
        k = 0
        for answers in game._segment_answers:
            group = []
            for s, answer in answers.items():
                kind = tail[k]["kind"]
                k += 1
                group.append((s, kind, answer if s == side or kind not in HIDDEN_KINDS else _wipe(kind, answer)))
            answer_sets.append(group)
        if side in game._answers:
            own_pending, has_pending_own = game._answers[side], True
    segment = events[n_events:]
    fired = running and any(kind == "fire" for group in answer_sets for _, kind, _ in group) \
        and any(e["type"] == "announce" for e in segment)
    return PublicRecord(game=_shell(game), side=side, enemies=enemies, state=_wipe_state(base, side),
                        before=events[:n_events], segment=segment, answers=answer_sets,
                        own_pending=own_pending, has_pending_own=has_pending_own, running=running,
                        view=game.view(side, events=False) if view is None else view,
                        ends=tuple(game._segment_ends) if fired else ())


def public_events(game: Game, side: str) -> list[ViewEvent]:
    """The game's events as `side` sees them (the hidden ones as placeholders; do not change the list): kept
    with the game and extended as it grows, so a decision reads only the events since the last one (the log
    is only ever appended to; a game given a new log is read anew)."""
    logs = game.public_logs
    if logs is None:
        logs = game.public_logs = {}
    events = game.events
    kept = logs.get(side)
    if kept is None or kept[0] is not events or len(kept[1]) > len(events):
        kept = logs[side] = (events, [])
    seen = kept[1]
    if len(seen) < len(events):
        # `_public_event` with its first test written out
        seen.extend([e if e.get("visible_to") in (None, side) else _public_event(e, side)
                     for e in events[len(seen):]])
    return seen


def _shell(game: Game) -> Any:
    shell = Game.__new__(Game)
    shell.scenario, shell.cards, shell.options = game.scenario, game.cards, game.options
    return shell


def _public_event(event: ViewEvent, side: str) -> ViewEvent:
    if event.get("visible_to") in (None, side):
        return event
    return {"n": event["n"], "turn": event["turn"], "impulse": event["impulse"], "type": "hidden", "rule": "",
            "text": "", "visible_to": event["visible_to"], "reveals": False}


def _wipe(kind: str, answer: Any) -> Any:
    if kind == "setup":
        return {ship: {"sail": choice["sail"]} for ship, choice in answer.items()}
    if kind == "select_maneuver":
        return {ship: {"strained": bool(choice["strain"])} for ship, choice in answer.items()}
    if kind == "select_load":
        return {key: HIDDEN for key in answer}
    if kind == "bonus_move":
        return {ship: bool(v) for ship, v in answer.items()}
    return HIDDEN  # melee_split, melee_support


def _wipe_state(base: GameState, side: str) -> GameState:
    state = base.clone()
    state.dice = Dice(0)
    state.deck = [HIDDEN] * len(state.deck)
    for sid, info in state.sides.items():
        if sid != side:
            info.hand = [HIDDEN] * len(info.hand)
    for ship in state.ships.values():
        if ship.side == side:
            continue
        if ship.maneuver is not None and not ship.maneuver.get("revealed"):
            ship.maneuver = {"hidden": True}
        ship.strain = 1 if ship.strain else 0
        ship.loads = {k: (HIDDEN if v is not None else None) for k, v in ship.loads.items()}
    state.reload_track = [(due, ship, slot, HIDDEN if state.ships[ship].side != side else load, delayed)
                          for due, ship, slot, load, delayed in state.reload_track]  # entries are shared: new ones
    return state


# ---------------------------------------------------------------------- step 2: a copy from the record
def _build(record: PublicRecord, rng: Dice) -> Game | None:
    evidence = Evidence.of(record)
    state = _drawable(record) if record.running else record.state.clone()
    draw_maneuvers(state, record, evidence, rng)
    draw_loads(state, record, evidence, rng)
    tops = draw_cards(state, record, evidence, rng)
    seed = rng.below(1 << 62)
    state.dice = ForkedDice(seed, evidence.faces, tops)
    copy = Game.__new__(Game)
    copy.scenario, copy.cards, copy.options = record.game.scenario, record.game.cards, record.game.options
    copy.view_tops = record.view["tops"]  # each ship's highest boxes, from her card: public, made once a game
    copy.seed = seed
    copy.decisions = []
    copy._revealing_since = 0
    copy._checkpoints, copy._lazy, copy._history = True, False, []
    copy._answers = {}
    copy._segment_answers = []
    copy._segment_ends = []
    copy.events = list(record.before)
    n0 = len(copy.events)
    copy._start_events = n0
    if not record.running:
        copy.state = state
        copy._gen, copy._pending, copy._checkpoint, copy._anchor = None, [], None, None
        return copy if _consistent(copy, record, n0) else None
    # the drawn checkpoint is kept as it is (shared with the record where nothing was drawn; never changed)
    copy._checkpoint = copy._anchor = (state, n0)
    copy.state = state.clone()
    # keep the state at the segment's last step (`Game.mark_step`) as the copy replays, so that its clones
    # replay only the answers since: the steps the last copy from this record passed (its own count, no truth)
    copy._want = record.memo.get("marks", 0)
    copy._gen = copy._start_segment()
    try:
        copy._pending = copy._gen.send(None)  # type: ignore[arg-type]
    except StopIteration:  # the drawn hidden state asks nothing in this segment: it cannot be the true one
        return None
    checked = n0  # the events before this one are known to be the record's
    for g, group in enumerate(record.answers):
        for s, kind, answer in group:
            if s != record.side and kind in HIDDEN_KINDS:
                request = copy.pending_for(s)
                if request is None or request.kind != kind:
                    return None
                answer = draw_answer(copy.state, request, answer, record, len(copy.events), rng,
                                     record.answers[g + 1:])
            if not copy.submit(s, answer):
                return None
        if not _events_ok(copy, record, checked):
            return None
        checked = len(copy.events)
    if record.has_pending_own and not copy.submit(record.side, record.own_pending):
        return None
    record.memo["marks"], copy._want = copy._marks, 0
    return copy if _consistent(copy, record, checked) else None


_STATE_SLOTS: tuple[str, ...] = tuple(f.name for f in fields(GameState))  # (a compiled GameState has no __slots__)
_read_state = attrgetter(*_STATE_SLOTS)


def _drawable(record: PublicRecord) -> GameState:
    """A copy of the record's checkpoint whose parts that the draws change are its own: the enemy's ships and
    sides and his markers on the reload track (the deck and the dice are assigned anew); the rest is the
    record's, shared and never changed (the copy plays on a full clone of this state; this one stays its
    checkpoint)."""
    base = record.state
    state = GameState.__new__(GameState)
    for name, value in zip(_STATE_SLOTS, _read_state(base)):  # a shallow copy (twice as fast as copy.copy)
        setattr(state, name, value)
    side = record.side
    state.ships = {k: (s if s.side == side else s.clone()) for k, s in base.ships.items()}
    state.sides = {k: (s if k == side else s.clone()) for k, s in base.sides.items()}
    state.reload_track = base.reload_track.copy()  # its entries are tuples: the draws replace them
    return state


def _events_ok(copy: Game, record: PublicRecord, start: int) -> bool:
    """The copy's events from number `start` on are the record's so far (those before were checked)."""
    side = record.side
    seen = record.segment
    k = start - len(record.before)
    events = copy.events
    if len(events) - len(record.before) > len(seen):
        return False
    for e in events[start:]:
        if _public_event(e, side) != seen[k]:
            return False
        k += 1
    return True


def _consistent(copy: Game, record: PublicRecord, checked: int) -> bool:
    """The copy shows `side` exactly what the game shows: the same view and the same events (those before
    the checkpoint are the record's own, and those before `checked` were compared already)."""
    return len(copy.events) == len(record.before) + len(record.segment) and _events_ok(copy, record, checked) \
        and copy.view(record.side, events=False) == record.view
