"""18.0 Game End and 19.0 Victory Conditions: hits scored x VP multiplier, +5 for an enemy that struck,
+10 for one captured, the weaker ship's bonus, the optional bid; a margin of 5 or less is a draw. Under the
fleet rules switch a captured ship scores the +10 in place of the +5 and escaped ships are counted (fleet_end.py,
R19.0f)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from cs_desktop.rules.ratings import victory_terms
from cs_desktop.rules.scoring import CAPTURED_VP, DRAW_MARGIN, STRUCK_VP, fleet_counts
from cs_desktop.rules.victory_sides import tally_sides

if TYPE_CHECKING:
    from cs_desktop.rules.referee import Referee
    from cs_desktop.rules.state import ShipState

def end_game(g: Referee, reason: str) -> None:
    state = g.state
    if state.ended:
        return
    state.ended = True
    state.end_reason = reason
    result = tally(g)
    g.emit("game_end", "18.0", f"Game over: {reason}. " + result["summary"], result=result)


def hits_scored(g: Referee, side: str) -> tuple[dict[str, int], int]:
    """19.0: the damaged boxes on the enemy's cards at the end (repairs take VP away), by track, and how many
    of them the enemy did to itself (Straining, bursts, Play Now events — not scored, ruling R19.0)."""
    out = {"hull": 0, "rigging": 0, "crew": 0}
    own = 0
    for ship in g.state.ships.values():
        if ship.prize_of:  # R19.0i: a prize sailing for her captor
            for track, value in prize_share(ship, side).items():
                out[track] += value
            continue
        if ship.side == side:
            continue
        for track, value in ship.damage().items():
            out[track] += value
        own += min(ship.self_damage, sum(ship.damage().values()))
    return out, own


def prize_share(ship: ShipState, side: str) -> dict[str, int]:
    """R19.0i: the boxes of a prize sailing for her captor that `side` scores: the captor, her damage when she
    changed hands; the side she was taken from, what she has lost since (never below 0)."""
    then = dict(zip(("hull", "rigging", "crew"), ship.prize_damage, strict=True))
    if side != ship.prize_of:
        return then
    return {track: max(0, value - then[track]) for track, value in ship.damage().items()}


def tally(g: Referee) -> dict[str, Any]:
    state = g.state
    terms = victory_terms(g.scenario, g.cards)
    if len(state.sides) > 2:  # R19.0h: each side scores what it did
        return tally_sides(g, terms)
    sides: dict[str, Any] = {}
    for side in state.sides:
        term = terms.side(side)
        hits, own = hits_scored(g, side)
        total_hits = sum(hits.values()) - own
        enemies = [s for s in state.ships.values() if s.side != side]
        if state.fleet_rules:  # R19.0f: a captured ship counts the capture points in place of the strike points
            counts = fleet_counts(state, side)
        else:
            counts = {"struck": sum(1 for s in enemies if s.struck), "captured": sum(1 for s in enemies if s.captured)}
        struck, captured = counts["struck"], counts["captured"]
        vp = (total_hits * term.multiplier + STRUCK_VP * struck + CAPTURED_VP * captured + term.bonus
              + term.bid_points)
        sides[side] = {"hits": hits, "self_inflicted": own, "hits_total": total_hits, "multiplier": term.multiplier, "bonus": term.bonus,
                       "struck": struck, "captured": captured, "bid_received": term.bid_points,
                       "vp": round(vp, 2)}
        if state.fleet_rules:
            sides[side]["escaped"] = counts["escaped"]
    a, b = list(state.sides)
    voluntary = [s for s in state.sides if state.sides[s].struck_voluntarily]
    if voluntary:
        winner: str | None = state.other(voluntary[0])  # 18.0: striking voluntarily is an immediate loss
        how = "voluntary strike"
    else:
        diff = sides[a]["vp"] - sides[b]["vp"]
        winner = None if abs(diff) <= DRAW_MARGIN else (a if diff > 0 else b)
        how = "victory points"
    summary = ", ".join(f"{state.sides[s].name} {sides[s]['vp']} VP" for s in (a, b))
    summary += f" — {state.sides[winner].name} wins" if winner else " — a draw (within 5 VP)"
    return {"winner": winner, "decided_by": how, "sides": sides, "summary": summary, "turn": state.turn,
            "reason": state.end_reason}
