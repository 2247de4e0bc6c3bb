"""The play presenter: one game at the screen, without Qt (issue 11).

It owns the game and everything about playing it that is not drawing: starting a game from a scenario file or
from cards already loaded (the library), seating humans and computer captains, whose view is on screen and the
hotseat hand-over curtain (seat kinds: `seating.py`), answering (a refusal is said in `last_message`), the
answers the standing orders give for a human (`turn_flow.py`), undo and striking colours. It owns five parts,
each given only what it reads: `crew`, the crew assignment being edited (`presenter_crew.py`); `files`, saving,
autosave after every decision and what closing would lose (`presenter_files.py`); `computer`, the computer
captains' turns (`presenter_captains.py`); `standing`, the human seats' standing and fleet orders and what they
answered (`presenter_orders.py`); `history`, undo and which decisions the orders gave (`undo_history.py`). Who
sits at the screen after a change, and when the hotseat curtain goes up, is `next_viewer` below. After every change it builds one `ScreenModel`
(`play/screen.py`) from the viewer's `game.view(side)`, the pending request and what the player may do, and
tells its listeners; the window draws that model and nothing else. The board's help comes from `advice()`,
priced on the viewer's view (`play/fair_advice.py`).

The computer's turn is the one thing it leaves to its owner: `computer.move()` says which captain must answer
what, on a `Seat` (a copy of the game; the captain sees only its side's view, the request and determinized
copies), and `computer.answered()` takes the answer back — the window runs the captain on a thread between the
two (gui/session.py), a headless test or tool calls `captain.choose(seat)` itself (`presenter_captains.py`).
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from pathlib import Path
from typing import Any

from cs_desktop.ai.seat import PUBLIC, Seat
from cs_desktop.play.autosave import AutosaveStore
from cs_desktop.play.captain_advice import CaptainAdvice, ask_captain
from cs_desktop.play.designations import Designator
from cs_desktop.play.fair_advice import FairAdvice
from cs_desktop.play.presenter_captains import ComputerMove, ComputerTurns
from cs_desktop.play.presenter_crew import CrewDrafts
from cs_desktop.play.presenter_files import GameFiles, same_file
from cs_desktop.play.screen import ScreenModel, empty_screen, end_result, ship_entries
from cs_desktop.play.seating import HUMAN, seats_from_meta, window_captain
from cs_desktop.play.presenter_orders import HumanOrders
from cs_desktop.play.turn_flow import StandingOrders
from cs_desktop.play.undo_history import UndoHistory
from cs_desktop.rules.cards import Scenario, ShipCard
from cs_desktop.rules.decisions import Refusal, Request
from cs_desktop.rules.dice import Dice
from cs_desktop.rules.game import Game
from cs_desktop.rules.view_types import SideView
from cs_desktop.formats.savegame import LoadedGame, load_game

log = logging.getLogger(__name__)

Listener = Callable[[], None]
__all__ = ["ComputerMove", "PlayPresenter"]


class PlayPresenter:
    def __init__(self, autosave: AutosaveStore | None = None,
                 make_captain: Callable[[str, int], Any] = window_captain) -> None:
        #: the referee's game: for this presenter, its tests and the tools; the window never reads it
        self.game: Game | None = None
        self.scenario_path: str | None = None
        self.seats: dict[str, str] = {}
        self.shown_side: str | None = None
        self.handover_to: str | None = None
        self.last_message = ""
        #: the human seats' standing and fleet orders and what they answered (play/presenter_orders.py)
        self.standing = HumanOrders()
        #: increases whenever the game is replaced (new, load, undo, strike): a captain's late answer is dropped
        self.token = 0
        #: counts the games this presenter has held (a new game, a load, an undo): keys below use it, as an
        #: id(game) is reused once the game it named is freed
        self.game_serial = 0
        self._listeners: list[Listener] = []
        self.verdict = ""  # set_verdict
        #: undo, and which decisions the standing orders gave (play/undo_history.py)
        self.history = UndoHistory()
        self._screen: ScreenModel = empty_screen()
        self._screen_key: tuple[Any, ...] | None = None
        self._advice: tuple[tuple[Any, ...], FairAdvice] | None = None
        self._names: tuple[Game, Designator] | None = None
        self._shift_mark = -1  # the newest event shown on a screen: map shifts after it are news
        self.crew = CrewDrafts(self.request, lambda: self.game, lambda: self.screen().ship_names, self.submit)
        self.files = GameFiles(self, autosave, self._notify)
        self.computer = ComputerTurns(self, make_captain, self._after_change, self._notify)

    # ------------------------------------------------------------------ listeners
    def subscribe(self, listener: Listener) -> None:
        """`listener()` is called after every change (read `screen()` then)."""
        self._listeners.append(listener)

    def _notify(self) -> None:
        for listener in list(self._listeners):
            listener()

    def set_verdict(self, text: str) -> None:
        """The finished game judged by what it was played for (a campaign battle: its journal's verdict, R19.0c),
        said instead of the 19.0 winner by the game-over dialog and the log (screen.result_title)."""
        if text != self.verdict:
            self.verdict = text
            self._notify()

    # ------------------------------------------------------------------ starting
    def start_file(self, path: str | Path, seats: dict[str, str], seed: int, options: dict[str, Any]) -> None:
        """A new game of a scenario file (raises FileFormatError naming the file, field and problem)."""
        from cs_desktop.formats.files import load_scenario_with_ships

        scenario, ships = load_scenario_with_ships(path)
        self.start_scenario(scenario, ships, seats, seed, options, str(path))

    def start_scenario(self, scenario: Scenario, ships: dict[str, ShipCard], seats: dict[str, str], seed: int,
                       options: dict[str, Any], source: str | None) -> None:
        """A new game of a scenario whose cards are loaded (from a file or the library)."""
        self.new_game(Game(scenario, ships, seed=seed, options=options), seats, source)

    def new_game(self, game: Game, seats: dict[str, str], scenario_path: str | None = None) -> None:
        self._install(game, seats, scenario_path, None)

    def load(self, path: str | Path) -> LoadedGame:
        """Load a saved game (raises SaveError with a clear message). Seats the save does not name, or names
        with a captain this version does not know, get the default and a message (`last_message`)."""
        loaded = load_game(path)
        meta = loaded.meta
        seats, notes = seats_from_meta(meta, [side.id for side in loaded.game.scenario.sides])
        save_path: Path | None = Path(path)
        autosave = self.files.autosave
        if autosave is not None and same_file(Path(path), autosave.path):
            # continuing from the autosave: Save goes to the player's own file, never over the autosave
            kept = meta.get("save_path")
            save_path = Path(kept) if isinstance(kept, str) and kept and Path(kept).is_file() else None
        scenario_path = meta.get("scenario_path")
        self._install(loaded.game, seats, scenario_path if isinstance(scenario_path, str) else None, save_path)
        given = meta.get("answered_for_player")  # which decisions turn_flow gave (undo steps back over them)
        if isinstance(given, list):
            self.history.reset({i for i in given if type(i) is int and 0 <= i < len(loaded.game.decisions)})
        if save_path is not None and save_path == Path(path):
            self.files.mark_saved()
        if notes:
            self.last_message = "Seats changed: " + "; ".join(notes) + "."
            log.warning("%s: %s", path, self.last_message)
            self._notify()
        return loaded

    def _install(self, game: Game, seats: dict[str, str], scenario_path: str | None, save_path: Path | None) -> None:
        self.token += 1
        self.game_serial += 1
        self.game = game
        self.verdict = ""
        self.seats = {side: seats.get(side, HUMAN) for side in (s.id for s in game.scenario.sides)}
        self.standing.reset()
        self.computer.seat_captains(self.seats, game.seed)
        self.scenario_path = scenario_path
        self.files.reset(save_path)
        self.shown_side = None
        self.handover_to = None
        self.last_message = ""
        self.crew.reset()
        self.history.reset()
        self._shift_mark = max((int(e["n"]) for e in game.events), default=-1)
        self._after_change()

    # ------------------------------------------------------------------ who sees what
    @property
    def curtain(self) -> bool:
        return self.handover_to is not None

    def viewer(self) -> str | None:
        """The side whose view is on screen; None for the referee's view (no human seat, or game over)."""
        if self.game is None or self.game.ended:
            return None
        return self.shown_side

    def view(self) -> SideView | None:
        """What the screen may show now; None while the hand-over curtain is up."""
        if self.game is None or self.curtain:
            return None
        return self.game.view(self.viewer())

    def request(self) -> Request | None:
        """The request the human at the screen must answer now (None: nothing for him, or curtain)."""
        if self.game is None or self.curtain or self.game.ended:
            return None
        side = self.shown_side
        if side is None or self.seats.get(side) != HUMAN:
            return None
        return self.game.pending_for(side)

    def confirm_handover(self) -> None:
        if self.handover_to is None:
            return
        self.shown_side = self.handover_to
        self.handover_to = None
        self.last_message = ""
        self._after_change()

    # ------------------------------------------------------------------ the screen
    def screen(self) -> ScreenModel:
        """The screen model for the side at the screen (built once per change)."""
        game = self.game
        if game is None:
            return empty_screen(self.last_message)
        key = (self.token, self.game_serial, len(game.decisions), len(game.events), game.ended, self.shown_side, self.handover_to,
               self.computer.thinking, self.last_message, len(self.standing.passed), tuple(self.seats.items()), self.verdict)
        if key == self._screen_key:
            return self._screen
        viewer = self.viewer()
        view = self.view()
        if view is not None:  # events name ships by designation (play/designations.py)
            view = self._designator(game).view(view)
        public = game.view(viewer, events=False) if view is None else view
        side = self.shown_side
        shift = (0, 0)
        if view is not None:  # 9.3: every piece shifted since the last screen (shown once, not behind the curtain)
            for event in view.get("events", []):
                moved = event.get("shift")
                if event["type"] == "map_shift" and int(event["n"]) > self._shift_mark and isinstance(moved, list):
                    shift = (shift[0] + int(moved[0]), shift[1] + int(moved[1]))
            self._shift_mark = max([self._shift_mark, *(int(e["n"]) for e in view.get("events", []))])
        self._screen = ScreenModel(
            key=(self.token, len(game.decisions), viewer, self.curtain), has_game=True,
            title=game.scenario.title, viewer=viewer, curtain=self.curtain, handover_to=self.handover_to,
            view=view, ships=ship_entries(public, game.cards, viewer),
            side_names={s: str(info["name"]) for s, info in public["sides"].items()}, seats=dict(self.seats),
            request=self.request(), waiting_for=waiting_as_seen(game, viewer), thinking=self.computer.thinking,
            turn=int(public["turn"]), segment=str(public["segment"]), initiative=public.get("initiative"),
            wind=int(public["wind"]), ended=game.ended, end_reason=str(public.get("end_reason") or ""),
            result=end_result(view) if view is not None and game.ended else None,
            historical_outcome=game.scenario.historical_outcome.summary or "",
            can_undo=self.can_undo(),
            can_strike=(not game.ended and side is not None and self.seats.get(side) == HUMAN and not self.curtain),
            last_message=self.last_message, passed=tuple(self.standing.passed_for(side)), map_shift=shift,
            verdict=self.verdict if game.ended else "")
        self._screen_key = key
        return self._screen

    def _designator(self, game: Game) -> Designator:
        if self._names is None or self._names[0] is not game:
            self._names = (game, Designator(game.view(None, events=False), game.cards))
        return self._names[1]

    def advice(self) -> FairAdvice | None:
        """The board's help for the position on screen, from the viewer's view only (None behind the curtain)."""
        game = self.game
        if game is None or self.curtain:
            return None
        key = (self.token, self.game_serial, len(game.decisions), self.viewer())
        if self._advice is None or self._advice[0] != key:
            self._advice = (key, FairAdvice(game.view(self.viewer(), events=False), game.cards))
        return self._advice[1]

    # ------------------------------------------------------------------ answering
    def submit(self, answer: Any) -> bool:
        """Answer the request of the human at the screen. A refusal is shown in `last_message`."""
        request = self.request()
        if request is None or self.game is None:
            self.last_message = "Nothing is asked of you now."
            self._notify()
            return False
        result = self.game.submit(request.side, answer)
        if isinstance(result, Refusal):
            self.last_message = f"Refused ({result.rule}): {result.message}"
            self._notify()
            return False
        self.last_message = ""
        self._after_change()
        return True

    def advice_job(self) -> Callable[[Callable[[int, int], None] | None], CaptainAdvice] | None:
        """Orders → What would the captain do?: a job to run off the GUI thread, the hard captain's top choices
        at the request on screen (play/captain_advice.py), on a copy of the game taken now; None when nothing is
        asked of the player."""
        request = self.request()
        if request is None or self.game is None:
            return None
        game = self.game.clone()
        seed = 1 + len(game.decisions)
        return lambda progress: ask_captain(game, request, seed, progress=progress)

    def random_answer(self, seed: int) -> Any:
        """A random legal answer to the request at the screen (the orders panel's answer for a request it has
        no form for), drawn the way a computer captain's seat draws it: from what that side may know."""
        request = self.request()
        if request is None or self.game is None:
            raise ValueError("nothing is asked of you now")
        return Seat(self.game, request, PUBLIC).sample(Dice(seed))

    def strike_colors(self) -> bool:
        side = self.shown_side
        if self.game is None or side is None or self.seats.get(side) != HUMAN or self.game.ended:
            return False
        self.token += 1
        self.computer.thinking = None
        result = self.game.strike_colors(side)
        self._after_change()
        return bool(result)

    def can_undo(self) -> bool:
        side = self.shown_side
        return (self.game is not None and side is not None and not self.curtain and not self.game.ended
                and self.seats.get(side) == HUMAN
                and isinstance(self.history.undone(self.game, self.game_serial, side), Game))

    def undo(self) -> bool:
        if self.game is None or self.shown_side is None or not self.can_undo():
            if self.game is not None and self.shown_side is not None and not self.curtain:
                refusal = self.history.undone(self.game, self.game_serial, self.shown_side)
                if isinstance(refusal, Refusal):
                    self.last_message = f"Cannot undo ({refusal.rule}): {refusal.message}"
                    self._notify()
            return False
        result = self.history.undone(self.game, self.game_serial, self.shown_side)
        assert isinstance(result, Game)
        self.history.undo_to(result)
        self.token += 1
        self.computer.thinking = None
        self.game_serial += 1
        self.game = result
        self.crew.reset()
        self.last_message = "Undone."
        self._after_change()
        return True

    # ------------------------------------------------------------------ standing orders
    def set_orders(self, orders: StandingOrders) -> None:
        """New standing orders: they apply at once (a pending request they now answer is answered)."""
        self.standing.orders = orders
        self._after_change()

    def _after_change(self) -> None:
        if self.game is not None:  # what the standing orders answer for the humans, then whose screen it is
            self.history.answered_for_player.update(self.standing.answer(self.game, set(humans(self.seats))))
            self.shown_side, self.handover_to = next_viewer(self.game, self.seats, self.shown_side,
                                                            self.handover_to)
        self.files.autosave_now()
        self._notify()



def humans(seats: dict[str, str]) -> list[str]:
    """The sides played by a person at this screen."""
    return [s for s, kind in seats.items() if kind == HUMAN]


def waiting_as_seen(game: Game, viewer: str | None) -> tuple[str, ...]:
    """The sides the game waits for, as the viewer may know it: while he has a request of his own, whether the
    other side has already answered a simultaneous one is hidden (9.1 secret selection)."""
    waiting = [r.side for r in game.pending]
    if viewer is not None and viewer in waiting:
        return (viewer,)
    return tuple(waiting)


def next_viewer(game: Game, seats: dict[str, str], shown: str | None,
                handover: str | None) -> tuple[str | None, str | None]:
    """(the side at the screen, the side the hotseat curtain hands it over to) after a change: one human keeps
    the screen; with two, the curtain goes up for the one the game now waits for."""
    people = humans(seats)
    if game.ended or not people:
        return (shown if people else None), None
    if len(people) == 1:
        return people[0], None
    if handover is not None:
        return shown, handover
    deciding = [r.side for r in game.pending if seats.get(r.side) == HUMAN]
    if not deciding or shown in deciding:
        if shown is None:
            return shown, (deciding[0] if deciding else people[0])
        return shown, None
    return shown, deciding[0]
