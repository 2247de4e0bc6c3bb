"""The referee's tables: every game the server holds, how a game is hosted, and how a code finds its seat.

An invitation code is `<game id>.<seat token>`: the game id is public (spectators watch by it), the token a
random secret (`secrets.token_urlsafe`, 144 bits) of which only the SHA-256 digest is kept. A code opens the one
seat it was made for, in the one game it names; nothing else. No code is ever logged.
"""

from __future__ import annotations

import logging
import re
import secrets
import time
from pathlib import Path
from typing import Any

from cs_desktop.ai.captains import CAPTAINS
from cs_desktop.formats.files import load_scenario_with_ships
from cs_desktop.formats.jsonread import FileFormatError
from cs_desktop.formats.modelerrors import validate_model
from cs_desktop.online.store import SUFFIX, GameStore, SeatRow, StoreError, digest
from cs_desktop.online.table import HUMAN, Table
from cs_desktop.rules.game import Game
from cs_desktop.rules.setup import options_problem
from cs_desktop.formats.savegame import GameOptions

log = logging.getLogger(__name__)

#: the seats a host may ask for: a human (who gets a code) or a computer captain (cs_desktop/ai/captains.py)
SEAT_KINDS = (HUMAN, *CAPTAINS)
#: a scenario by its file name without .json, in the scenarios folder or one folder below it ("fleets/lake-erie")
_NAME = re.compile(r"^(?:[a-z0-9][a-z0-9-]{0,39}/)?[a-z0-9][a-z0-9-]{0,79}$")
_GAME_ID = re.compile(r"^[0-9a-f]{12}$")


class HostError(ValueError):
    """A game that cannot be hosted as asked; the text says why."""


def split_code(code: str) -> tuple[str, str] | None:
    game_id, dot, token = code.strip().partition(".")
    if not dot or not _GAME_ID.match(game_id) or not 16 <= len(token) <= 64:
        return None
    return game_id, token


class Referee:
    """All the games of one server, each a `Table` with its own database file in `folder`."""

    def __init__(self, folder: Path, scenarios: Path, max_games: int = 1000) -> None:
        self.folder = folder
        self.scenarios = scenarios
        self.max_games = max_games
        self.tables: dict[str, Table] = {}
        folder.mkdir(parents=True, exist_ok=True)

    def load_all(self) -> list[str]:
        """Open every game file in the folder (after a restart); the problems, one line per file."""
        problems = []
        for path in sorted(self.folder.glob(f"*{SUFFIX}")):
            try:
                store = GameStore.open(path)
                game_id = store.game_id()
                self.tables[game_id] = Table(game_id, store.load(), store.seats(), store)
            except StoreError as e:
                problems.append(str(e))
        return problems

    # ------------------------------------------------------------------ hosting
    def host(self, scenario: str, seats: dict[str, Any], seed: int | None = None,
             options: dict[str, Any] | None = None) -> tuple[Table, dict[str, str]]:
        """A new game of the shipped scenario `scenario` (its file name without .json, with its folder for a
        squadron action: "fleets/lake-erie"); `seats`: side -> "human"
        or a computer captain. Returns the table and a code for each human seat."""
        path = self.scenarios / f"{scenario}.json"
        if not _NAME.match(scenario) or not path.is_file() or not _inside(path, self.scenarios):
            raise HostError(f"no scenario {scenario[:80]!r} on this server")
        try:
            sc, ships = load_scenario_with_ships(self.scenarios / f"{scenario}.json")
            opts: dict[str, Any] = validate_model(GameOptions, options or {}, "options").model_dump(
                mode="json", exclude_unset=True)
        except FileFormatError as e:
            raise HostError("; ".join(f"{where}: {what}" for where, what in e.problems)) from None
        problem = options_problem(sc, opts)
        if problem:
            raise HostError(problem)
        game = Game(sc, ships, secrets.randbelow(2**62) if seed is None else seed, opts)
        return self.adopt(game, seats, keep=True)

    def adopt(self, game: Game, seats: dict[str, Any], keep: bool = True) -> tuple[Table, dict[str, str]]:
        """Seat a game made here (or loaded from a saved game); `keep` False holds it in memory only (a game
        that cannot be rebuilt from its scenario, seed and decisions, as the secrets test's copies)."""
        kinds = self._seat_kinds(game, seats)
        if len(self.tables) >= self.max_games:
            raise HostError(f"this server holds its most games ({self.max_games})")
        game_id = secrets.token_hex(6)
        tokens = {side: secrets.token_urlsafe(18) for side, kind in kinds.items() if kind == HUMAN}
        rows = {side: (kind, digest(tokens[side]) if side in tokens else "") for side, kind in kinds.items()}
        store = None
        if keep:
            store = GameStore.create(self.folder / f"{game_id}{SUFFIX}", game_id, game, rows, time.time())
        table = Table(game_id, game, {s: SeatRow(s, k, d) for s, (k, d) in rows.items()}, store)
        self.tables[game_id] = table
        log.info("game %s hosted: %s, seats %s", game_id, game.scenario.id, kinds)
        return table, {side: f"{game_id}.{token}" for side, token in tokens.items()}

    @staticmethod
    def _seat_kinds(game: Game, seats: dict[str, Any]) -> dict[str, str]:
        sides = list(game.state.sides)
        if sorted(seats) != sorted(sides) or not all(isinstance(k, str) for k in seats.values()):
            raise HostError(f"seats: give one seat for each side {sides}: \"human\" or one of {list(CAPTAINS)}")
        bad = [k for k in seats.values() if k not in SEAT_KINDS]
        if bad:
            raise HostError(f"seats: {str(bad[0])[:40]!r} is not one of {list(SEAT_KINDS)}")
        return {side: str(seats[side]) for side in sides}

    # ------------------------------------------------------------------ finding a seat
    def seat(self, code: str) -> tuple[Table, str] | None:
        """The table and side a code opens, or None (the same answer for a bad game id and a bad token)."""
        parts = split_code(code)
        if parts is None:
            return None
        table = self.tables.get(parts[0])
        side = table.side_for(parts[1]) if table is not None else None
        return (table, side) if table is not None and side is not None else None

    def close(self) -> None:
        for table in self.tables.values():
            if table.store is not None:
                table.store.close()


def _inside(path: Path, folder: Path) -> bool:
    """Whether `path`, links followed, lies in `folder` (a scenario folder's link cannot lead out of it)."""
    try:
        return path.resolve().is_relative_to(folder.resolve())
    except OSError:
        return False
