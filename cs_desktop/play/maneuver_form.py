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


# ---------------------------------------------------------------------------- no default that loses (issue 28)
@dataclass(frozen=True, slots=True)
class Danger:
    """What a maneuver does that the player should confirm: its consequence and the rule."""

    consequence: str
    rule: str


def base_key(choice: Mapping[str, Any]) -> tuple[Any, ...]:
    """A maneuver without its Strain (the form's radio for it)."""
    return tuple(sorted((k, v) for k, v in choice.items() if k != "strain"))


def dangers(previews: list[dict[str, Any]]) -> dict[tuple[Any, ...], Danger]:
    """Base maneuver -> its danger, from the maneuver previews priced on the player's view (rules/advice.py): an
    Advance off the map with no room to shift the ships ends the game (9.3), or under the fleet rules takes the
    ship out of the battle (R9.3f)."""
    out: dict[tuple[Any, ...], Danger] = {}
    for p in previews:
        edge = p.get("map_edge")
        if not p.get("legal", True) or not edge or edge.get("shift") is not None:
            continue
        if edge.get("ends_game"):
            danger = Danger("she sails off the map and the game ends", str(edge.get("rule", "9.3")))
        elif edge.get("escapes"):
            danger = Danger("she sails off the map and leaves the battle", "R9.3f")
        else:
            continue
        for choice in p.get("options") or [p["choice"]]:
            out[base_key(choice)] = danger
    return out


def safe_default(options: list[Any] | tuple[Any, ...], danger: Mapping[tuple[Any, ...], Danger]) -> Any:
    """The choice the form opens with: the first maneuver that is not in `danger` (with its least Strain); the
    first of all only when every maneuver is."""
    bases: dict[tuple[Any, ...], list[Any]] = {}
    for o in options:
        bases.setdefault(base_key(o), []).append(o)
    key = next((k for k in bases if k not in danger), next(iter(bases)))
    return min(bases[key], key=lambda o: int(o.get("strain", 0)))


def danger_question(name: str, choice: Mapping[str, Any], danger: Danger) -> str:
    return f"{name}: {describe_maneuver(choice)} — {danger.consequence} ({danger.rule})."
