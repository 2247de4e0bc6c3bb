"""A simple computer captain: sensible answers from a few rules of thumb.

It sees only what a human in its seat sees — the `Seat` (the side's view and the request; it is never given
the game) — and it keeps its own seeded dice, so it never changes the game's rolls. It steers for a position with
the enemy abeam at close-to-medium range, closing first when he is out of reach, fires every broadside that bears
(at the hull, or at the rigging of a faster enemy), mans the broadside that bears before the other, keeps a
boarding reserve when the enemy is close, and boards only when it is stronger.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Literal

from cs_desktop.ai.seat import Seat
from cs_desktop.rules import geometry as geo
from cs_desktop.rules.cards import SECTION_NAMES
from cs_desktop.rules.decisions import Request
from cs_desktop.rules.dice import Dice
from cs_desktop.rules.crew import man_the_guns
from cs_desktop.rules.state import assigned_total
from cs_desktop.rules.tables import get_tables
from cs_desktop.rules.view_types import BoardShip, PublicBoard, SideView, ViewShip

#: what the helm reads: the public board (a seat's `board()`) or a side's view, which has the same keys
Board = PublicBoard | SideView
BoardSpot = BoardShip | ViewShip

PREFERRED_RANGE = 6  # MP
#: beyond this range she closes before anything else: her arcs hardly matter out of reach, and a captain who lets
#: the range open lets the enemy sail off the map (9.3) and end the battle on the terms (issue 27)
CLOSE_IN = 12  # MP
#: an Advance into a shoal (ruling R9.1f: she may run aground): less than a broadside that bears (4), so she
#: still follows the enemy across one when that brings her guns to bear
SHOAL_RISK = 2.0


#: the decisions whose handler reads the side's view, and those that read only the public board
READS_VIEW = frozenset({"assign_crew", "grapple", "melee", "disengage"})
READS_BOARD = frozenset({"select_maneuver", "advance_turn", "fire"})


class SimpleCaptain:
    def __init__(self, seed: int) -> None:
        self.dice = Dice(seed ^ 0xC0FFEE)
        self._wind_scores: dict[tuple[int, int], float] = {}  # (wind, heading) -> half the position's rank

    # ------------------------------------------------------------ entry point
    def needs(self, request: Request) -> frozenset[str]:
        """What its seat must hold: the view or the board where its handler reads them, and the wiped state to
        check and sample answers."""
        if request.kind in READS_VIEW:
            return frozenset({"view", "public"})
        if request.kind in READS_BOARD:
            return frozenset({"board", "public"})
        return frozenset({"public"})

    def choose(self, seat: Seat) -> Any:
        request = seat.request
        handler = getattr(self, f"_{request.kind}", None) or RULES_OF_THUMB.get(request.kind)
        if handler is not None:
            answer = handler(seat, request)  # a handler asks for the side's view only if it reads it
            if answer is not None and seat.legal(answer) is None:
                return answer
        return seat.sample(self.dice)

    # ------------------------------------------------------------ helpers
    @staticmethod
    def _enemy(view: Board, ship: BoardSpot) -> BoardSpot | None:
        enemies = [s for s in view["ships"].values() if s["side"] != ship["side"] and not s["struck"]
                   and not s["captured"] and not s.get("escaped", False)]
        if not enemies:
            return None
        nearest: BoardSpot = min(enemies, key=lambda e: geo.mp_distance((ship["x"], ship["y"]), (e["x"], e["y"])))
        return nearest

    @staticmethod
    def _letter(view: Board, heading: int) -> str:
        wind_from = (view["wind"] + 4 - 1) % 8 + 1
        return get_tables().letter_for((wind_from - heading) % 8)

    def _score(self, view: Board, square: tuple[int, int], heading: int, enemy: BoardSpot) -> float:
        esq = (enemy["x"], enemy["y"])
        score = 0.0
        if square != esq:
            d = geo.mp_distance(square, esq)
            score -= abs(d - PREFERRED_RANGE) / 2
            if d > CLOSE_IN:  # out of reach: where her heading takes her matters most
                score -= max(0, geo.mp_distance(geo.step(geo.step(square, heading), heading), esq) - CLOSE_IN)
            if geo.broadside_side_in_arc(square, heading, esq) is not None:
                score += 4
            if geo.rake(square, heading, esq, enemy["heading"]):
                score += 4
            if geo.broadside_side_in_arc(esq, enemy["heading"], square) is not None:
                score -= 1.5
            if geo.rake(esq, enemy["heading"], square, heading):
                score -= 4
        key = (view["wind"], heading)
        rank = self._wind_scores.get(key)
        if rank is None:
            rank = self._wind_scores[key] = get_tables().position_rank(self._letter(view, heading)) * 0.5
        score += rank
        width, height = view["map_size"]
        x, y = square
        if min(x, y, width - 1 - x, height - 1 - y) < 2:
            score -= 3
        return score

    # ------------------------------------------------------------ answers by request kind

    def _assign_crew(self, seat: Seat, request: Request) -> Any:
        view = seat.view()
        out = {}
        for ship_id, lim in request.info["limits"].items():
            ship = view["ships"][ship_id]
            enemy = self._enemy(view, ship)
            close = enemy is not None and geo.mp_distance((ship["x"], ship["y"]), (enemy["x"], enemy["y"])) <= 6
            reserve = lim["crew"] // 4 if close else 0
            first = geo.sections_for_side(geo.broadside_toward(
                (ship["x"], ship["y"]), ship["heading"], (enemy["x"], enemy["y"]), enemy["heading"])) if enemy else ()
            assign = man_the_guns(lim, reserve, first=first)  # the broadside that bears (or soon will) first
            left = lim["crew"] - reserve - assigned_total(assign)
            if left > 0 and ship["rigging"] < view_card_top(view, ship_id, "rigging"):
                assign["rigging_dc"] = min(2, left)
                left -= assign["rigging_dc"]
            out[ship_id] = assign
        return out

    def _select_maneuver(self, seat: Seat, request: Request) -> Any:
        view = seat.board()  # where the ships are is all it reads
        assert request.ships is not None
        out = {}
        for ship_id, options in request.ships.items():
            ship = view["ships"][ship_id]
            enemy = self._enemy(view, ship)
            best, best_score = options[0], float("-inf")
            for option in options:
                score = self._option_score(view, ship, enemy, option)
                score += self.dice.below(100) / 1000  # break ties, never the game's dice
                if score > best_score:
                    best, best_score = option, score
            out[ship_id] = best
        return out

    def _option_score(self, view: Board, ship: BoardSpot, enemy: BoardSpot | None,
                      option: dict[str, Any]) -> float:
        square = (ship["x"], ship["y"])
        heading = ship["heading"]
        kind = option["maneuver"]
        if kind == "advance":
            square = geo.step(square, heading)
        elif kind == "wear":
            heading = geo.turn(heading, option["turn"])
        elif kind == "tack":
            heading = geo.turn(heading, 2 if self._letter(view, geo.turn(heading, 1)) == "H" else -2)
        score = self._score(view, square, heading, enemy) if enemy is not None else 0.0
        if kind == "advance" and enemy is not None:
            best_turn = max(self._score(view, square, geo.turn(heading, t), enemy) for t in (-1, 1))
            score = max(score, best_turn - 0.5)
        if kind == "back_sail":
            score -= 0.5
        if kind == "advance" and view.get("terrain"):  # R9.1f: a shoal may put her aground
            if [square[0], square[1], "shoal"] in view["terrain"]:
                score -= SHOAL_RISK
        if kind == "tack":
            score -= 1.5  # it may fail and leave her In Irons
        score -= option.get("strain", 0) * 3.0  # a failed rigging check costs boxes
        return float(score)

    def _advance_turn(self, seat: Seat, request: Request) -> Any:
        view = seat.board()  # where the ships are is all it reads
        assert request.ships is not None
        out = {}
        for ship_id, options in request.ships.items():
            ship = view["ships"][ship_id]
            enemy = self._enemy(view, ship)
            if enemy is None:
                out[ship_id] = options[0]
                continue
            out[ship_id] = max(options, key=lambda o: self._score(
                view, (ship["x"], ship["y"]), geo.turn(ship["heading"], o["turn"]) if o["turn"] else ship["heading"],
                enemy))
        return out

    def _fire(self, seat: Seat, request: Request) -> Any:
        view = seat.board()  # where the ships are is all it reads
        assert request.ships is not None
        out = {}
        for ship_id, options in request.ships.items():
            firing = [o for o in options if o["target"] is not None]
            if not firing:
                out[ship_id] = options[0]
                continue
            ship = view["ships"][ship_id]

            def value(o: dict[str, Any], ship: BoardSpot = ship) -> tuple[int, int]:
                target = view["ships"][o["target"]]
                faster = target["speed"] > ship["speed"]
                want = "high" if faster else "low"
                n = len(o["sections"]) * 2 + (1 if o["chaser"] else 0)
                same = sum(1 for a in o["sections"].values() if a == want)
                return n, same

            out[ship_id] = max(firing, key=value)
        return out


def melee_crew(ship: ViewShip) -> int:
    a = ship["assign"]
    used = a["sailing"] + a["rigging_change"] + a["rigging_dc"] + sum(a["hull_dc"].values()) + sum(
        a["gunnery"].values())
    return int(max(0, ship["crew"] - used))


def view_card_top(view: SideView, ship_id: str, track: Literal["crew", "rigging"]) -> int:
    """The top box of a ship's crew or rigging track (the cards are public: both players see them)."""
    return int(view["tops"][ship_id][track])


