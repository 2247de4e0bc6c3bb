"""Saved games: write atomically, load with validation, autosave and "resume after a crash" (BRIEF §5).

A saved game is `Game.save_data()` as JSON (scenario, ship cards, seed, options, decisions) plus an optional
`meta` object the desktop client keeps (the seats); docs/file-formats.md describes it. Nothing here executes
code from a file: the careful JSON reader of `cs_desktop/formats/jsonread.py`, strict pydantic validation of every
field (the scenario and ship cards as in their own files, the options as the New Game dialog sets them),
then the decisions replayed one by one. Any problem becomes one `SaveError` that names the file, where (a
field, a line and column, or the decision with its number, side, kind and turn) and what is wrong -- never a
traceback, never a half-loaded game.

The autosave and the session lock live in `cs_desktop.play.autosave` (re-exported here).

Writes go to a temporary file in the same folder, are flushed and fsynced, then `os.replace`d over the old
file, so a crash or a full disk in the middle of a save leaves the previous save as it was.

No Qt here.
"""

from __future__ import annotations

import json
import os
from dataclasses import dataclass
from pathlib import Path
from collections.abc import Callable, Sequence
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator, with_config
from typing_extensions import TypedDict

from cs_desktop.formats.files import atomic_write_text, card_problems, scenario_problems
from cs_desktop.formats.jsonread import FileFormatError, check_header, decode_text, parse_json, read_bytes
from cs_desktop.formats.modelerrors import validate_text
from cs_desktop.rules.cards import RulesOptions, Scenario, ShipCard
from cs_desktop.rules.decisions import Refusal
from cs_desktop.rules.game import Game

GAME_FORMAT = "captains-sea/game"
GAME_VERSION = 1
MAX_SAVE_BYTES = 20_000_000
#: the most JSON values (objects, arrays, items) a saved game is read with: a 12-a-side fleet game of 38 turns
#: holds about 27,000; at this bound a refused file of junk costs at most about 100 MB (issue 31, item 7: 827,386
#: junk decisions cost 1 GB before their error)
MAX_SAVE_VALUES = 150_000
MAX_DECISIONS = 1_000_000
#: the latest time a meta may hold (the year 5138): `saved_at: 1e300` made "keep for later" fail (issue 31)
LATEST_TIME = 1e11
#: the longest path a meta names, and the longest question (`asked`: a 5 MB one kept the window away, issue 31)
MAX_PATH_CHARS = 4096
MAX_ASKED_CHARS = 10_000
SEED_MIN, SEED_MAX = -(2**63), 2**64 - 1
SUFFIX = ".csgame"


class SaveError(Exception):
    """A saved game that cannot be written or used; the message names the file and the problem. A file that
    cannot be loaded lists its problems as (where, what is wrong): a field path (`options.turn_limit`,
    `decisions[12]`) or a line and column; `lines()` gives one line per problem."""

    def __init__(self, path: str | os.PathLike[str], problem: str,
                 problems: Sequence[tuple[str, str]] = ()) -> None:
        self.path = str(path)
        self.problems: list[tuple[str, str]] = list(problems) or [("", problem)]
        self.problem = problem
        super().__init__(str(self))

    @classmethod
    def of(cls, e: FileFormatError) -> SaveError:
        return cls(e.path, "; ".join(f"{where}: {what}" for where, what in e.problems), e.problems)

    def lines(self) -> list[str]:
        return [f"{self.path}: {where}: {what}" if where else f"{self.path}: {what}" for where, what in self.problems]

    def __str__(self) -> str:
        return "\n".join(self.lines())


class GameOptions(RulesOptions):
    """The options chosen when the game was started (New Game): the scenario's own `relativity`, `bid` and
    `turn_limit` (docs/file-formats.md), which they override, and the Bridge Cards. A field left out keeps
    the scenario's value or the default; `"turn_limit": null` plays to the end whatever the scenario says."""

    bridge_cards: bool = Field(default=True, description="1.7: deal and play Bridge Cards")
    bonus_cards: bool = Field(default=True, description="1.7.3: offer a card's bonus before each roll")


class Decision(BaseModel):
    model_config = ConfigDict(extra="forbid")

    side: Annotated[str, Field(max_length=64)]
    kind: Annotated[str, Field(max_length=64)]
    answer: Any = None


