"""Watching a game again (issue 11, item 5): the Qt-free model behind the replay viewer (gui/library/replay_viewer.py).

A replay is built from a saved game (`Replay.from_file`, any .csgame), a game of the library
(`Replay.from_library`) or a game in play (`Replay.from_game`). **Position p** is the game after its first p
decisions: 0 is the start (set-up asked, nothing answered), `length` the last recorded point (the end, for a
finished game). The model steps by one decision, one impulse (more exactly one *phase*: an impulse or another
segment of the turn, 4.0, as the engine's `state.segment` names it) or one turn, jumps to a turn or a position,
and holds bookmarks (named positions). Going back to the start of the phase or turn first, and to the
previous one from there, as a player's "previous track" button does.

Speed: the decisions are replayed once when the replay is built; every `CHECKPOINT_EVERY` decisions an exact
copy of the game (`Game.clone()`) is kept. A step forward applies one decision to the game on show; any other
move copies the nearest checkpoint at or before the target and applies at most `CHECKPOINT_EVERY - 1`
decisions (benchmarks/replay_step.py measures it). Nothing is ever replayed from the start again.

Who sees what (BRIEF §1): the screen shows `game.view(viewer, events=True)`. The full view (`viewer` None:
both sides' maneuvers, loads, cards) is offered only when the recorded game is over. While it is not, only a
player's side is: the human seat of the save (or of the game in play, at the screen); if both seats were human
(or the save names none), either side, one at a time. A decision's description names its side and kind, never
its answer (and, while the game is not over, only the side of the other side's decisions), so it gives nothing
away either. The recorded answers and the finished game stay private to this model.

The replay owns its `timeline` (replay_timeline.py: where each position is, where phases and turns start) and
its `bookmarks` (replay_bookmarks.py: kept in a sidecar in the data folder, not in the game file; see there why).
No Qt here (tests/test_layering.py); under `mypy --strict` (scripts/test.sh).
"""

from __future__ import annotations

import json
import os
from copy import deepcopy
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

from cs_desktop.play.designations import designate
from cs_desktop.play.replay_bookmarks import Bookmark, BookmarkError, BookmarkStore, ReplayBookmarks, game_key
from cs_desktop.play.replay_timeline import Place, Timeline, by_phase, by_turn
from cs_desktop.rules.cards import ShipCard
from cs_desktop.rules.game import Game
from cs_desktop.rules.view_types import SideView, ViewEvent
from cs_desktop.formats.savegame import SaveError, game_from_save, load_game_text, parse_save

#: a checkpoint every so many decisions (a step anywhere applies fewer than this many decisions)
CHECKPOINT_EVERY = 16
HUMAN = "human"

#: what each kind of decision is, in a few words (the replay names a decision's kind, never its answer)
KIND_WORDS = {
    "setup": "set-up (2.0)", "assign_crew": "crew assignment (5.0)", "bonus_cards": "Hold-card discards (1.7.3)",
    "select_maneuver": "maneuver selection (9.1)", "move_order": "order of movement (8.0)",
    "advance_turn": "free turn after an Advance (9.1.1)", "parallel_side": "side to pass (9.2.1)",
    "fire": "fire (11.0)", "hull_first": "hull section first (11.4.10)", "select_load": "loads (11.7)",
    "grapple": "grapple (12.0)", "melee": "melee (15.0)", "melee_continue": "continue the melee (15.0)",
    "disengage": "disengage (15.0)", "sail_change": "sail change (17.5)", "melee_split": "melee split (15.0)",
    "melee_support": "melee support (15.0)", "bonus_move": "Bonus Move (16.0)",
    "discard_card": "discard a card (1.7.2)", "take_possession": "take possession of a hulk (18.0)",
    "prize_crew": "prize crew (18.0)", "retake": "board to retake a prize (18.0)",
    "strike_colors": "strikes her colours (18.0)",
}


class _SavedGames(Protocol):
    def load(self, game_id: int) -> dict[str, Any]: ...


class _Library(Protocol):
    @property
    def games(self) -> _SavedGames: ...