# ------------------------------------------------------------ the answers that need no steering
def _setup(seat: Seat, request: Request) -> Any:
    return {s: {"sail": "medium", "loads": {sec: "round" for sec in SECTION_NAMES}} for s in request.info["ships"]}


def _bonus_cards(seat: Seat, request: Request) -> Any:
    return list(request.info.get("playable", []))[:1]


def _select_load(seat: Seat, request: Request) -> Any:
    return {k: "round" for k in (request.ships or {})}


def _move_order(seat: Seat, request: Request) -> Any:
    return "non_initiative_first"


def _grapple(seat: Seat, request: Request) -> Any:
    view = seat.view()
    ship = view["ships"][request.info["ship"]]
    enemy = view["ships"][request.info["enemy"]]
    return melee_crew(ship) >= melee_crew(enemy) + 3


def _take_possession(seat: Seat, request: Request) -> Any:
    # fleet rules: a hulk taken scores the capture points (R18.0h, R19.0f); under the prize crews option
    # only with the guard her prisoners need (R18.0k)
    info = request.info
    return int(info["can_spare"]) >= int(info["guard"]) if "guard" in info else True


def _prize_crew(seat: Seat, request: Request) -> Any:
    return min(request.options or (0,))  # R18.0k: the guard the rules ask, no more