Path_ = Annotated[str, Field(max_length=MAX_PATH_CHARS)]


@with_config(ConfigDict(extra="allow"))
class SaveMeta(TypedDict, total=False):
    """What the desktop client keeps beside the game (a plain object; other keys are kept as they are): the
    model of the autosave's meta too (`play/autosave.py`: what an unfinished game is offered with). Every number
    is range-checked and every text bounded (issue 31, item 6)."""

    seats: dict[Annotated[str, Field(max_length=64)], Annotated[str, Field(max_length=200)]] | None
    scenario_path: Path_ | None
    save_path: Path_ | None
    title: Annotated[str, Field(max_length=200)]
    turn: Annotated[int, Field(ge=0, le=100_000)]
    ended: bool
    offer: bool
    asked: Annotated[str, Field(max_length=MAX_ASKED_CHARS)]
    saved_at: Annotated[float, Field(ge=0, le=LATEST_TIME)]
    answered_for_player: Annotated[list[Annotated[int, Field(ge=0, le=MAX_DECISIONS)]],
                                   Field(max_length=MAX_DECISIONS)]


class SavedGame(BaseModel):
    """The saved-game file (format captains-sea/game, version 1)."""

    model_config = ConfigDict(extra="forbid")

    format: Literal["captains-sea/game"]
    version: Literal[1]
    scenario: Scenario
    ships: dict[str, ShipCard]
    seed: Annotated[int, Field(ge=SEED_MIN, le=SEED_MAX, description="the dice seed (whole number)")]
    options: GameOptions = GameOptions()
    decisions: Annotated[list[Decision], Field(max_length=MAX_DECISIONS)] = []
    meta: SaveMeta = {}

    @model_validator(mode="after")
    def _check_sides(self) -> SavedGame:
        ids = [s.id for s in self.scenario.sides]
        for side in self.options.bid:
            if side not in ids:
                raise ValueError(f"options.bid names side {side!r}, which is not one of {ids}")
        from cs_desktop.rules.setup import options_problem

        problem = options_problem(self.scenario, self.options.model_dump(exclude_unset=True))
        if problem:
            raise ValueError(problem)
        return self


# ---------------------------------------------------------------------------------------------- writing


def save_text(game: Game, meta: dict[str, Any] | None = None) -> str:
    data = game.save_data()
    if meta:
        data["meta"] = meta
    return json.dumps(data, indent=1, ensure_ascii=False, sort_keys=False) + "\n"


def save_game(game: Game, path: str | os.PathLike[str], meta: dict[str, Any] | None = None) -> Path:
    """Save `game` (atomically) to `path`; returns the path written."""
    p = Path(path)
    try:
        text = save_text(game, meta)
    except (TypeError, ValueError) as e:
        raise SaveError(p, f"the game cannot be written as JSON: {e}") from None
    try:
        atomic_write_text(p, text)
    except OSError as e:
        raise SaveError(p, f"could not save: {e.strerror or e}; the previous file (if any) is unchanged") from None
    return p


# ---------------------------------------------------------------------------------------------- reading


@dataclass
class LoadedGame:
    game: Game
    meta: dict[str, Any]
    path: Path


_HINTS = {"captains-sea/scenario": "start a New Game with it instead",
          "captains-sea/ship": "import it into the Library instead (Import… in the Library window)"}


def parse_save(text: str, source: str | os.PathLike[str] = "(text)") -> SavedGame:
    """Validate the text of a saved game: JSON (jsonread), format and version, then every field -- the
    scenario and ship cards as in their own files, the options, the seed, the shape of each decision."""
    try:
        data = parse_json(text, source, MAX_SAVE_BYTES, MAX_SAVE_VALUES)
        check_header(data, source, GAME_FORMAT, (GAME_VERSION,), _HINTS)
        del data  # checked: the model is built from the text, not beside a second copy of it
        saved: SavedGame = validate_text(SavedGame, text.removeprefix("\ufeff"), str(source))
    except FileFormatError as e:
        raise SaveError.of(e) from None
    problems = [(f"scenario.{where}", what) for where, what in scenario_problems(saved.scenario)]
    for key, card in saved.ships.items():
        if card.id != key:
            problems.append((f"ships.{key}.id", f"the card under {key!r} has the id {card.id!r}"))
        problems.extend(card_problems(card, f"ships.{key}."))
    for i, side in enumerate(saved.scenario.sides):
        for j, ss in enumerate(side.ships):
            if not isinstance(ss.ship, ShipCard) and ss.ship not in saved.ships:
                problems.append((f"scenario.sides[{i}].ships[{j}].ship",
                                 f"the saved game has no ship card for {ss.ship!r} under \"ships\""))
    if problems:
        raise SaveError.of(FileFormatError(source, problems))
    return saved


