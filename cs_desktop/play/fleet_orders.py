"""Fleet orders (issue 14, item 2): several ships given one standing order, carried out from the side's own view.

A player selects ships and gives them an order; it stands, turn after turn, until he cancels it:

- `follow` — follow the leader: each ship steers for the square astern of the leader (the first ship of the
  order), and, as a tie-break, for the leader's heading. The leader is not commanded: the player steers her.
- `line` — line ahead: as `follow`, but each ship steers for the square astern of the ship before her in the
  order (the first ship is steered by the player).
- `hold` — hold position: Back Sail (9.0), which keeps her in her square; where Back Sail is not legal the
  player is asked.
- `engage` — engage the nearest: the legal maneuver ending nearest the nearest enemy afloat.

and, per ship, the standing crew order `crew` ("man the battery that bears", play/crew_plan.py).

`FleetOrders.fill(view, request)` answers the ships of a maneuver or crew request it can: those under an order,
and those with a single legal choice. `decide(view, request)` returns a `Pass` when every ship of the request is
answered that way, else None (the player is asked, with the answers it could give filled in: `prefill`). Each
maneuver is chosen among the maneuver previews priced on the side's own view (play/fair_advice.py: the engine's
advice on a state rebuilt from the view, with neutral guesses for what it hides) and is one of the request's
own options, so an answer is always one the engine poses; an order that finds no legal maneuver for a ship
leaves her to the player. Nothing here reads the referee's state.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from cs_desktop.play import crew_plan
from cs_desktop.play.fair_advice import FairAdvice
from cs_desktop.play.turn_flow import Pass
from cs_desktop.rules import geometry as geo
from cs_desktop.rules.cards import ShipCard
from cs_desktop.rules.decisions import Request

ORDERS = {
    "follow": "follow the leader",
    "line": "line ahead",
    "hold": "hold position",
    "engage": "engage the nearest",
}
#: the short mark shown after a ship's name on the board and in the fleet list
MARKS = {"follow": "follow", "line": "line", "hold": "hold", "engage": "engage", "crew": "crew: bears"}


@dataclass(slots=True)
class Order:
    kind: str  # a key of ORDERS
    ships: tuple[str, ...]  # in order: the first is the leader (follow, line)


@dataclass(slots=True)
class FleetOrders:
    """The standing fleet orders of every human side (ship ids are unique in a game)."""

    orders: list[Order] = field(default_factory=list)
    crew: set[str] = field(default_factory=set)  # ships under the standing crew order

    def give(self, kind: str, ships: list[str] | tuple[str, ...]) -> Order | None:
        """A new order for `ships` (in order): each leaves any order she was under. `crew` toggles on the
        standing crew order instead. Returns the order (None for `crew`)."""
        if kind == "crew":
            self.crew |= set(ships)
            return None
        if kind not in ORDERS:
            raise ValueError(f"unknown fleet order {kind!r}; one of {', '.join(ORDERS)}")
        if not ships:
            raise ValueError("a fleet order needs at least one ship")
        self.cancel(ships, crew=False)
        order = Order(kind, tuple(ships))
        self.orders.append(order)
        return order

    def cancel(self, ships: list[str] | tuple[str, ...], crew: bool = True) -> None:
        """The ships leave their orders (and, with `crew`, the standing crew order)."""
        gone = set(ships)
        kept = []
        for order in self.orders:
            left = tuple(s for s in order.ships if s not in gone)
            if left and (order.kind in ("hold", "engage") or len(left) > 1):
                kept.append(Order(order.kind, left))
        self.orders = kept
        if crew:
            self.crew -= gone

    def order_of(self, ship_id: str) -> Order | None:
        return next((o for o in self.orders if ship_id in o.ships), None)

    def marks(self) -> dict[str, str]:
        """Ship id -> what she is under ("line 2/5", "hold", "crew: bears"), for the board and the list."""
        out: dict[str, str] = {}
        for order in self.orders:
            for k, sid in enumerate(order.ships):
                lead = " (leads)" if k == 0 and order.kind in ("follow", "line") else ""
                out[sid] = f"{MARKS[order.kind]}{lead}" if order.kind in ("hold", "engage") or lead else \
                    f"{MARKS[order.kind]} {k + 1}/{len(order.ships)}"
        for sid in self.crew:
            out[sid] = f"{out[sid]}, {MARKS['crew']}" if sid in out else MARKS["crew"]
        return out

    # ------------------------------------------------------------------ answering
    def fill(self, view: Mapping[str, Any], request: Request, cards: Mapping[str, ShipCard]) -> dict[str, Any]:
        """Ship id -> the answer the orders (or a single legal choice) give her, for a maneuver or crew
        request; ships left out need the player."""
        if request.ships is None and request.kind != "assign_crew":
            return {}
        if request.kind == "select_maneuver" and request.ships is not None:
            return self._maneuvers(view, request, cards)
        if request.kind == "assign_crew":
            limits = request.info["limits"]
            return {sid: crew_plan.bearing_assignment(dict(view), sid, lim)
                    for sid, lim in limits.items() if sid in self.crew}
        return {}

    def decide(self, view: Mapping[str, Any], request: Request, cards: Mapping[str, ShipCard],
               names: Mapping[str, str]) -> Pass | None:
        """A Pass when every ship of the request is answered by the orders or has one legal choice."""
        if request.kind not in ("select_maneuver", "assign_crew"):
            return None
        filled = self.fill(view, request, cards)
        ships = list(request.ships) if request.ships is not None else list(request.info.get("limits", {}))
        if not ships or any(s not in filled for s in ships):
            return None
        ordered = [s for s in ships if (self.order_of(s) is not None or s in self.crew)]
        if not ordered:
            return None  # nothing here of the fleet orders' doing (turn_flow passes single answers itself)
        if request.kind == "assign_crew":
            v = dict(view)
            if crew_plan.no_gunner_warnings(v, filled):
                return None
            what = "; ".join(names.get(s, s) for s in sorted(filled))
            return Pass(filled, f"5.0: standing crew order: man the battery that bears — {what}")
        parts = [f"{names.get(s, s)} {_said(filled[s])}" + (f" ({ORDERS[o.kind]})" if (o := self.order_of(s)) else "")
                 for s in ships]
        return Pass(filled, "9.1: fleet orders — " + "; ".join(parts))

    def _maneuvers(self, view: Mapping[str, Any], request: Request,
                   cards: Mapping[str, ShipCard]) -> dict[str, Any]:
        assert request.ships is not None
        out: dict[str, Any] = {}
        advice: FairAdvice | None = None
        for sid, options in request.ships.items():
            if len(options) == 1:
                out[sid] = options[0]
                continue
            order = self.order_of(sid)
            if order is None:
                continue
            k = order.ships.index(sid)
            if order.kind in ("follow", "line") and k == 0:
                continue  # the leader is the player's to steer
            if advice is None:
                advice = FairAdvice(view, cards)
            choice = _steer(view, sid, order, k, advice.maneuver_previews(sid), options)
            if choice is not None:
                out[sid] = choice
        return out


def _said(choice: Any) -> str:
    if isinstance(choice, dict):
        name = str(choice.get("maneuver", "")).replace("_", " ")
        turn = choice.get("turn")
        return name + (f" to {choice.get('to')}" if turn else "")
    return str(choice)


def _square(ship: Mapping[str, Any]) -> tuple[int, int]:
    return (int(ship["x"]), int(ship["y"]))


def _afloat(ship: Mapping[str, Any]) -> bool:
    return not (ship.get("struck") or ship.get("captured") or ship.get("escaped"))


def _steer(view: Mapping[str, Any], sid: str, order: Order, k: int, previews: list[dict[str, Any]],
           options: list[Any] | tuple[Any, ...]) -> Any:
    """The request's option for the best legal preview under the order (None: none legal, ask)."""
    legal = []
    for p in previews:
        if not p.get("legal", True):
            continue
        cands = [o for o in options if o in p.get("options", [p.get("choice")])]
        if cands:
            legal.append((p, cands[0]))
    if not legal:
        return None
    ships = view["ships"]
    if order.kind == "hold":
        held = [c for p, c in legal if p.get("maneuver") == "back_sail"]
        return held[0] if held else None
    if order.kind == "engage":
        me = ships[sid]
        foes = [s for s in ships.values() if s["side"] != me["side"] and _afloat(s)]
        if not foes:
            return None
        foe = min(foes, key=lambda s: (geo.mp_distance(_square(me), _square(s)), str(s["id"])))
        goal, heading = _square(foe), None
    else:
        ahead_id = order.ships[0] if order.kind == "follow" else order.ships[k - 1]
        ahead = ships.get(ahead_id)
        if ahead is None or not _afloat(ahead):
            return None
        heading = int(ahead["heading"])
        goal = geo.step(_square(ahead), geo.turn(heading, 4))  # the square astern of her

    def score(item: tuple[dict[str, Any], Any]) -> tuple[int, int, int]:
        p, _c = item
        sq = (int(p["square"][0]), int(p["square"][1]))
        off = 0 if heading is None else geo.heading_difference(int(p["heading"]), heading)
        return (geo.mp_distance(sq, goal), off, int(p.get("index", 0)))

    return min(legal, key=score)[1]
