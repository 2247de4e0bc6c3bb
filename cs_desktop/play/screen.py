"""The screen model: everything the play window draws, as plain data, built for the side at the screen.

`ScreenModel` is what the presenter (`play/presenter.py`) publishes after every change and what the widgets
draw: the viewer's `game.view(side)` (the referee's view only when nobody human plays or the game is over), the
request the human at the screen must answer, who is being waited for, the ship cards (public: both players own
them), the end of the game, and what the player may do (undo, strike). Nothing in it comes from the referee's
state: a widget that draws only this model cannot show what its player may not know.

`empty_screen()` is the model with no game; `replay_screen()` the model of a replay position (the replay
viewer's log and cards draw the same model).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from cs_desktop.play.designations import Designator, designations
from cs_desktop.rules.cards import ShipCard
from cs_desktop.rules.decisions import Request
from cs_desktop.rules.view_types import SideView, ViewEvent


@dataclass(frozen=True, slots=True)
class ShipEntry:
    """A ship as the screen lists it: its id, side, name (her designation, play/designations.py: the card's
    name, numbered when several ships share it) and card (ship cards are public), and whether it is the
    viewer's own (the referee owns every ship)."""

    id: str
    side: str
    name: str
    card: ShipCard
    own: bool


@dataclass(frozen=True, slots=True)
class ScreenModel:
    #: changes whenever anything on the screen may change: (game serial, decisions made, viewer, curtain)
    key: tuple[int, int, str | None, bool]
    has_game: bool = False
    title: str = ""
    #: the side whose view is on screen; None: the referee's (no human seat, or the game is over)
    viewer: str | None = None
    #: the hand-over curtain is up (hotseat): nothing of either side is shown until the next player confirms
    curtain: bool = False
    handover_to: str | None = None
    #: the viewer's view of the game; None with no game or behind the curtain
    view: SideView | None = None
    #: every ship in side order, then as the scenario lists them
    ships: tuple[ShipEntry, ...] = ()
    side_names: Mapping[str, str] = field(default_factory=dict)
    seats: Mapping[str, str] = field(default_factory=dict)
    #: what the human at the screen must answer now (None: nothing, curtain, or a computer's turn)
    request: Request | None = None
    #: the sides the game waits for, and the computer side thinking now
    waiting_for: tuple[str, ...] = ()
    thinking: str | None = None
    turn: int = 0
    segment: str = ""
    initiative: str | None = None
    wind: int = 0
    ended: bool = False
    end_reason: str = ""
    #: the 19.0 tally of the game_end event, once the game is over
    result: Mapping[str, Any] | None = None
    historical_outcome: str = ""
    can_undo: bool = False
    can_strike: bool = False
    last_message: str = ""
    #: the latest answers the standing orders gave for the viewer ("T3: sentence")
    passed: tuple[str, ...] = ()
    #: 9.3: how far every piece was shifted since the previous screen model (0, 0: not at all)
    map_shift: tuple[int, int] = (0, 0)
    #: a finished game judged by what it was played for (a campaign battle's verdict, R19.0c); "" for the 19.0 result
    verdict: str = ""

    def side_name(self, side: str | None) -> str:
        if side is None:
            return "the referee"
        return self.side_names.get(side, side)

    def ship_name(self, ship_id: str | None) -> str:
        for ship in self.ships:
            if ship.id == ship_id:
                return ship.name
        return ship_id or ""

    @property
    def ship_names(self) -> dict[str, str]:
        return {ship.id: ship.name for ship in self.ships}

    def events(self) -> list[ViewEvent]:
        """The events of the viewer's view (what the log, the dice tray and the board's shift notice read)."""
        return list(self.view.get("events", [])) if self.view is not None else []


def result_title(screen: ScreenModel) -> str:
    """The one wording of a finished game's result, for the game-over dialog and the log: a campaign battle's
    verdict as its journal words it (campaign/consequences.verdict_text, ruling R19.0c: the ships decide it), else
    the 19.0 winner of the game_end event, or "A draw"; "Game over" with no tally."""
    if screen.verdict:
        return "Campaign battle " + screen.verdict
    result = screen.result
    if not result:
        return "Game over"
    winner = result.get("winner")
    return f"{screen.side_name(winner)} wins" if winner else "A draw"


def empty_screen(last_message: str = "") -> ScreenModel:
    return ScreenModel(key=(0, 0, None, False), last_message=last_message)


def ship_entries(view: Mapping[str, Any], cards: Mapping[str, ShipCard], viewer: str | None) -> tuple[ShipEntry, ...]:
    """The ships of a view in side order, each with its designation and (public) card."""
    out = []
    names = designations(view, cards)
    for side, info in view["sides"].items():
        for sid in info["ships"]:
            card = cards[view["ships"][sid]["card"]]
            out.append(ShipEntry(sid, side, names[sid], card, viewer is None or side == viewer))
    return tuple(out)


def end_result(view: Mapping[str, Any]) -> Mapping[str, Any] | None:
    """The tally of the view's game_end event (None while the game goes on)."""
    for event in reversed(view.get("events", [])):
        if event.get("type") == "game_end":
            result = event.get("result")
            return result if isinstance(result, dict) else {}
    return None


def replay_screen(view: SideView, viewer: str | None, cards: Mapping[str, ShipCard], title: str,
                  serial: int, position: int) -> ScreenModel:
    """The screen model of a replay position (read-only: no request, nothing to undo)."""
    return ScreenModel(
        key=(serial, position, viewer, False), has_game=True, title=title, viewer=viewer,
        view=Designator(view, cards).view(view),
        ships=ship_entries(view, cards, viewer),
        side_names={side: str(info["name"]) for side, info in view["sides"].items()},
        turn=int(view["turn"]), segment=str(view["segment"]), initiative=view.get("initiative"),
        wind=int(view["wind"]), ended=bool(view["ended"]), end_reason=str(view.get("end_reason") or ""),
        result=end_result(view))
