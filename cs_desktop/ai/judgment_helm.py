"""The judgment captain at the helm (9.0-9.3, 16.0): where each maneuver leads, looked at a few maneuvers
ahead against where the enemy is heading, and scored by what the ship wants (evaluate.stance): to fight —
her broadside bearing at close range, his not, a rake if she can get one — or to stall — out of his arcs
and beyond long range. Always with the two ships close enough together that the map can hold both (9.3:
when no shift keeps every ship on the map, the game ends).

Legal moves come from the engine's own `maneuver.selection_options` on a state rebuilt from the view."""

from __future__ import annotations

from collections.abc import Mapping
from functools import cached_property
from typing import Any

from cs_desktop.ai.evaluate import Terms, stance
from cs_desktop.ai.judgment_view import View, afloat, gun_power, letter, nearest_enemy, scratch_state, square
from cs_desktop.rules import geometry as geo
from cs_desktop.rules import maneuver as mv
from cs_desktop.rules.cards import ShipCard
from cs_desktop.rules.state import GameState, ShipState
from cs_desktop.rules.tables import get_tables
from cs_desktop.rules.terrain import ISLAND, SHOAL, fire_blocked
from cs_desktop.rules.view_types import ViewShip

DEPTH = 3
#: how far apart (squares) the ships may drift before the helm steers back together (map 32 x 24).
SLACK = 9
#: what a shoal square costs (R9.1f: a third of the ships entering one run aground, green crews more, and lie
#: there a turn or more): weighed against a broadside, so a captain crosses a shoal only when the fight is worth it
SHOAL_RISK = 0.6


