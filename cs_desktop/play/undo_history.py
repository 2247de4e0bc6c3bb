"""Undo at one screen (BRIEF 3), a part the play presenter owns (`presenter.history`): the game without the
player's last decision and the answers his standing orders gave after it, or why it cannot be had (a step that
revealed dice or hidden information, or was not his). Worked out once per position: `can_undo` is asked on
every screen, and a step back over a hidden answer replays the game."""

from __future__ import annotations

from cs_desktop.rules.decisions import Refusal
from cs_desktop.rules.game import Game


class UndoHistory:
    def __init__(self) -> None:
        #: indices in game.decisions of the answers turn_flow gave (undo steps back over them; saved in the meta)
        self.answered_for_player: set[int] = set()
        self._key: tuple[int, int, str] | None = None
        self._value: Game | Refusal = Refusal("BRIEF 3", "nothing to undo")

    def reset(self, answered: set[int] | None = None) -> None:
        """Another game (new, loaded with the answers its save names, or the one undone to)."""
        self.answered_for_player = set(answered or ())
        self._key = None

    def undone(self, game: Game, serial: int, side: str) -> Game | Refusal:
        """`game` (the presenter's `serial`-th) without `side`'s last decision and the answers given for him
        after it; a Refusal if any of them may not be taken back."""
        key = (serial, len(game.decisions), side)
        if self._key != key:
            result: Game | Refusal = game
            while isinstance(result, Game):  # back over the answers given for him, to his own last decision
                result = result.undo(side)
                if isinstance(result, Game) and len(result.decisions) not in self.answered_for_player:
                    break
            self._key, self._value = key, result
        return self._value

    def undo_to(self, game: Game) -> None:
        """The game went back to `game`: the answers given after it are forgotten."""
        self.reset({i for i in self.answered_for_player if i < len(game.decisions)})
