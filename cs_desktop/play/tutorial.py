"""Help for a newcomer (issue 11, item 6), without Qt: the guided first game and the turn-sequence reference.

- `load_turn_sequence()` reads `resources/help/turn_sequence.json`: one entry per segment of a turn, in the
  order of the engine's `rules.turn.SEGMENTS` (a file that drifts from it is refused, naming the field).
- `load_tutorial()` reads `resources/help/tutorial.json`: for each request kind, what is asked, what matters
  and the rule section; and the steps of a turn a newcomer meets (crew, sail, initiative, ...).
- `Tutor` follows one game for the tutor panel (`gui/panels/tutor.py`). It reads only what the session
  publishes to every widget: the pending request of the player at the screen (kind, side) and his own view
  (turn, segment, the log events he may see), never the referee's state.

Every text is ours (no rules text is read or copied); the section numbers link to the rule panel.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import cs_desktop
from cs_desktop.formats.jsonread import FileFormatError, read_json
from cs_desktop.rules.turn import SEGMENTS

HELP = cs_desktop.RESOURCES / "help"
TURN_SEQUENCE_FILE = HELP / "turn_sequence.json"
TUTORIAL_FILE = HELP / "tutorial.json"
#: the tutorial scenario: a subfolder, so the shipped list (`scenarios/*.json`) and tournaments do not see it
SCENARIO = cs_desktop.SCENARIOS / "tutorial" / "first-game.json"
#: the side the player takes, and who plays the other
PLAYER_SIDE = "us"
COMPUTER = "easy"
MAX_BYTES = 1_000_000


@dataclass(frozen=True, slots=True)
class SegmentHelp:
    """One segment of the turn for the reference page."""

    segment: str
    title: str
    section: str
    see: tuple[str, ...]
    happens: str
    decide: str


@dataclass(frozen=True, slots=True)
class RequestHelp:
    """What the tutor says about one request kind."""

    kind: str
    title: str
    asked: str
    matters: str
    section: str
    see: tuple[str, ...] = ()
    by_segment: Mapping[str, str] = field(default_factory=dict)

    def extra(self, segment: str) -> str:
        """A sentence for this kind in this segment ("initiative", "impulse", ...), or ""."""
        return self.by_segment.get(segment.partition(":")[0], "")


@dataclass(frozen=True, slots=True)
class Step:
    """A step of the turn a newcomer meets; noticed when one of its request kinds is asked, one of its
    segments runs, or one of its event types appears in the player's log."""

    id: str
    title: str
    section: str
    text: str
    kinds: tuple[str, ...]
    segments: tuple[str, ...]
    event_types: tuple[str, ...]
    see: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class Tutorial:
    welcome_title: str
    welcome: str
    welcome_section: str
    waiting: str
    no_request: str
    requests: Mapping[str, RequestHelp]
    steps: tuple[Step, ...]

    def step(self, step_id: str) -> Step:
        return next(s for s in self.steps if s.id == step_id)


# ---------------------------------------------------------------------------------------------- reading the files
class _Reader:
    """Typed access to a JSON object; a problem raises FileFormatError naming the file and the field."""

    def __init__(self, path: Path) -> None:
        self.path = path

    def fail(self, where: str, problem: str) -> FileFormatError:
        return FileFormatError(self.path, [(where, problem)])

    def obj(self, value: Any, where: str) -> dict[str, Any]:
        if not isinstance(value, dict):
            raise self.fail(where, "must be an object")
        return value

    def text(self, data: Mapping[str, Any], key: str, where: str) -> str:
        value = data.get(key)
        if not isinstance(value, str) or not value.strip():
            raise self.fail(f"{where}.{key}" if where else key, "must be a non-empty text")
        return value

    def texts(self, data: Mapping[str, Any], key: str, where: str) -> tuple[str, ...]:
        value = data.get(key, [])
        if not isinstance(value, list) or not all(isinstance(v, str) and v for v in value):
            raise self.fail(f"{where}.{key}", "must be a list of texts")
        return tuple(value)

    def load(self) -> dict[str, Any]:
        _text, data = read_json(self.path, MAX_BYTES)
        data = self.obj(data, "(file)")
        self.obj(data.get("provenance"), "provenance")
        return data


def load_turn_sequence(path: Path = TURN_SEQUENCE_FILE) -> tuple[SegmentHelp, ...]:
    """The reference's entries, one per segment of `rules.turn.SEGMENTS`, in that order."""
    r = _Reader(Path(path))
    data = r.load()
    raw = data.get("segments")
    if not isinstance(raw, list):
        raise r.fail("segments", "must be a list of segments")
    out = []
    for i, entry in enumerate(raw):
        where = f"segments[{i}]"
        entry = r.obj(entry, where)
        out.append(SegmentHelp(r.text(entry, "segment", where), r.text(entry, "title", where),
                               r.text(entry, "section", where), r.texts(entry, "see", where),
                               r.text(entry, "happens", where), r.text(entry, "decide", where)))
    names = [s.segment for s in out]
    if names != list(SEGMENTS):
        raise r.fail("segments", f"must name the segments of a turn in the engine's order {list(SEGMENTS)}; "
                                 f"the file has {names}")
    return tuple(out)


