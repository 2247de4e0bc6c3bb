"""How good a position is for a side, read from that side's view: victory points now (19.0, with the 20.1
multiplier and bonus), the exchange of fire to come, and whether the side should fight or stall.

`evaluate(view, side, terms)` is the leaf evaluation for a search: the expected final VP margin of `side`
(positive: ahead). `win_probability` turns a margin into a rough chance of winning (a margin of 5 or less is
a draw, 19.0). `stance` is the captain's plan: "fight" (close and exchange broadsides) or "stall" (keep the
enemy at a distance and let the clock run) — a ship fights when each broadside exchanged brings it more VP
than the enemy, or when it is losing anyway; it stalls when it is not losing and every exchange costs it.
"""

from __future__ import annotations

import math
from collections.abc import Mapping

from cs_desktop.ai.judgment_view import View, afloat, damage_by_track, damage_taken, gun_power, square
from cs_desktop.rules import geometry as geo
from cs_desktop.rules.cards import Scenario, ShipCard
from cs_desktop.rules.ratings import victory_terms
from cs_desktop.rules.scoring import CAPTURED_VP, DRAW_MARGIN, STRUCK_VP
from cs_desktop.rules.victory_sides import share
from cs_desktop.rules.view_types import ViewShip

#: side -> {"multiplier": x, "bonus": VP} (the 20.1 terms plus any bid points, 19.0).
Terms = dict[str, dict[str, float]]

#: turns assumed left when the scenario has no turn limit (a typical action).
OPEN_ENDED_TURNS = 12
#: ahead on VP, a side still fights when each exchange brings it this many times the enemy's VP.
FIGHT_WHEN_AHEAD = 1.5


def victory_terms_of(scenario: Scenario, cards: Mapping[str, ShipCard]) -> Terms:
    """Each side's VP multiplier and bonus (20.1, 21.3, scenario overrides and bids, 19.0): public terms."""
    terms = victory_terms(scenario, cards)
    return {t.side: {"multiplier": float(t.multiplier), "bonus": float(t.bonus + t.bid_points)} for t in terms.sides}


def _terms(view: View, terms: Terms | None) -> Terms:
    if terms is not None:
        return terms
    return {sid: {"multiplier": 1.0, "bonus": 0.0} for sid in view["sides"]}


def vp_now(view: View, terms: Terms | None = None) -> dict[str, float]:
    """Each side's victory points if the game ended now (19.0), from what the view shows."""
    t = _terms(view, terms)
    if len(view["sides"]) > 2:
        return _vp_of_sides(view, t)
    out = {}
    for side in view["sides"]:
        enemies = [s for s in view["ships"].values() if s["side"] != side]
        hits = sum(damage_taken(view, s) for s in enemies)
        fleet = bool(view.get("fleet_rules"))  # R19.0f: a captured ship scores in place of her strike
        struck = sum(1 for s in enemies if s["struck"] and not (fleet and s["captured"]))
        captured = sum(1 for s in enemies if s["captured"])
        out[side] = hits * t[side]["multiplier"] + STRUCK_VP * struck + CAPTURED_VP * captured + t[side]["bonus"]
    return out


def _vp_of_sides(view: View, t: Terms) -> dict[str, float]:
    """vp_now with more than two sides (R19.0h, R18.0q, R18.0s): each ship's damage shared among the sides that
    did it, the strike to the side that did the most, the capture to the captor (all public in the view)."""
    out = {side: t[side]["bonus"] for side in view["sides"]}
    hits_by: dict[str, dict[str, int]] = view.get("hits_by", {})
    captors: dict[str, str] = view.get("captors", {})
    order = list(view.get("order") or view["sides"])
    for sid, ship in view["ships"].items():
        weights = {s: n for s, n in hits_by.get(sid, {}).items() if s != ship["side"]}
        dmg = damage_by_track(view, ship)  # shared track by track, her own damage apart, as the tally does
        for track in dmg.values():
            for s, n in share(track, weights, order).items():
                out[s] += n * t[s]["multiplier"]
        for s, n in share(min(int(ship["self_damage"]), sum(dmg.values())), weights, order).items():
            out[s] -= n * t[s]["multiplier"]
        if ship["captured"] and captors.get(sid) in out:
            out[captors[sid]] += CAPTURED_VP
        elif (ship["struck"] or ship["captured"]) and weights:
            top = max(weights.values())
            best = [s for s, n in weights.items() if n == top]
            for s in best:
                out[s] += STRUCK_VP / len(best)
    return out