def _retake(seat: Seat, request: Request) -> Any:
    return int(request.info["melee_crew"]) >= 2 * int(request.info["prize_crew"])  # R18.0m


def _melee(seat: Seat, request: Request) -> Any:
    view = seat.view()
    ship = view["ships"][request.info["ship"]]
    enemy = view["ships"][request.info["enemy"]]
    return melee_crew(ship) >= 2 * max(1, melee_crew(enemy))


def _melee_split(seat: Seat, request: Request) -> Any:
    return max(request.options or (0,))


def _melee_support(seat: Seat, request: Request) -> Any:
    return list(request.info["suggested"])


def _melee_continue(seat: Seat, request: Request) -> Any:
    return True


def _bonus_move(seat: Seat, request: Request) -> Any:
    return {s: 0 for s in (request.ships or {})}


def _disengage(seat: Seat, request: Request) -> Any:
    view = seat.view()
    ship = view["ships"][request.info["ship"]]
    return ship["crew"] < view_card_top(view, request.info["ship"], "crew") // 2


def _sail_change(seat: Seat, request: Request) -> Any:
    return request.info["to"] == "medium"


def _hull_first(seat: Seat, request: Request) -> Any:
    return (request.options or ("",))[0]


def _discard_card(seat: Seat, request: Request) -> Any:
    return (request.options or ("",))[0]


#: request kind -> its rule-of-thumb answer (the captain's methods answer the rest: crew, helm and guns)
RULES_OF_THUMB: dict[str, Callable[[Seat, Request], Any]] = {
    "setup": _setup, "bonus_cards": _bonus_cards, "select_load": _select_load, "move_order": _move_order,
    "grapple": _grapple, "take_possession": _take_possession, "prize_crew": _prize_crew, "retake": _retake,
    "melee": _melee, "melee_split": _melee_split, "melee_support": _melee_support, "melee_continue": _melee_continue,
    "bonus_move": _bonus_move, "disengage": _disengage, "sail_change": _sail_change, "hull_first": _hull_first,
    "discard_card": _discard_card,
}
