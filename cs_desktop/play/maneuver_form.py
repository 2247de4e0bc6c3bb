"""What the secret maneuver form (9.1) asks (issue 14, item 2): only the ships that have a choice to make.

A ship whose maneuver a fleet order answers (play/fleet_orders.py), or that has a single legal maneuver, is not
asked: the form shows one line for her ("Congress (2): line ahead — Advance") and submits that answer as it
stands (the base maneuver and the Strain). The player may take such a ship back under his own orders for this
turn; the order itself stands until he cancels it in the fleet list. A ship under an order that found no legal
maneuver for her, and the leader of a line or a follow order, are asked, with a note saying why.

Qt-free: gui/request_maneuver.py draws these rows.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from cs_desktop.play.fleet_orders import ORDERS, FleetOrders
from cs_desktop.rules.decisions import Request

MANEUVER_NAMES = {"advance": "Advance", "wear": "Wear", "back_sail": "Back Sail", "tack": "Tack",
                  "fall_off": "Fall Off"}


def describe_maneuver(m: Mapping[str, Any]) -> str:
    """A maneuver choice in words: "Wear to port → 3 (2 MP) + Strain 1"."""
    name = MANEUVER_NAMES.get(str(m.get("maneuver")), str(m.get("maneuver")))
    if m.get("maneuver") == "wear" and "to" in m:
        side = "to port" if m.get("turn", 0) < 0 else "to starboard"
        name += f" {side} → {m['to']} ({m.get('cost', 0)} MP)"
    if m.get("maneuver") == "fall_off" and "to" in m:  # ruling R9.1.4: out of irons, 0 MP, made at once
        side = "to port" if m.get("turn", 0) < 0 else "to starboard"
        name += f" {side} → {m['to']} (0 MP)"
    if m.get("strain"):
        name += f" + Strain {m['strain']}"
    return name


@dataclass(frozen=True, slots=True)
class FormRow:
    """One ship of the maneuver request: asked (answer None), or answered by `why` with `answer`."""

    ship_id: str
    name: str
    answer: Any = None  # the request's own option the order (or the only legal maneuver) gives; None: asked
    why: str = ""  # "line ahead", "the only legal maneuver"
    note: str = ""  # for an asked ship under an order: why the order leaves her to the player
    can_take_back: bool = False  # a fleet order answers her: the player may steer her himself this turn

    @property
    def asked(self) -> bool:
        return self.answer is None

    @property
    def summary(self) -> str:
        if self.asked:
            return f"{self.name}: {self.note}" if self.note else self.name
        return f"{self.name}: {self.why} — {describe_maneuver(self.answer)}"


def form_rows(request: Request, filled: Mapping[str, Any], fleet: FleetOrders,
              names: Mapping[str, str]) -> list[FormRow]:
    """A row per ship of a `select_maneuver` request, in the request's order; `filled` is
    `FleetOrders.fill` for this request (ship id -> the answer the orders or a single option give)."""
    rows: list[FormRow] = []
    for sid, options in (request.ships or {}).items():
        name = names.get(sid, sid)
        order = fleet.order_of(sid)
        answer = filled.get(sid)
        if answer is not None and answer not in options:
            answer = None  # never expected: an answer is always one of the request's options
        if answer is not None and len(options) == 1:
            rows.append(FormRow(sid, name, answer, "the only legal maneuver"))
        elif answer is not None and order is not None:
            rows.append(FormRow(sid, name, answer, ORDERS[order.kind], can_take_back=True))
        elif order is not None:
            leads = order.kind in ("follow", "line") and order.ships.index(sid) == 0
            note = (f"leads the {ORDERS[order.kind]}: yours to steer" if leads else
                    f"{ORDERS[order.kind]} finds no legal maneuver for her: yours to choose")
            rows.append(FormRow(sid, name, note=note))
        else:
            rows.append(FormRow(sid, name))
    return rows