def load_tutorial(path: Path = TUTORIAL_FILE) -> Tutorial:
    r = _Reader(Path(path))
    data = r.load()
    welcome = r.obj(data.get("welcome"), "welcome")
    requests: dict[str, RequestHelp] = {}
    for kind, entry in r.obj(data.get("requests"), "requests").items():
        where = f"requests.{kind}"
        entry = r.obj(entry, where)
        by_segment = r.obj(entry.get("by_segment", {}), f"{where}.by_segment")
        for seg in by_segment:
            r.text(by_segment, seg, f"{where}.by_segment")
            if seg not in SEGMENTS:
                raise r.fail(f"{where}.by_segment.{seg}", f"not a segment of a turn: one of {list(SEGMENTS)}")
        requests[kind] = RequestHelp(kind, r.text(entry, "title", where), r.text(entry, "asked", where),
                                     r.text(entry, "matters", where), r.text(entry, "section", where),
                                     r.texts(entry, "see", where), dict(by_segment))
    raw_steps = data.get("steps")
    if not isinstance(raw_steps, list) or not raw_steps:
        raise r.fail("steps", "must be a non-empty list of steps")
    steps: list[Step] = []
    for i, entry in enumerate(raw_steps):
        where = f"steps[{i}]"
        entry = r.obj(entry, where)
        step = Step(r.text(entry, "id", where), r.text(entry, "title", where), r.text(entry, "section", where),
                    r.text(entry, "text", where), r.texts(entry, "kinds", where), r.texts(entry, "segments", where),
                    r.texts(entry, "events", where), r.texts(entry, "see", where))
        unknown = [s for s in step.segments if s not in SEGMENTS]
        if unknown:
            raise r.fail(f"{where}.segments", f"{unknown} are not segments of a turn: one of {list(SEGMENTS)}")
        if step.id in {s.id for s in steps}:
            raise r.fail(f"{where}.id", f"{step.id!r} is used twice")
        steps.append(step)
    return Tutorial(r.text(welcome, "title", "welcome"), r.text(welcome, "text", "welcome"),
                    r.text(welcome, "section", "welcome"), r.text(data, "waiting", ""),
                    r.text(data, "no_request", ""), requests, tuple(steps))


def seats(sides: Sequence[str]) -> dict[str, str]:
    """The tutorial's seats: the player on PLAYER_SIDE, the easy computer captain on the other."""
    return {side: ("human" if side == PLAYER_SIDE else COMPUTER) for side in sides}


def is_tutorial(scenario_path: str | Path | None) -> bool:
    """Whether a session's scenario file is the tutorial scenario (also for a saved tutorial game)."""
    if not scenario_path:
        return False
    try:
        return Path(scenario_path).resolve() == SCENARIO.resolve()
    except OSError:
        return False


# ---------------------------------------------------------------------------------------------- following a game
@dataclass(frozen=True, slots=True)
class TutorPage:
    """What the tutor panel shows now."""

    turn: int
    segment: str  # "select", "impulse:4", ...
    segment_help: SegmentHelp | None
    request: RequestHelp | None  # the pending request's entry (None: nothing asked of the player)
    kind: str  # the pending request's kind, "" if none
    extra: str  # the request's sentence for this segment
    waiting: bool  # the computer captain is deciding
    just_now: tuple[Step, ...]  # steps the newest log events showed
    done: frozenset[str]  # ids of the steps met so far in this game
    ended: bool
    result: str  # the game-end line of the log, once over


class Tutor:
    """Follows one game from what the player's screen shows; `page(view, request, thinking)` after every change."""

    def __init__(self, tutorial: Tutorial, sequence: Sequence[SegmentHelp]) -> None:
        self.tutorial = tutorial
        self.sequence = {s.segment: s for s in sequence}
        self.reset()

    def reset(self) -> None:
        """Another game (new, loaded, or one step back): the steps are counted again from its log, and nothing
        in it is "just now" until the next change."""
        self.done: set[str] = set()
        self.seen_events = 0
        self.just_now: tuple[Step, ...] = ()
        self._fresh = True

    def page(self, view: Mapping[str, Any] | None, kind: str | None, thinking: bool = False) -> TutorPage:
        """`view`: the player's view as the session publishes it (None: no game, or the curtain is up);
        `kind`: the kind of the request the player must answer now, if any."""
        if view is None:
            return TutorPage(0, "", None, None, "", "", False, (), frozenset(self.done), False, "")
        segment = str(view.get("segment", ""))
        base = segment.partition(":")[0]
        events = list(view.get("events") or [])
        if len(events) < self.seen_events:  # undone: the log is shorter
            self.seen_events = len(events)
        new = events[self.seen_events:]
        self.seen_events = len(events)
        types = {str(e.get("type")) for e in new if isinstance(e, Mapping)}
        fresh = tuple(s for s in self.tutorial.steps if types & set(s.event_types))
        if self._fresh:
            self.just_now, self._fresh = (), False
        elif fresh:
            self.just_now = fresh
        met = {s.id for s in fresh}
        met |= {s.id for s in self.tutorial.steps if base in s.segments or (kind and kind in s.kinds)}
        ended = bool(view.get("ended"))
        result = ""
        if ended:
            met |= {s.id for s in self.tutorial.steps if "game_end" in s.event_types}
            ends = [e for e in events if isinstance(e, Mapping) and e.get("type") == "game_end"]
            result = str(ends[-1].get("text", "")) if ends else ""
        self.done |= met
        help_ = self.tutorial.requests.get(kind) if kind else None
        return TutorPage(int(view.get("turn", 0) or 0), segment, self.sequence.get(base), help_, kind or "",
                         help_.extra(segment) if help_ is not None else "", thinking and not kind,
                         self.just_now, frozenset(self.done), ended, result)