@dataclass
class _Track:
    every: int
    places: list[Place] = field(default_factory=list)
    checkpoints: dict[int, Game] = field(default_factory=dict)
    frozen: list[ViewEvent] = field(default_factory=list)

    def record(self, p: int, game: Game) -> None:
        self.places.append(Place(p, game.state.turn, game.state.segment, game.state.impulse))
        if p % self.every == 0:
            copy = game.clone()
            # an event may hold a live part of the state (the "crew" event of rules/crew.py its ship's
            # assignment), which the game goes on changing: a checkpoint's log is copied (each event once,
            # when a checkpoint first holds it), so no later change shows at an earlier position
            self.frozen += deepcopy(copy.events[len(self.frozen):])
            copy.events = self.frozen[:len(copy.events)]
            self.checkpoints[p] = copy


def _apply(game: Game, d: Mapping[str, Any]) -> None:
    result = game.strike_colors(d["side"]) if d["kind"] == "strike_colors" else game.submit(d["side"], d["answer"])
    if not result:  # the decisions replayed once already: this is a bug, not a bad file
        raise RuntimeError(f"a recorded decision ({d['kind']} by {d['side']}) did not replay: {result}")


class Replay:
    """A recorded game to step through. Build it with `from_file`, `from_library` or `from_game`."""

    def __init__(self, final: Game, track: _Track, *, seats: Mapping[str, str] | None = None,
                 viewers: Sequence[str] | None = None, source: str = "(game)",
                 bookmarks: BookmarkStore | None = None) -> None:
        self.source = source
        self._final = final
        # the recorded answers hold both sides' secrets: private, like the finished game itself
        self._decisions: list[dict[str, Any]] = [dict(d) for d in final.decisions]
        self._track = track
        self.timeline = Timeline(track.places)
        self.over = final.ended
        self.sides: list[str] = list(final.state.sides)
        self.seats: dict[str, str] = {s: str(k) for s, k in (seats or {}).items() if s in self.sides}
        players = list(viewers) if viewers else [s for s in self.sides if self.seats.get(s) == HUMAN]
        players = [s for s in players if s in self.sides] or list(self.sides)
        #: the views the screen may show: everything (None) and each side once the game is over; else players
        self.viewer_choices: list[str | None] = [None, *self.sides] if self.over else list(players)
        self.viewer: str | None = self.viewer_choices[0]
        self.bookmarks = ReplayBookmarks(bookmarks, game_key(final.save_data()), self._decisions, self.timeline.name)
        self.position = 0
        self._game = track.checkpoints[0].clone()

    # ------------------------------------------------------------------ building
    @classmethod
    def from_file(cls, path: str | os.PathLike[str], bookmarks: BookmarkStore | None = None,
                  every: int = CHECKPOINT_EVERY) -> Replay:
        """Any saved game; a file that cannot be used raises SaveError naming the file, the field and why."""
        text = load_game_text(path)
        return cls._from_text(text, path, bookmarks, every)

    @classmethod
    def from_library(cls, library: _Library, game_id: int, bookmarks: BookmarkStore | None = None,
                     every: int = CHECKPOINT_EVERY) -> Replay:
        """A saved game of the user's library (`Library.games.load`)."""
        text = json.dumps(library.games.load(game_id))
        return cls._from_text(text, f"library game {game_id}", bookmarks, every)

    @classmethod
    def _from_text(cls, text: str, source: str | os.PathLike[str], bookmarks: BookmarkStore | None,
                   every: int) -> Replay:
        saved = parse_save(text, source)
        track = _Track(max(1, every))
        final = game_from_save(saved, source, after=track.record)
        seats = saved.meta.get("seats") if isinstance(saved.meta.get("seats"), dict) else None
        return cls(final, track, seats=seats, source=str(source), bookmarks=bookmarks)

    @classmethod
    def from_game(cls, game: Game, seats: Mapping[str, str] | None = None, viewers: Sequence[str] | None = None,
                  bookmarks: BookmarkStore | None = None, every: int = CHECKPOINT_EVERY,
                  source: str = "the game in play") -> Replay:
        """The game in play, as it stands now (a copy: the game goes on untouched). `viewers`: the sides
        whose view may be shown while it is not over (the player at the screen)."""
        track = _Track(max(1, every))
        copy = Game(game.scenario, game.cards, game.seed, game.options)
        track.record(0, copy)
        for i, d in enumerate(game.decisions):
            _apply(copy, d)
            track.record(i + 1, copy)
        return cls(copy, track, seats=seats, viewers=viewers, source=source, bookmarks=bookmarks)

    # ------------------------------------------------------------------ what the game is
    @property
    def length(self) -> int:
        """The number of decisions; positions run from 0 to `length`."""
        return len(self._decisions)

    @property
    def title(self) -> str:
        return self._final.scenario.title

    def side_name(self, side: str | None) -> str:
        if side is None:
            return "Everything (both sides)" if len(self.sides) == 2 else "Everything (all sides)"
        return self._final.state.sides[side].name

    def cards(self) -> dict[str, ShipCard]:
        """Ship id -> its card, the ships of each side in order."""
        st = self._final.state
        return {sid: st.ships[sid].card for side in self.sides for sid in st.sides[side].ships}

    def ship_names(self) -> dict[str, str]:
        """Ship id -> designation (play/designations.py: numbered where ships share a card name)."""
        return designate({sid: card.name for sid, card in self.cards().items()})

    def place(self, position: int | None = None) -> Place:
        return self.timeline.places[self.position if position is None else position]

    def decision_text(self, number: int) -> str:
        """Decision `number` (1 .. length) in words: its side and kind, never its answer; while the game is not
        over, only the side of a decision of the other side."""
        d = self._decisions[number - 1]
        if self.viewer is not None and d["side"] != self.viewer and not self.over:
            return f"{self.side_name(d['side'])} decides"
        return f"{self.side_name(d['side'])}: {KIND_WORDS.get(d['kind'], d['kind'].replace('_', ' '))}"

    # ------------------------------------------------------------------ what to show
    def set_viewer(self, side: str | None) -> None:
        if side not in self.viewer_choices:
            why = "the game is not over" if side is None else f"{side!r} is not a view this replay may show"
            raise ValueError(f"cannot show {self.side_name(side) if side in self.sides or side is None else side}:"
                             f" {why}")
        self.viewer = side

    def view(self, events: bool = True) -> SideView:
        """What the screen shows at the current position: `game.view(viewer, events)`."""
        return self._game.view(self.viewer, events)

    def own(self, ship_id: str) -> bool:
        """True if the ship's card may be shown in full (the viewer's own ship, or the full view)."""
        return self.viewer is None or self._final.state.ships[ship_id].side == self.viewer

    # ------------------------------------------------------------------ moving
    def goto(self, position: int) -> int:
        """To position `position` (clamped to 0 .. length); returns the position reached."""
        p = max(0, min(int(position), self.length))
        if p == self.position:
            return p
        if self.position < p < self.position + self._track.every:
            game, start = self._game, self.position  # a little forward: go on from the game on show
        else:
            start = p - p % self._track.every
            game = self._track.checkpoints[start].clone()
        for d in self._decisions[start:p]:
            _apply(game, d)
        self._game, self.position = game, p
        return p

    def first(self) -> int:
        return self.goto(0)

    def last(self) -> int:
        return self.goto(self.length)

    def forward(self) -> int:
        return self.goto(self.position + 1)

    def back(self) -> int:
        return self.goto(self.position - 1)

    def forward_impulse(self) -> int:
        """To the first position of the next impulse (or other segment of the turn)."""
        return self.goto(self.timeline.after(self.position, by_phase))

    def back_impulse(self) -> int:
        """To the start of this impulse (segment), or of the previous one if already there."""
        return self.goto(self.timeline.back_from(self.position, by_phase))

    def forward_turn(self) -> int:
        return self.goto(self.timeline.after(self.position, by_turn))

    def back_turn(self) -> int:
        return self.goto(self.timeline.back_from(self.position, by_turn))

    def jump_to_turn(self, turn: int) -> int:
        """To the first position of `turn` (the nearest turn recorded if there is no such turn)."""
        return self.goto(self.timeline.turn_start(turn))

def open_replay(path: str | os.PathLike[str], data_dir: str | os.PathLike[str] | None) -> Replay:
    """A replay of the file at `path` with the bookmarks of the data folder (none kept if `data_dir` is None)."""
    store = BookmarkStore(data_dir) if data_dir is not None else None
    return Replay.from_file(path, store)


__all__ = ["Bookmark", "BookmarkError", "BookmarkStore", "CHECKPOINT_EVERY", "HUMAN", "KIND_WORDS", "Place", "Replay",
           "ReplayBookmarks", "SaveError", "Timeline", "open_replay"]
