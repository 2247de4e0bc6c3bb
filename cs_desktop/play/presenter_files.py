"""The game's files, a part the play presenter owns (`presenter.files`): saving where the player says, the
autosave after every decision (a killed program continues from the same request), what closing or replacing
the game would lose, discarding, the replay of the game in play, and the one-line position the start-up test
hook prints. It holds the file state (where the game is saved, the autosave store, who keeps a campaign's
battle) and reads the game in play through `Held`, the narrow face of the presenter it is given."""

from __future__ import annotations

import hashlib
import logging
from collections.abc import Callable
from pathlib import Path
from typing import Any, Protocol

from cs_desktop.play.autosave import AutosaveStore, describe_pending
from cs_desktop.play.replay import Replay
from cs_desktop.play.replay_bookmarks import BookmarkStore
from cs_desktop.play.undo_history import UndoHistory
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


class Held(Protocol):
    """What the files read of the presenter: the game in play and which one it is, the seats, the side at the
    screen, where the scenario came from and the decisions the standing orders made for a human; and the
    message line the player reads (a save or a failed autosave is said there)."""

    last_message: str

    @property
    def game(self) -> Game | None: ...
    @property
    def game_serial(self) -> int: ...
    @property
    def seats(self) -> dict[str, str]: ...
    @property
    def shown_side(self) -> str | None: ...
    @property
    def scenario_path(self) -> str | None: ...
    @property
    def history(self) -> UndoHistory: ...


class GameFiles:
    def __init__(self, held: Held, autosave: AutosaveStore | None, notify: Callable[[], None]) -> None:
        self._held = held
        self._notify = notify
        self.autosave = autosave
        #: the file the player saved the game in (Save writes there; None: Save asks where)
        self.save_path: Path | None = None
        self._autosaved: tuple[int, int, bool] | None = None
        self._saved_key: tuple[int, int] | None = None
        self._discarded: Game | None = None  # the game the player chose to drop
        #: (scenario id, where, by whom): the game of that scenario is kept elsewhere after every decision
        #: (`keep_elsewhere`)
        self._keeper: tuple[str, str, object] | None = None

    def reset(self, save_path: Path | None) -> None:
        """A new game in play (new or loaded), saved in `save_path` or not yet."""
        self.save_path = save_path
        self._autosaved = None
        self._saved_key = None

    def mark_saved(self) -> None:
        """The game in play, as it stands, is the one in `save_path` (it was just loaded from there)."""
        game = self._held.game
        if game is not None:
            self._saved_key = (self._held.game_serial, len(game.decisions))

    def unsaved(self) -> bool:
        """True if the game has decisions (or is new) that no file the player saved holds (or that file is gone)."""
        game = self._held.game
        return game is not None and (self.save_path is None or not self.save_path.is_file()
                                     or self._saved_key != (self._held.game_serial, len(game.decisions)))

    def at_risk(self) -> bool:
        """Closing or replacing the game now would lose play the player has not saved nor discarded (a game kept
        elsewhere loses nothing: `keep_elsewhere`)."""
        game = self._held.game
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
        game = self._held.game
        if game is None or self._keeper is None or game.scenario.id != self._keeper[0]:
            return None
        return self._keeper[1]

    def keeper(self) -> object:
        """Who keeps the game in play (`keep_elsewhere`), or None for an ordinary game."""
        return self._keeper[2] if self.kept_elsewhere() is not None and self._keeper is not None else None

    def discard(self) -> None:
        """The player chose to drop this game: its autosave goes, and closing will not keep it."""
        if self._held.game is not None:
            self._discarded = self._held.game
        if self.autosave is not None:
            self.autosave.discard()

    def autosave_now(self) -> None:
        """Autosave after every accepted decision (and at the start and end of a game), atomically: a killed
        program continues from the same pending request."""
        game = self._held.game
        if self.autosave is None or game is None or self.kept_elsewhere() is not None:
            return
        key = (self._held.game_serial, len(game.decisions), game.ended)
        if self._autosaved == key:
            return
        self._autosaved = key
        try:
            self.autosave.write(game, self.meta())
        except Exception as e:  # an autosave must never stop play
            log.warning("autosave failed: %s", e)
            self._held.last_message = f"Autosave failed: {e}"

    def close_autosave(self) -> None:
        """At the window's close: the game is kept for the next start (an unfinished game the player saved is
        offered again), unless he discarded it; then this program's session ends."""
        if self.autosave is None:
            return
        game = self._held.game
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
        game = self._held.game
        held = self._held
        return {"seats": dict(held.seats), "scenario_path": held.scenario_path,
                "title": game.scenario.title if game else "",
                "save_path": str(self.save_path) if self.save_path is not None else None,
                "answered_for_player": sorted(held.history.answered_for_player)}

    def save(self, path: str | Path) -> Path:
        game = self._held.game
        if game is None:
            raise ValueError("no game to save")
        before = self.save_path
        self.save_path = Path(path)  # the meta names the file it is saved in
        try:
            out = save_game(game, path, self.meta())
        except Exception:
            self.save_path = before
            raise
        self.mark_saved()
        self._held.last_message = f"Saved to {path}"
        self._notify()
        return out

    def replay_in_play(self, bookmarks: BookmarkStore | None = None) -> Replay:
        """The game in play so far as a replay (a copy: the game goes on untouched), in the view of the player
        at the screen while it is not over (everything once it is)."""
        game = self._held.game
        if game is None:
            raise ValueError("no game to replay")
        side = self._held.shown_side
        viewers = [side] if side is not None else None
        return Replay.from_game(game, self._held.seats, viewers, bookmarks, source=f"{game.scenario.title} (in play)")

    def pending_line(self) -> str:
        """The game's position in one line: decisions made, a digest of the whole game, what is asked (the
        start-up test hook compares it across a restart)."""
        game = self._held.game
        if game is None:
            return "PENDING none"
        digest = hashlib.sha256(game.fingerprint().encode("utf-8")).hexdigest()
        return f"PENDING {len(game.decisions)} {digest} {describe_pending(game)}"


def same_file(a: Path, b: Path) -> bool:
    try:
        return a.resolve() == b.resolve()
    except OSError:
        return a == b
