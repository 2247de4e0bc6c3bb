"""A captain's seat at the table (issue 10): all a computer captain is given when it must decide.

A captain never receives the game, and a seat holds no reference to it: `Seat(game, request, needs)` reads from
the game, when it is made, only what a human in that seat may use, and keeps nothing else (issue 27 item 5: no
closure, attribute or container of a seat reaches the live game or its state; tests/rules/test_seat.py walks them).

- `seat.side`, `seat.request`: who decides and what is asked;
- `seat.scenario`, `seat.cards`: the scenario and the ship cards, which both players see (the 20.1 terms);
- `seat.view(events=False)` ("view", "events"): `game.view(side)` (with the visible event log if `events`);
- `seat.board()` ("board"): the public part of that view (wind, map, terrain, where each ship is), much cheaper;
- `seat.determinized(rng)` / `seat.copies(n, rng)` ("copies"): playable games consistent with that view, every
  hidden thing drawn from the captain's own `rng` (`cs_desktop.rules.determinize`), from the side's public
  record of the game, made once when the seat is;
- `seat.legal(answer)` / `seat.sample(rng)` ("public" where the request needs the state): the engine's answer
  checker and random legal answer, run on a copy of the state with the hidden parts wiped.

Because everything is read at once, a seat is made with the parts its captain will use: `needs`, the names in
brackets above (default: all of them). `seat_for(game, request, captain)` asks the captain (`captain.needs(
request)`, all when it does not say). Asking a seat for a part it was not made with is an error that says so.

Whatever the hidden state, two games with the same view give a captain the same seat, so its decisions
cannot depend on what it may not know (tests/rules/test_seat.py). A seat is good for one decision: make a new one
when the game has moved on.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from cs_desktop.rules import decisions
from cs_desktop.rules.decisions import Refusal, Request
from cs_desktop.rules.determinize import _wipe_state, from_record, public_record
from cs_desktop.rules.dice import Dice
from cs_desktop.rules.public_record import PublicRecord
from cs_desktop.rules.view_types import SideView
from cs_desktop.rules.views import public_board
from cs_desktop.rules.view_types import PublicBoard

if TYPE_CHECKING:
    from cs_desktop.rules.game import Game
    from cs_desktop.rules.state import GameState


#: every part a seat can be made with (see the module doc)
ALL = frozenset({"view", "events", "board", "copies", "public"})


#: a seat to check or draw a random answer from (the state with the hidden parts wiped, where needed)
PUBLIC = frozenset({"public"})


class MissingPart(Exception):
    """A captain asked its seat for a part the seat was not made with (declare it in the captain's `needs`)."""


class Seat:
    __slots__ = ("side", "request", "scenario", "cards", "_views", "_board", "_record", "_public")

    def __init__(self, game: Game, request: Request, needs: frozenset[str] = ALL) -> None:
        side = request.side
        pending = game.pending_for(side)
        if pending is not request and pending != request:  # as a rule the very request pending; else compared
            raise ValueError(f"{request.kind!r} is not pending for {side!r}")
        self.side = side
        self.request = request
        self.scenario = game.scenario
        self.cards = dict(game.cards)
        self._views: dict[bool, SideView] = {}
        if "view" in needs:
            self._views[False] = game.view(side, events=False)
        if "events" in needs:
            self._views[True] = game.view(side, events=True)
        self._board: PublicBoard | None = public_board(game) if "board" in needs else None
        self._record: PublicRecord | None = None
        if "copies" in needs and game.copyable:
            self._record = public_record(game, side, self._views.get(False))
        self._public: GameState | None = None
        if "public" in needs and decisions.sampling_reads_state(request):
            self._public = _wipe_state(game.state, side)

    def _missing(self, part: str) -> MissingPart:
        return MissingPart(f"this seat was made without {part!r}: the captain must name it in its needs "
                           f"(cs_desktop/ai/seat.py)")

    def view(self, events: bool = False) -> SideView:
        """What this side may know now (do not change it: it is shared with later calls)."""
        view = self._views.get(events)
        if view is None:
            raise self._missing("events" if events else "view")
        return view

    def board(self) -> PublicBoard:
        """The board as every side sees it (`rules.views.public_board`): the same keys of `view()`, for a
        captain that only steers and aims (do not change it)."""
        if self._board is None:
            raise self._missing("board")
        return self._board

    def determinized(self, rng: Dice) -> Game:
        """A game consistent with this side's view, hidden parts drawn from `rng` (a copy to play on)."""
        if self._record is None:
            raise self._missing("copies")
        return from_record(self._record, rng)

    def copies(self, n: int, rng: Dice) -> list[Game]:
        return [self.determinized(rng) for _ in range(n)]

    def legal(self, answer: Any) -> Refusal | None:
        """None if `answer` is a legal answer to the request, else the refusal the engine would give."""
        return decisions.validate(self._state(), self.request, answer)

    def sample(self, rng: Dice) -> Any:
        """A random legal answer to the request, from the captain's own `rng`."""
        return decisions.sample(self._state(), self.request, rng)

    def _state(self) -> GameState | None:
        if not decisions.sampling_reads_state(self.request):
            return None
        if self._public is None:
            raise self._missing("public")
        return self._public


def seat_for(game: Game, request: Request, captain: object) -> Seat:
    """The seat for `captain` at `request`, made with the parts it says it needs (all when it does not say)."""
    needs = getattr(captain, "needs", None)
    return Seat(game, request, needs(request) if callable(needs) else ALL)