def other_side(view: View, side: str, terms: Terms | None = None) -> str:
    """The enemy side; with more than two sides, the rival to beat: the other side with the most VP now (19.0: a
    side wins by leading the next by more than 5, R19.0h), then the one with most ships fighting, then the first.
    Every other side is an enemy all the same."""
    others = [s for s in view["sides"] if s != side]
    if len(others) == 1:
        return str(others[0])
    vp = vp_now(view, terms)
    fighting = {s: sum(1 for ship in view["ships"].values() if ship["side"] == s and afloat(ship)) for s in others}
    return str(max(others, key=lambda s: (vp[s], fighting[s])))


def firepower(view: View, side: str, cards: Mapping[str, ShipCard] | None = None) -> float:
    """Hits the side's afloat ships are expected to land in a close-range exchange of broadsides (4 MP: two
    defense dice), their better broadside fully manned, the morale modifier folded in (11.4.5: Handy +1,
    Unfit -1 on every die). With the ship cards, the dice of the top undamaged boxes (11.4.4); without,
    the undamaged boxes as a stand-in."""
    total = 0.0
    for s in view["ships"].values():
        if s["side"] != side or not afloat(s):
            continue
        if cards is not None:
            dice = gun_power(s, cards[s["card"]], None, 4)
        else:
            dice = max(_side_boxes(s, "port"), _side_boxes(s, "starboard"))
        p_hit = {3: 0.5, 2: 1 / 3, 1: 1 / 6}.get(int(s["morale"]), 1 / 6)
        total += max(dice * p_hit - 2 / 3, dice * p_hit / 4)
    return total


def _side_boxes(ship: ViewShip, bside: str) -> int:
    return sum(int(ship["gunnery"][sec]) for sec in geo.sections_for_side(bside))


def exchange(view: View, side: str, terms: Terms | None = None,
             cards: Mapping[str, ShipCard] | None = None) -> float:
    """VP the side gains per VP the enemy gains when both fire broadsides at each other (> 1: fighting pays)."""
    t = _terms(view, terms)
    enemy = other_side(view, side, t)
    ours = firepower(view, side, cards) * t[side]["multiplier"]
    theirs = firepower(view, enemy, cards) * t[enemy]["multiplier"]
    return ours / max(theirs, 1e-6)


def turns_left(view: View) -> int:
    limit = view.get("turn_limit")
    if limit:
        return max(0, int(limit) - int(view["turn"]) + 1)
    return max(3, OPEN_ENDED_TURNS - int(view["turn"]) // 2)


def stance(view: View, side: str, terms: Terms | None = None, cards: Mapping[str, ShipCard] | None = None) -> str:
    """'fight' or 'stall' (see the module doc). Ahead by more than a draw, a side stalls unless each exchange
    clearly pays (a fight also risks a strike that ends the battle, 17.4); level, it fights when the exchange
    pays; behind, it must fight."""
    vp = vp_now(view, terms)
    margin = vp[side] - vp[other_side(view, side, terms)]
    ratio = exchange(view, side, terms, cards)
    if margin > DRAW_MARGIN:
        return "fight" if ratio >= FIGHT_WHEN_AHEAD else "stall"
    if margin >= -DRAW_MARGIN:
        return "fight" if ratio >= 1.0 else "stall"
    return "fight"


def closest_range(view: View, side: str) -> int:
    ours = [square(s) for s in view["ships"].values() if s["side"] == side and afloat(s)]
    theirs = [square(s) for s in view["ships"].values() if s["side"] != side and afloat(s)]
    if not ours or not theirs:
        return 99
    return min(geo.mp_distance(a, b) for a in ours for b in theirs)


def evaluate(view: View, side: str, terms: Terms | None = None,
             cards: Mapping[str, ShipCard] | None = None) -> float:
    """Expected final VP margin of `side` from this position (positive: `side` ahead).

    The margin now, plus the VP the exchange of fire is expected to bring over the turns left: each turn of
    action both sides score about their close-range hits times their multiplier; the action is more likely
    the closer the ships are (at 24 MP and beyond they need a turn or two to meet), and a side that stalls
    limits it. Cheap: no search, no dice."""
    t = _terms(view, terms)
    enemy = other_side(view, side, t)
    vp = vp_now(view, t)
    margin = vp[side] - vp[enemy]
    if view.get("ended"):
        return margin
    rate = firepower(view, side, cards) * t[side]["multiplier"] - firepower(view, enemy, cards) * t[enemy]["multiplier"]
    d = closest_range(view, side)
    engaged = 1.0 if d <= 8 else 0.6 if d <= 16 else 0.3
    stalls = {stance(view, s, t, cards) for s in (side, enemy)}
    if "stall" in stalls:
        engaged *= 0.5
    # about one close exchange a turn while engaged
    future = rate * engaged * min(turns_left(view), 8)
    return margin + future


def win_probability(margin: float) -> float:
    """A rough chance of winning from an expected margin: a draw within 5 VP (19.0), spread of about 8 VP."""
    return 1.0 / (1.0 + math.exp(-(margin - DRAW_MARGIN) / 8.0))
