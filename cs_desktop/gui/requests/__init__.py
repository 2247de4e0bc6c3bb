"""Widgets that answer each kind of engine request (docs/engine-api.md).

`make_request_widget(request, session)` builds the widget for a request. The widgets live in modules named
after what they answer, in this package: `base` (the base class and the words shown), `choices` (options, ships,
set-up), `crew`, `maneuver`, `fire` and `misc` (loads, Hold cards, melee support, the fallback). Their names
stay importable from here.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtWidgets import QWidget

from cs_desktop.gui.requests.base import (
    MOVE_ORDER_LABELS,
    YES_NO,
    RequestWidget,
    card_name,
    card_text,
    choice_button,
    option_label,
    ship_name,
    turn_label,
)
from cs_desktop.gui.requests.choices import OptionsWidget, SetupWidget, ShipsChoiceWidget
from cs_desktop.gui.requests.crew import AssignCrewWidget
from cs_desktop.gui.requests.fire import FireWidget
from cs_desktop.gui.requests.maneuver import ManeuverWidget
from cs_desktop.gui.requests.misc import BonusCardsWidget, FallbackWidget, MeleeSupportWidget, SelectLoadWidget
from cs_desktop.rules.decisions import Request

if TYPE_CHECKING:
    from cs_desktop.gui.panel_session import PanelSession

__all__ = [
    "MOVE_ORDER_LABELS", "YES_NO", "WIDGETS", "AssignCrewWidget", "BonusCardsWidget", "FallbackWidget",
    "FireWidget", "ManeuverWidget", "MeleeSupportWidget", "OptionsWidget", "RequestWidget", "SelectLoadWidget",
    "SetupWidget", "ShipsChoiceWidget", "card_name", "card_text", "choice_button", "make_request_widget",
    "option_label", "ship_name", "turn_label",
]


WIDGETS: dict[str, type[RequestWidget]] = {
    "setup": SetupWidget,
    "assign_crew": AssignCrewWidget,
    "select_maneuver": ManeuverWidget,
    "fire": FireWidget,
    "select_load": SelectLoadWidget,
    "bonus_cards": BonusCardsWidget,
    "melee_support": MeleeSupportWidget,
    "advance_turn": ShipsChoiceWidget,
    "fall_off": ShipsChoiceWidget,
    "bonus_move": ShipsChoiceWidget,
}


def make_request_widget(request: Request, session: PanelSession, parent: QWidget | None = None) -> RequestWidget:
    cls = WIDGETS.get(request.kind)
    if cls is None:
        if request.options is not None:
            cls = OptionsWidget
        elif request.ships is not None:
            cls = ShipsChoiceWidget
        else:
            cls = FallbackWidget
    return cls(request, session, parent)