def expected_hits(dice: int, mp: int) -> float:
    """Rough hits of `dice` to-hit dice at `mp` (11.4.5-11.4.7): a third hit, the defense rolls one die per
    2 MP and cancels a third (a half at 12 MP or more)."""
    if dice <= 0:
        return 0.0
    defense = -(-mp // 2)
    cancel = 0.5 if mp >= 12 else 1 / 3
    return max(dice / 3 - defense * cancel * 0.5, dice / 30)


class Helm:
    def __init__(self, view: View, side: str, cards: Mapping[str, ShipCard], terms: Terms | None,
                 depth: int = DEPTH) -> None:
        self.depth = depth  # maneuvers looked ahead (a search's rollouts use fewer: they are many)
        self.view = view
        self.side = side
        self.cards = cards
        self.terms = terms
        mult = terms or {}
        enemy_side = next(s for s in view["sides"] if s != side)
        self.w_us = float(mult.get(side, {}).get("multiplier", 1.0))
        self.w_them = float(mult.get(enemy_side, {}).get("multiplier", 1.0))
        #: (ship, broadside, MP) -> expected hits: a position is scored thousands of times a decision
        self._hits: dict[tuple[str, str | None, int], float] = {}
        self._afloat: list[tuple[str, tuple[int, int]]] | None = None

    @cached_property
    def state(self) -> GameState:
        """An engine state rebuilt from the view (worked out when first needed: a hull-first or crew answer
        never needs it, and in a fleet it is two dozen ships)."""
        return scratch_state(self.view, self.cards)

    @cached_property
    def plan(self) -> str:
        """The ship's plan, evaluate.stance: 'fight' or 'stall' (worked out when first needed)."""
        return stance(self.view, self.side, self.terms, self.cards)

    # ------------------------------------------------------------------ scoring a position
    def position(self, ship: ViewShip, sq: tuple[int, int], heading: int, enemy: ViewShip,
                 esq: tuple[int, int]) -> float:
        card = self.cards[ship["card"]]
        ecard = self.cards[enemy["card"]]
        score = 0.0
        d = geo.mp_distance(sq, esq) if sq != esq else 1
        terrain = self.state.terrain
        if sq != esq and not (terrain and fire_blocked(self.state, sq, esq)):  # R11.4.6b: no shot over land
            mine = geo.broadside_side_in_arc(sq, heading, esq)
            if mine is not None:
                hits = self.hits(ship, card, mine, d)
                if not any(ship["loads"][s] for s in geo.sections_for_side(mine)):
                    hits *= 0.6
                if geo.rake(sq, heading, esq, enemy["heading"]):
                    hits *= 1.5
                score += self.w_us * hits
            theirs = geo.broadside_side_in_arc(esq, enemy["heading"], sq)
            if theirs is not None:
                hits = self.hits(enemy, ecard, theirs, d)
                if geo.rake(esq, enemy["heading"], sq, heading):
                    hits *= 1.5
                score -= self.w_them * hits
        scale = self.w_us * self.hits(ship, card, None, 4) + 0.5
        if self.plan == "fight":
            score -= 0.04 * scale * max(0, d - 4)
        else:
            score += 0.03 * scale * min(d, 20) - 0.05 * scale * max(0, d - 24)
        score += 0.05 * scale * get_tables().position_rank(letter(self.view, heading))
        if terrain:  # R9.1f: a shoal may hold her fast; R9.1e: land ahead leaves her only to haul off
            if terrain.get(sq) == SHOAL:
                score -= SHOAL_RISK * (scale + 0.5)
            if terrain.get(geo.step(sq, heading)) == ISLAND:
                score -= 0.2 * (scale + 0.5)
        # 9.3: never let the two ships drift further apart than the map can hold
        width, height = self.view["map_size"]
        if self._afloat is None:
            self._afloat = [(o["id"], square(o)) for o in self.view["ships"].values() if afloat(o)]
        others = [esq] + [sq_o for id_o, sq_o in self._afloat if id_o not in (ship["id"], enemy["id"])]
        spread_x = max(abs(sq[0] - o[0]) for o in others)
        spread_y = max(abs(sq[1] - o[1]) for o in others)
        over = max(spread_x - (width - 1 - SLACK), spread_y - (height - 1 - SLACK), 0)
        score -= over * over * (0.5 * scale + 0.5)
        if over >= SLACK - 1:
            score -= 100.0
        # ...and as they near that limit, head back toward the enemy before the wind forbids it
        near = max(spread_x - (width - 1 - SLACK - 3), spread_y - (height - 1 - SLACK - 3), 0)
        cx = sum(o[0] for o in others) / len(others)
        cy = sum(o[1] for o in others) / len(others)
        if near and (cx, cy) != sq:
            fx, fy = geo.VECTORS[heading]
            dx, dy = cx - sq[0], cy - sq[1]
            cos = (fx * dx + fy * dy) / ((fx * fx + fy * fy) ** 0.5 * (dx * dx + dy * dy) ** 0.5)
            score += near * (scale + 0.5) * cos
        return float(score)

    def hits(self, ship: ViewShip, card: ShipCard, bside: str | None, mp: int) -> float:
        """expected_hits of the ship's broadside (the better one if None) at `mp`, remembered for this view."""
        key = (ship["id"], bside, mp)
        hits = self._hits.get(key)
        if hits is None:
            hits = self._hits[key] = expected_hits(gun_power(ship, card, bside, mp), mp)
        return hits

    def enemy_after(self, enemy: ViewShip, our_mp: float, our_speed: int) -> tuple[int, int]:
        """Where the enemy will be when we have spent `our_mp`, if he holds his course at his speed."""
        esq = square(enemy)
        if our_speed <= 0 or enemy["speed"] <= 0:
            return esq
        his_mp = our_mp * enemy["speed"] / our_speed
        cost = 3 if geo.is_corner(enemy["heading"]) else 2
        for _ in range(int(his_mp // cost)):
            esq = geo.step(esq, enemy["heading"])
        return esq

    # ------------------------------------------------------------------ looking ahead
    def _children(self, ship: ShipState) -> list[tuple[dict[str, Any], ShipState, int]]:
        """(selection, ship after it, MP cost) for each legal maneuver, least Strain first; an Advance
        branches on its free turn (9.1.1)."""
        options, _ = mv.selection_options(self.state, ship, 99)
        seen: set[tuple[Any, ...]] = set()
        out = []
        for option in options:
            key = (option["maneuver"], option.get("turn"), option.get("to"))
            if key in seen:
                continue
            seen.add(key)
            for after in self._apply(ship, option):
                out.append((option, after, mv.maneuver_cost(ship, option)))
        return out

    def _apply(self, ship: ShipState, option: dict[str, Any]) -> list[ShipState]:
        name = option["maneuver"]
        new = ship.clone()
        new.maneuver = None
        new.no_wear = name == "wear"
        new.no_back_sail = name == "back_sail"
        if name == "advance":
            new.x, new.y = geo.step(ship.square, ship.heading)
            new.worn_here = False
            outs = [new]
            rank = get_tables().position_rank
            here = rank(letter(self.view, new.heading))
            for points in (-1, 1):
                h = geo.turn(new.heading, points)
                to = letter(self.view, h)
                if to != "H" and rank(to) > here:
                    turned = new.clone()
                    turned.heading = h
                    turned.no_wear = True
                    turned.worn_here = True
                    outs.append(turned)
            return outs
        if name in ("wear", "fall_off"):
            new.heading = geo.turn(ship.heading, int(option["turn"]))
            new.worn_here = name == "wear"
        elif name == "tack":
            toward = 1
            for points in (-1, 1):
                if letter(self.view, geo.turn(ship.heading, points)) == "H":
                    toward = points
            new.heading = geo.turn(ship.heading, 2 * toward)
        return [new]

    def value(self, ship_view: ViewShip, ship: ShipState, enemy: ViewShip, spent: float,
              depth: int) -> float:
        esq = self.enemy_after(enemy, spent, max(1, ship_view["speed"]))
        here = self.position(ship_view, ship.square, ship.heading, enemy, esq)
        if depth <= 0:
            return here
        best = max((self.value(ship_view, after, enemy, spent + cost, depth - 1)
                    for _, after, cost in self._children(ship)), default=here)
        return 0.4 * here + 0.6 * best

    def ends_game(self, ship: ShipState) -> bool:
        """Would her next Advance (or the one after, the enemy holding still) leave no shift that keeps
        every ship on the map (9.3)?"""
        width, height = self.state.map_size
        ships = self.state.afloat()
        idx = next(i for i, s in enumerate(ships) if s.id == ship.id)
        squares = [s.square for s in ships]
        dest = ship.square
        for _ in range(2):
            dest = geo.step(dest, ship.heading)
            if geo.edge_shift(squares, idx, dest, width, height) is None:
                return True
        return False

    # ------------------------------------------------------------------ answers
    def select(self, ship_id: str, options: tuple[dict[str, Any], ...], remaining: int) -> dict[str, Any]:
        ship_view = self.view["ships"][ship_id]
        enemy = nearest_enemy(self.view, ship_view)
        if enemy is None:
            return min(options, key=lambda o: o.get("strain", 0))
        ship = self.state.ships[ship_id]
        best, best_score = options[0], float("-inf")
        done: dict[tuple[Any, ...], float] = {}
        for option in options:
            key = (option["maneuver"], option.get("turn"), option.get("to"))
            cost = mv.maneuver_cost(ship, option)
            if key not in done:
                done[key] = max(self.value(ship_view, after, enemy, cost, self.depth - 1)
                                for after in self._apply(ship, option))
            score = done[key]
            if option["maneuver"] == "advance" and self.ends_game(ship):
                score -= 10_000.0  # 9.3: the map cannot hold her there: the game would end by her own move
            if option["maneuver"] == "tack":
                score -= 0.5  # it may fail and leave her In Irons (9.1.4)
            if option["maneuver"] == "back_sail":
                score -= 0.05
            # 9.1 (2): Straining risks the rigging; take the least Strain the maneuver needs
            score -= 0.3 * option.get("strain", 0) + (0.5 if cost > remaining and option.get("strain") else 0.0)
            if score > best_score:
                best, best_score = option, score
        return best

    def free_turn(self, ship_id: str, options: tuple[dict[str, Any], ...]) -> dict[str, Any]:
        ship_view = self.view["ships"][ship_id]
        enemy = nearest_enemy(self.view, ship_view)
        if enemy is None:
            return options[0]
        ship = self.state.ships[ship_id]

        def score(o: dict[str, Any]) -> float:
            turned = ship.clone()
            turned.heading = geo.turn(ship.heading, o["turn"]) if o["turn"] else ship.heading
            turned.no_wear = bool(o["turn"]) or ship.no_wear
            return self.value(ship_view, turned, enemy, 0, self.depth - 1)

        return max(options, key=score)

    def fall_off(self, ship_id: str, options: tuple[dict[str, Any], ...]) -> dict[str, Any]:
        return self.free_turn(ship_id, options)
