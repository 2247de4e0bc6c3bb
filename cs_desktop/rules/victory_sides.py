"""19.0 Victory with more than two sides (rulings R19.0h, R18.0q, R18.0s).

With two sides every box on the enemy's cards is the one enemy's doing (19.0). With three or four, each side
scores the share of a ship's damage that it put on her: the engine records the boxes each side's fire (11.4.10)
and boarders (15.0) damaged on each ship (`GameState.hits_by`), and the damage on her card at the end (repairs
taken off, her own damage taken off as in R19.0) is shared among the sides in proportion, by largest remainder,
ties to the side higher in the last initiative order. A ship struck and not taken is worth the strike points to
the side that put the most boxes on her (shared equally on a tie); a ship captured is worth the capture points
to her captor (`GameState.captors`). The winner is the side with the most VP, if it leads the next by more than
the draw margin; a side that struck voluntarily has lost and scores no place (18.0).
"""

from __future__ import annotations

from fractions import Fraction
from typing import TYPE_CHECKING, Any

from cs_desktop.rules.scoring import CAPTURED_VP, DRAW_MARGIN, STRUCK_VP

if TYPE_CHECKING:
    from cs_desktop.rules.referee import Referee
    from cs_desktop.rules.state import GameState, ShipState
    from cs_desktop.rules.terms import VictoryTerms

TRACKS = ("hull", "rigging", "crew")


def share(total: int, weights: dict[str, int], order: list[str]) -> dict[str, int]:
    """`total` boxes shared in proportion to `weights` (largest remainder; ties to the later side of `order`).
    Nothing when no weight is positive (damage no side recorded is nobody's score)."""
    weight = sum(w for w in weights.values() if w > 0)
    if total <= 0 or weight <= 0:
        return {s: 0 for s in weights}
    exact = {s: Fraction(total * max(0, w), weight) for s, w in weights.items()}
    out = {s: int(v) for s, v in exact.items()}
    left = total - sum(out.values())
    rank = {s: i for i, s in enumerate(order)}
    for s in sorted(exact, key=lambda s: (exact[s] - out[s], rank.get(s, -1)), reverse=True)[:left]:
        out[s] += 1
    return out


def credited(state: GameState, ship: ShipState) -> dict[str, dict[str, int]]:
    """R19.0h: side -> track -> boxes of `ship`'s damage it scores, and side -> 'own' for her own damage
    shared the same way (taken off that side's score, as R19.0 takes it off the enemy's)."""
    weights = {s: n for s, n in state.hits_by.get(ship.id, {}).items() if s != ship.side}
    order = state.initiative_order() if state.initiative else list(state.sides)
    dmg = ship.damage()
    out: dict[str, dict[str, int]] = {s: {} for s in weights}
    for track in TRACKS:
        for s, n in share(dmg[track], weights, order).items():
            out[s][track] = n
    own = min(ship.self_damage, sum(dmg.values()))
    for s, n in share(own, weights, order).items():
        out[s]["own"] = n
    return out


def strike_credit(state: GameState, ship: ShipState) -> dict[str, Fraction]:
    """R18.0s: a ship struck and not taken: the strike points to the side that put the most boxes on her."""
    weights = {s: n for s, n in state.hits_by.get(ship.id, {}).items() if s != ship.side and n > 0}
    if not weights:
        return {}
    best = max(weights.values())
    top = [s for s, n in weights.items() if n == best]
    return {s: Fraction(1, len(top)) for s in top}


def _num(x: Fraction) -> float | int:
    return int(x) if x.denominator == 1 else round(float(x), 2)


def tally_sides(g: Referee, terms: VictoryTerms) -> dict[str, Any]:
    state = g.state
    hits = {s: dict.fromkeys(TRACKS, 0) for s in state.sides}
    own = dict.fromkeys(state.sides, 0)
    struck = {s: Fraction(0) for s in state.sides}
    captured = dict.fromkeys(state.sides, 0)
    escaped = dict.fromkeys(state.sides, 0)
    for ship in state.ships.values():
        for side, row in credited(state, ship).items():
            for track in TRACKS:
                hits[side][track] += row.get(track, 0)
            own[side] += row.get("own", 0)
        captor = state.captors.get(ship.id)
        if ship.captured and captor is not None:
            captured[captor] += 1
        elif ship.struck or ship.captured:
            for side, part in strike_credit(state, ship).items():
                struck[side] += part
        elif ship.escaped:
            for side in state.opponents(ship.side):
                escaped[side] += 1
    sides: dict[str, Any] = {}
    for side in state.sides:
        term = terms.side(side)
        total_hits = sum(hits[side].values()) - own[side]
        vp = (total_hits * term.multiplier + STRUCK_VP * float(struck[side]) + CAPTURED_VP * captured[side]
              + term.bonus + term.bid_points)
        sides[side] = {"hits": hits[side], "self_inflicted": own[side], "hits_total": total_hits,
                       "multiplier": term.multiplier, "bonus": term.bonus, "struck": _num(struck[side]),
                       "captured": captured[side], "bid_received": term.bid_points, "vp": round(vp, 2)}
        if state.fleet_rules:
            sides[side]["escaped"] = escaped[side]
    voluntary = [s for s in state.sides if state.sides[s].struck_voluntarily]
    placed = sorted((s for s in state.sides if s not in voluntary), key=lambda s: -sides[s]["vp"])
    winner: str | None = None
    if len(placed) == 1:
        winner = placed[0]
    elif placed and sides[placed[0]]["vp"] - sides[placed[1]]["vp"] > DRAW_MARGIN:
        winner = placed[0]
    how = "voluntary strike" if voluntary and len(placed) == 1 else "victory points"
    summary = ", ".join(f"{state.sides[s].name} {sides[s]['vp']} VP" for s in state.sides)
    if voluntary:
        summary += "; " + ", ".join(state.sides[s].name for s in voluntary) + " struck voluntarily"
    summary += (f" — {state.sides[winner].name} wins" if winner
                else f" — no winner (the first is within {DRAW_MARGIN} VP of the next)")
    return {"winner": winner, "decided_by": how, "sides": sides, "summary": summary, "turn": state.turn,
            "reason": state.end_reason, "placing": placed}