def _options(saved: SavedGame) -> dict[str, Any]:
    """The options as the file gave them: a field left out stays out (it means the scenario's value)."""
    return saved.options.model_dump(mode="json", exclude_unset=True)


def _where(game: Game) -> str:
    """When in the game: "turn 2, impulse 7", "turn 1, setup"."""
    return f"turn {game.state.turn}, {game.state.segment.replace(':', ' ').replace('_', ' ')}"


def game_from_save(saved: SavedGame, source: str | os.PathLike[str] = "(text)",
                   after: Callable[[int, Game], None] | None = None) -> Game:
    """Rebuild the game by replaying its decisions, one by one, as `Game.replay` does; a decision the game
    does not accept at its point is refused with its number, side, kind, turn and the rule that refuses it.
    `after(i, game)`, if given, is called with the game after its first i decisions (i = 0 .. all of them);
    the replay viewer keeps its checkpoints this way (cs_desktop/play/replay.py)."""
    try:
        game = Game(saved.scenario, dict(saved.ships), saved.seed, _options(saved))
    except Exception as e:  # noqa: BLE001 -- any failure of a damaged file is reported, never raised
        text = f"the game cannot be set up from this file ({type(e).__name__}: {e})"
        raise SaveError(source, text, [("(file)", text)]) from None
    total = len(saved.decisions)
    if after is not None:
        after(0, game)
    for i, d in enumerate(saved.decisions):
        what = f"decision {i + 1} of {total} ({d.kind!r} by side {d.side!r}, {_where(game)})"
        problem = _refusal(game, d)
        if problem is None:
            try:
                result: Any = game.strike_colors(d.side) if d.kind == "strike_colors" else game.submit(
                    d.side, d.answer)
            except Exception as e:  # noqa: BLE001
                problem = f"the rules could not apply it ({type(e).__name__}: {e})"
            else:
                if isinstance(result, Refusal):
                    problem = f"rule {result.rule} refuses it: {result.message}"
        if problem is not None:
            text = f"{what} does not replay: {problem}"
            raise SaveError(source, text, [(f"decisions[{i}]", text)])
        if after is not None:
            after(i + 1, game)
    return game


def _refusal(game: Game, d: Decision) -> str | None:
    """Why decision `d` cannot be the next one, before the engine is asked; None if it may be."""
    sides = list(game.state.sides)
    if d.side not in sides:
        return f"there is no side {d.side!r} in this game; the sides are {', '.join(sides)}"
    if game.ended:
        return "the game was already over (18.0)"
    if d.kind == "strike_colors":
        return None
    request = game.pending_for(d.side)
    if request is None:
        waiting = ", ".join(sorted({r.side for r in game.pending})) or "nobody"
        return f"nothing is asked of side {d.side!r} at this point (waiting for {waiting})"
    if request.kind != d.kind:
        return f"the game asks side {d.side!r} for {request.kind!r} here ({request.rule}), not {d.kind!r}"
    return None


def load_game_text(path: str | os.PathLike[str]) -> str:
    """The text of a saved-game file (size and encoding checked; SaveError names the file and the problem)."""
    p = Path(path)
    try:
        return decode_text(read_bytes(p, MAX_SAVE_BYTES, f"a saved game (*{SUFFIX})"), p)
    except FileFormatError as e:
        raise SaveError.of(e) from None


def load_game(path: str | os.PathLike[str]) -> LoadedGame:
    p = Path(path)
    saved = parse_save(load_game_text(p), p)
    return LoadedGame(game_from_save(saved, p), dict(saved.meta), p)
