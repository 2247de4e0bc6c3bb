"""The play presenter's files: saving where the player says, the autosave after every decision (a killed
program continues from the same request), what closing or replacing the game would lose, discarding, the
replay of the game in play, and the one-line position the start-up test hook prints. A part of
`PlayPresenter`."""

from __future__ import annotations

import hashlib
import logging
from pathlib import Path
from typing import TYPE_CHECKING, Any

from cs_desktop.play.autosave import AutosaveStore, describe_pending
from cs_desktop.play.replay import Replay
from cs_desktop.play.replay_bookmarks import BookmarkStore
from cs_desktop.rules.game import Game
from cs_desktop.formats.savegame import save_game

log = logging.getLogger(__name__)

#: the folder of the data folder where Save proposes, and a finished game is kept (issue 28 item 7)
SAVES_FOLDER = "Saved games"


def proposed_name(scenario_id: str, turn: int, finished: bool = False, suffix: str = ".csgame") -> str:
    """The file name Save proposes: the scenario's id and the turn ("constitution-vs-java-turn-7.csgame"), or
    "...-finished.csgame" for a game over."""
    stem = "".join(c if c.isalnum() or c in "-_" else "-" for c in scenario_id) or "game"
    return f"{stem}-{'finished' if finished else f'turn-{turn}'}{suffix}"


def free_path(path: Path) -> Path:
    """`path`, or "name-2.ext", "name-3.ext"... if it is taken (a finished game never overwrites another)."""
    n = 2
    found = path
    while found.exists():
        found = path.with_name(f"{path.stem}-{n}{path.suffix}")
        n += 1
    return found


class GameFiles:
    game: Game | None
    game_serial: int
    seats: dict[str, str]
    shown_side: str | None
    scenario_path: str | None
    save_path: Path | None
    last_message: str
    autosave: AutosaveStore | None
    _auto: set[int]
    _autosaved: tuple[int, int, bool] | None
    _saved_key: tuple[int, int] | None
    _discarded: Game | None
    #: (scenario id, where, by whom): the game of that scenario is kept elsewhere after every decision
    #: (`keep_elsewhere`)
    _keeper: tuple[str, str, object] | None = None

    if TYPE_CHECKING:
        def _notify(self) -> None: ...

    def unsaved(self) -> bool:
        """True if the game has decisions (or is new) that no file the player saved holds (or that file is gone)."""
        game = self.game
        return game is not None and (self.save_path is None or self._saved_key != (self.game_serial, len(game.decisions))
                                     or not self.save_path.is_file())

    def at_risk(self) -> bool:
        """Closing or replacing the game now would lose play the player has not saved nor discarded (a game kept
        elsewhere loses nothing: `keep_elsewhere`)."""
        game = self.game
        return (game is not None and not game.ended and self.unsaved() and game is not self._discarded
                and self.kept_elsewhere() is None)

    def keep_elsewhere(self, scenario_id: str, where: str, keeper: object = None) -> None:
        """Call before starting it: the game of `scenario_id` is kept by `where` after every decision (a
        campaign's battle, in the campaign's library row, which resumes it). Closing or replacing it then asks
        nothing, and the ordinary autosave leaves it out, so the next start never offers it apart from its
        campaign (an earlier game's autosave stays as it was). `keeper` is who keeps it (`keeper()`): the last
        to call this, so an earlier keeper knows the board is no longer its own."""
        self._keeper = (scenario_id, where, keeper)

    def kept_elsewhere(self) -> str | None:
        """Where the game in play is kept (`keep_elsewhere`), or None for an ordinary game."""
        game = self.game
        if game is None or self._keeper is None or game.scenario.id != self._keeper[0]:
            return None
        return self._keeper[1]

    def keeper(self) -> object:
        """Who keeps the game in play (`keep_elsewhere`), or None for an ordinary game."""
        return self._keeper[2] if self.kept_elsewhere() is not None and self._keeper is not None else None

    def discard(self) -> None:
        """The player chose to drop this game: its autosave goes, and closing will not keep it."""
        if self.game is not None:
            self._discarded = self.game
        if self.autosave is not None:
            self.autosave.discard()

    def _autosave(self) -> None:
        """Autosave after every accepted decision (and at the start and end of a game), atomically: a killed
        program continues from the same pending request."""
        game = self.game
        if self.autosave is None or game is None or self.kept_elsewhere() is not None:
            return
        key = (self.game_serial, len(game.decisions), game.ended)
        if self._autosaved == key:
            return
        self._autosaved = key
        try:
            self.autosave.write(game, self.meta())
        except Exception as e:  # an autosave must never stop play
            log.warning("autosave failed: %s", e)
            self.last_message = f"Autosave failed: {e}"

    def close_autosave(self) -> None:
        """At the window's close: the game is kept for the next start (an unfinished game the player saved is
        offered again), unless he discarded it; then this program's session ends."""
        if self.autosave is None:
            return
        game = self.game
        if game is not None and game is not self._discarded and self.kept_elsewhere() is None:
            keep = not game.ended and self.save_path is not None
            try:
                self.autosave.write(game, self.meta(), offer=keep)
            except OSError:
                pass
            except Exception as e:  # a save error must not stop the window closing
                log.warning("autosave at close failed: %s", e)
        self.autosave.end_session()

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
        self._saved_key = (self.game_serial, len(self.game.decisions))
        self.last_message = f"Saved to {path}"
        self._notify()
        return out

    def replay_in_play(self, bookmarks: BookmarkStore | None = None) -> Replay:
        """The game in play so far as a replay (a copy: the game goes on untouched), in the view of the player
        at the screen while it is not over (everything once it is)."""
        game = self.game
        if game is None:
            raise ValueError("no game to replay")
        viewers = [self.shown_side] if self.shown_side is not None else None
        return Replay.from_game(game, self.seats, viewers, bookmarks, source=f"{game.scenario.title} (in play)")

    def pending_line(self) -> str:
        """The game's position in one line: decisions made, a digest of the whole game, what is asked (the
        start-up test hook compares it across a restart)."""
        game = self.game
        if game is None:
            return "PENDING none"
        digest = hashlib.sha256(game.fingerprint().encode("utf-8")).hexdigest()
        return f"PENDING {len(game.decisions)} {digest} {describe_pending(game)}"


def same_file(a: Path, b: Path) -> bool:
    try:
        return a.resolve() == b.resolve()
    except OSError:
        return a == b
