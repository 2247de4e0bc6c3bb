"""Can each side still win? The reach of a scenario's victory terms (19.0, 20.1, 21.3), before any die is rolled.

A side's best total is every box of every enemy ship damaged (hull, rigging and crew tracks) times its VP
multiplier, plus 10 VP for each enemy ship captured, plus its bonus and any bid it receives; its worst total is
its bonus and bid alone (no hit scored). A side can win on victory points only if its best total can beat the
other side's worst by more than the draw margin of 5 VP (19.0). When it cannot, the scenario is decided before it
starts: the scenario designer, `validate` and `vp` say so (issue 13). (A voluntary strike, 18.0, still loses
whatever the points.)
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from cs_desktop.rules.cards import Scenario, ShipCard
from cs_desktop.rules.ratings import damage_capacity, victory_terms
from cs_desktop.rules.scoring import CAPTURED_VP, DRAW_MARGIN


@dataclass(frozen=True)
class Reach:
    """One side's best and worst achievable victory points under the scenario's terms."""

    side: str
    name: str
    enemy_boxes: int  # every box of every enemy ship: what the side could score in hits
    multiplier: float
    captures: int  # enemy ships it could capture (10 VP each)
    bonus: int
    bid_points: int
    best: float
    worst: float


def card_boxes(card: ShipCard) -> int:
    """The boxes an enemy can damage on a card (19.0 scores damaged boxes): its DC by 20.1."""
    return damage_capacity(card)


def reach(scenario: Scenario, ships: Mapping[str, ShipCard]) -> dict[str, Reach]:
    terms = victory_terms(scenario, ships)
    out: dict[str, Reach] = {}
    for side in scenario.sides:
        term = terms.side(side.id)
        enemies = [entry.ship_id for other in scenario.sides if other.id != side.id for entry in other.ships]
        boxes = sum(card_boxes(ships[ship_id]) for ship_id in enemies)
        fixed = term.bonus + term.bid_points
        out[side.id] = Reach(side.id, side.name, boxes, term.multiplier, len(enemies), term.bonus, term.bid_points,
                             best=round(boxes * term.multiplier + CAPTURED_VP * len(enemies) + fixed, 2),
                             worst=float(fixed))
    return out


def cannot_win(scenario: Scenario, ships: Mapping[str, ShipCard]) -> list[str]:
    """One sentence for each side that cannot win on victory points whatever happens; [] when both can."""
    sides = reach(scenario, ships)
    out = []
    for r in sides.values():
        # the other side holding most without a hit (with three or four sides, the one to beat: R19.0h)
        other = max((o for o in sides.values() if o.side != r.side), key=lambda o: o.worst)
        if r.best - other.worst <= DRAW_MARGIN:
            bid = f" and a bid of {r.bid_points}" if r.bid_points else ""
            out.append(
                f"{r.name} cannot win on victory points (19.0, 20.1): at best {r.best:g} VP (all {r.enemy_boxes} "
                f"enemy boxes x{r.multiplier:g}, {CAPTURED_VP * r.captures} for capturing, its bonus {r.bonus}{bid}) "
                f"against the {other.worst:g} VP {other.name} holds without scoring a hit; a win needs a margin of "
                f"more than {DRAW_MARGIN}")
    return out
