"""A captain's seat at the table (issue 10): all a computer captain is given when it must decide.

A captain never receives the game. `Seat(game, request)` keeps the game inside closures and exposes only what
a human in that seat may use:

- `seat.side`, `seat.request`: who decides and what is asked;
- `seat.scenario`, `seat.cards`: the scenario and the ship cards, which both players see (the 20.1 terms);
- `seat.view(events=False)`: `game.view(side)` (with the visible event log if `events`);
- `seat.board()`: the public part of that view (wind, map, terrain, where each ship is), much cheaper;
- `seat.determinized(rng)` / `seat.copies(n, rng)`: playable games consistent with that view, every hidden
  thing drawn from the captain's own `rng` (`cs_desktop.rules.determinize`), to look ahead on;
- `seat.legal(answer)` / `seat.sample(rng)`: the engine's answer checker and random legal answer, run on the
  state with the hidden parts wiped.

Whatever the hidden state, two games with the same view give a captain the same seat, so its decisions
cannot depend on what it may not know (tests/test_seat.py). A seat is good for one decision: make a new one
when the game has moved on (the view and the public record behind the copies are computed once, lazily).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from cs_desktop.rules import decisions
from cs_desktop.rules.decisions import Refusal, Request
from cs_desktop.rules.determinize import PublicRecord, _wipe_state, from_record, public_record
from cs_desktop.rules.dice import Dice

if TYPE_CHECKING:
    from collections.abc import Callable

    from cs_desktop.rules.game import Game
    from cs_desktop.rules.state import GameState


class Seat:
    __slots__ = ("side", "request", "scenario", "cards", "_view", "_board", "_copy", "_public")

    def __init__(self, game: Game, request: Request) -> None:
        side = request.side
        pending = game.pending_for(side)
        if pending is not request and pending != request:  # as a rule the very request pending; else compared
            raise ValueError(f"{request.kind!r} is not pending for {side!r}")
        self.side = side
        self.request = request
        self.scenario = game.scenario
        self.cards = game.cards
        views: dict[bool, dict[str, Any]] = {}

        def view(events: bool) -> dict[str, Any]:
            if events not in views:
                views[events] = game.view(side, events=events)
            return views[events]

        boards: list[dict[str, Any]] = []

        def board() -> dict[str, Any]:
            if not boards:
                from cs_desktop.rules.views import public_board

                boards.append(public_board(game))
            return boards[0]

        public: list[GameState] = []
        records: list[PublicRecord] = []

        def copy(rng: Dice) -> Game:
            if not records:
                records.append(public_record(game, side))
            return from_record(records[0], rng)

        def public_state() -> GameState:
            if not public:
                public.append(_wipe_state(game.state, side))
            return public[0]

        self._view: Callable[[bool], dict[str, Any]] = view
        self._board: Callable[[], dict[str, Any]] = board
        self._copy: Callable[[Dice], Game] = copy
        self._public: Callable[[], GameState] = public_state

    def view(self, events: bool = False) -> dict[str, Any]:
        """What this side may know now (do not change it: it is shared with later calls)."""
        return self._view(events)

    def board(self) -> dict[str, Any]:
        """The board as every side sees it (`rules.views.public_board`): the same keys of `view()`, for a
        captain that only steers and aims (do not change it)."""
        return self._board()

    def determinized(self, rng: Dice) -> Game:
        """A game consistent with this side's view, hidden parts drawn from `rng` (a copy to play on)."""
        return self._copy(rng)

    def copies(self, n: int, rng: Dice) -> list[Game]:
        return [self._copy(rng) for _ in range(n)]

    def legal(self, answer: Any) -> Refusal | None:
        """None if `answer` is a legal answer to the request, else the refusal the engine would give."""
        state = self._public() if decisions.sampling_reads_state(self.request) else None
        return decisions.validate(state, self.request, answer)

    def sample(self, rng: Dice) -> Any:
        """A random legal answer to the request, from the captain's own `rng`."""
        state = self._public() if decisions.sampling_reads_state(self.request) else None
        return decisions.sample(state, self.request, rng)
