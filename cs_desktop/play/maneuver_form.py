"""What the secret maneuver form (9.1) asks (issue 14, item 2): only the ships that have a choice to make.

A ship whose maneuver a fleet order answers (play/fleet_orders.py), or that has a single legal maneuver, is not
asked: the form shows one line for her ("Congress (2): line ahead — Advance") and submits that answer as it
stands (the base maneuver and the Strain). The player may take such a ship back under his own orders for this
turn; the order itself stands until he cancels it in the fleet list. A ship under an order that found no legal
maneuver for her, and the leader of a line or a follow order, are asked, with a note saying why.

Qt-free: gui/requests/maneuver.py draws these rows.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from cs_desktop.play.fleet_orders import ORDERS, FleetOrders
from cs_desktop.rules import geometry as geo
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
    confirm: bool = True  # False: a risk only (never preselected, marked, sent without a question)
    short: str = ""  # a few words for the form's radio (the consequence in its tooltip)


def base_key(choice: Mapping[str, Any]) -> tuple[Any, ...]:
    """A maneuver without its Strain (the form's radio for it)."""
    return tuple(sorted((k, v) for k, v in choice.items() if k != "strain"))


def option_key(choice: Mapping[str, Any]) -> tuple[Any, ...]:
    """A maneuver with its Strain (a danger belongs to the Strain too: 16.0)."""
    return tuple(sorted(choice.items()))


def _edge(view: Mapping[str, Any], ship_id: str, square: tuple[int, int], heading: int) -> str | None:
    """Where one square ahead of `square` on `heading` leaves her: None (on the map), "shift" (off it, the map
    shifting to keep every ship on it, 9.3), "off" (no shift fits)."""
    width, height = (int(n) for n in view.get("map_size", (32, 24)))
    dest = geo.step(square, heading)
    if geo.on_map(dest, width, height):
        return None
    ships = [s for s in view["ships"].values() if not (s.get("struck") or s.get("captured") or s.get("escaped"))]
    squares = [(int(s["x"]), int(s["y"])) for s in ships]
    index = next((i for i, s in enumerate(ships) if s["id"] == ship_id), None)
    if index is None:
        return "off"
    return "shift" if geo.edge_shift(squares, index, dest, width, height) is not None else "off"


def _end(view: Mapping[str, Any], fleet: bool, ship_id: str) -> str:
    mine = [s for s in view["ships"].values() if s["side"] == view["ships"][ship_id]["side"]
            and not (s.get("struck") or s.get("captured") or s.get("escaped"))]
    return "leaves the battle" if fleet and len(mine) > 1 else "the game ends"


def dangers(previews: list[dict[str, Any]], view: Mapping[str, Any], ship_id: str) -> dict[tuple[Any, ...], Danger]:
    """Maneuver with Strain (`option_key`) -> its danger, from the maneuver previews priced on the player's view
    (rules/advice.py) and the map in `view`: an Advance off the map with no room to shift the ships ends the game
    (9.3; under the fleet rules she leaves the battle, R9.3f); an Advance off the edge that shifts the map now may
    find no room when she moves (the others move first); an Advance to the edge facing out is a risk (another
    ship's move may shift the map first: not preselected, not asked); Straining makes a Bonus Move at the end of the turn
    (16.0) that leaves the map where she ends the maneuver facing its edge."""
    fleet = any("escaped" in s for s in view["ships"].values())  # the views carry it under the fleet rules only
    end = _end(view, fleet, ship_id)
    out: dict[tuple[Any, ...], Danger] = {}
    for p in previews:
        if not p.get("legal", True):
            continue
        edge = p.get("map_edge")
        advance = None
        if edge and edge.get("shift") is None:
            advance = Danger(f"she sails off the map and {end}", "R9.3f" if edge.get("escapes") else "9.3",
                             short=f"off the map: {end}")
        elif edge:
            advance = Danger(f"she reaches the map edge: the map shifts if there is room when she moves, else {end}",
                             "9.3", short=f"at the edge: {end} if the map cannot shift")
        ahead = _edge(view, ship_id, (int(p["square"][0]), int(p["square"][1])), int(p["heading"]))
        if advance is None and ahead and p.get("maneuver") == "advance":  # a shift by another's move first (9.3)
            advance = Danger("she ends at the map edge facing out: if another ship's move shifts the map first, she "
                             f"sails off and {end}", "9.3", confirm=False, short="ends at the edge, facing out")
        bonus = Danger(f"Straining, she makes a Bonus Move at the end of the turn off the map edge: {end} unless "
                       "the map can shift", "16.0, 9.3", short="with a Strain, off the map") if ahead else None
        for choice in p.get("options") or [p["choice"]]:
            found = advance or (bonus if int(choice.get("strain", 0)) > 0 else None)
            if found is not None:
                out[option_key(choice)] = found
    return out


def safe_default(options: list[Any] | tuple[Any, ...], danger: Mapping[tuple[Any, ...], Danger]) -> Any:
    """The choice the form opens with: the first maneuver whose least Strain is not in `danger`, with that Strain;
    the first of all only when every maneuver is."""
    bases: dict[tuple[Any, ...], list[Any]] = {}
    for o in options:
        bases.setdefault(base_key(o), []).append(o)
    least = [min(group, key=lambda o: int(o.get("strain", 0))) for group in bases.values()]
    return next((o for o in least if option_key(o) not in danger), least[0])


def danger_question(name: str, choice: Mapping[str, Any], danger: Danger) -> str:
    return f"{name}: {describe_maneuver(choice)} — {danger.consequence} ({danger.rule})."
