"""The judgment captain's guns and crew (5.0, 10.0, 11.0-11.9): man the battery that will bear, fire when the
shot is worth the reload, Double Shot close in, Chain at the rigging of a faster enemy, aim by purpose.

Shots are priced by the engine's own `advice.shot_odds` on a state rebuilt from the view (exact odds, no
dice), in victory points: every box scored counts (19.0) times the side's multiplier (20.1); hull boxes
silence his guns, rigging boxes slow him, crew boxes bring him nearer a strike."""

from __future__ import annotations

from typing import Any

from cs_desktop.ai.judgment_helm import Helm, expected_hits
from cs_desktop.ai.judgment_view import gun_power, nearest_enemy, square
from cs_desktop.rules import advice
from cs_desktop.rules import geometry as geo
from cs_desktop.rules.cards import SECTION_NAMES
from cs_desktop.rules.state import empty_assignment
from cs_desktop.rules.view_types import ViewShip, ViewTops

#: fire a broadside only if it brings at least this share of what the same broadside would at close range
#: (HOLD_SHARE while the range is closing, LONG_SHARE while it is not).
HOLD_SHARE = 0.3
LONG_SHARE = 0.15
CLOSE = 4  # MP: the range a fighting captain aims to fire at
BOARDING_REACH = 16  # MP: two ships this far apart may share a square before the turn is out
DOUBLE_RANGE = 7  # MP: Double Shot pays inside this range (more dice hit, fewer defense dice)
#: the ways of manning a ship a search weighs beside the judgment's own ("": the judgment's; see Guns.assign)
CREW_STYLES = ("", "other", "both", "repair", "no_reserve")


def bearing_side(ship: ViewShip, enemy: ViewShip) -> str:
    """The broadside that bears on the enemy now, or the one he lies on the side of (he will come into that
    arc first); dead ahead or astern, the side he is heading across to."""
    return geo.broadside_toward(square(ship), ship["heading"], square(enemy), enemy["heading"])


def _spend_the_rest(assign: dict[str, Any], lim: dict[str, Any], ship: ViewShip, top: ViewTops, left: int) -> None:
    """The crew left once both broadsides are manned: damage control of every damaged section, then of the
    rigging (17.2), then one point on Sailing (+1 on the Bonus Move rigging check, 16.0)."""
    for section in SECTION_NAMES:
        if left > 0 and ship["gunnery"][section] < top["gunnery"][section]:
            n = min(int(lim["hull_dc"][section]) - assign["hull_dc"][section], left)
            assign["hull_dc"][section] += n
            left -= n
    if left > 0 and ship["rigging"] < top["rigging"]:
        n = min(int(lim["rigging_dc"]) - assign["rigging_dc"], left)
        assign["rigging_dc"] += n
        left -= n
    if left > 0 and lim["sailing"]:
        assign["sailing"] = 1


class Guns:
    def __init__(self, helm: Helm) -> None:
        self.helm = helm
        self._odds_state: object = None
        self._odds_memo: dict[Any, Any] = {}
        self.view = helm.view
        self.cards = helm.cards

    # ------------------------------------------------------------------ 5.0 crew
    def assign(self, ship_id: str, lim: dict[str, Any], style: str = "", within: int | None = None) -> dict[str, Any]:
        """The judgment's crew for a ship (5.0); `style` gives the variants a search weighs against it (CREW_STYLES):
        "other" mans the other broadside first, "both" both broadsides before anything else, "repair" puts damage
        control before the second broadside at any range, "no_reserve" keeps no melee reserve. With `within`, the
        style is kept only while the nearest enemy is within that many MP (a level's temper); beyond, the
        judgment's own manning."""
        ship = self.view["ships"][ship_id]
        enemy = nearest_enemy(self.view, ship)
        assign = empty_assignment()
        left = int(lim["crew"])
        d = geo.mp_distance(square(ship), square(enemy)) if enemy is not None else 99
        if within is not None and d > within:
            style = ""
        primary = bearing_side(ship, enemy) if enemy is not None else "starboard"
        other = "port" if primary == "starboard" else "starboard"
        if style == "other":
            primary, other = other, primary

        def man(section: str) -> None:
            nonlocal left
            take = min(int(lim["gunnery"][section]) - assign["gunnery"][section], left)
            assign["gunnery"][section] += take
            left -= take

        for section in geo.sections_for_side(primary):
            man(section)
        if style == "both":
            for section in geo.sections_for_side(other):
                man(section)
        # Melee reserve whenever he could reach her square this turn (12.0): a ship with no Melee crew left is
        # captured by the first boarding party (15.0), and a reserve deters the grapple
        if enemy is not None and d <= BOARDING_REACH and style != "no_reserve":
            reserve = min(left, max(3, int(lim["crew"]) // 4))
            left -= reserve
        # 17.2 damage control pays (a box repaired is a box the enemy no longer scores) when the fight is not
        # about to swing to the other broadside
        top = self.view["tops"][ship_id]
        far = d > 6 or style == "repair"
        if ship["rigging"] < int(top["rigging"]) and left > 0 and far:
            assign["rigging_dc"] = min(int(lim["rigging_dc"]), left, 2)
            left -= assign["rigging_dc"]
        for section in geo.sections_for_side(primary):
            if left > 0 and ship["gunnery"][section] < int(top["gunnery"][section]) and far:
                n = min(int(lim["hull_dc"][section]), left, 1)
                assign["hull_dc"][section] = n
                left -= n
        if left > 0 and lim["rigging_change"] and ship["sail"] == "fighting":
            assign["rigging_change"] = min(int(lim["rigging_change"]), left)  # 17.5: back to Medium Sail
            left -= assign["rigging_change"]
        for section in geo.sections_for_side(other):
            man(section)
        _spend_the_rest(assign, lim, ship, top, left)
        return assign

    # ------------------------------------------------------------------ 11.0 fire
    def shot_value(self, ship_id: str, option: dict[str, Any]) -> tuple[float, int]:
        """VP this shot is expected to bring (less the guns Double Shot may burst), and its range."""
        state = self.helm.state
        target = self.view["ships"][option["target"]]
        if self._odds_state is not state:  # the line, defense and modifiers of a pair, kept for this state
            self._odds_state, self._odds_memo = state, {}
        try:
            odds = advice.shot_odds(state, ship_id, option["target"], option["sections"] or [],
                                    chaser=option["chaser"], memo=self._odds_memo, lean=True)
        except ValueError:
            return 0.0, 99
        e = odds["expected"]
        ship = self.view["ships"][ship_id]
        faster = target["speed"] > ship["speed"]
        fight = self.helm.plan == "fight"
        worth = e["hull"] * (1.15 if fight else 1.0) + e["rigging"] * (1.2 if faster or not fight else 0.95) \
            + e["crew"] * 1.1
        value = worth * self.helm.w_us
        bursts = sum(1 for s in option["sections"] if ship["loads"].get(s) == "double") / 3
        return value - 0.3 * bursts, int(odds["mp"])

    def close_value(self, ship_id: str, option: dict[str, Any]) -> float:
        """What the same broadside would bring at close range (a rough price, from the dice)."""
        ship = self.view["ships"][ship_id]
        card = self.cards[ship["card"]]
        if option["chaser"] is not None or not option["sections"]:
            return 0.0
        bside = next(iter(option["sections"])).split("_")[0]
        return expected_hits(gun_power(ship, card, bside, CLOSE), CLOSE) * self.helm.w_us

    def fire(self, ship_id: str, options: tuple[dict[str, Any], ...], within: int | None = None) -> dict[str, Any]:
        """The ship's fire (11.0): the shot worth its reload, or holding fire. With `within`, she holds her fire
        at a target beyond that many MP (a weaker level's patience, ai/temper.py); a chaser fires at any range."""
        best = self._worth_firing(ship_id, options)
        if within is None or best["target"] is None or best["chaser"] is not None:
            return best
        ship, target = self.view["ships"][ship_id], self.view["ships"][best["target"]]
        if geo.mp_distance(square(ship), square(target)) <= within:
            return best
        return next((o for o in options if o["target"] is None), best)

    def _worth_firing(self, ship_id: str, options: tuple[dict[str, Any], ...]) -> dict[str, Any]:
        hold = next((o for o in options if o["target"] is None), options[0])
        best, best_value, best_mp = hold, 0.0, 99
        for option in options:
            if option["target"] is None:
                continue
            value, mp = self.shot_value(ship_id, option)
            if value > best_value:
                best, best_value, best_mp = option, value, mp
        if best is hold or best["chaser"] is not None:
            return best
        if best_value < 0.05:
            return hold
        if best_mp > CLOSE + 2 and not self._last_chance():
            # 10.0: the reload takes most of a turn; a long shot now may cost the close one, and a shot that
            # brings next to nothing (18 MP and more: nine defense dice at +1) is not worth the smoke either
            share = HOLD_SHARE if self._closing(ship_id, best["target"]) else LONG_SHARE
            if best_value < share * self.close_value(ship_id, best):
                return hold
        return best

    def ranked_shots(self, ship_id: str, options: tuple[dict[str, Any], ...]) -> list[dict[str, Any]]:
        """The ship's shots, best first by the VP they are expected to bring (holding fire not among them)."""
        shots = [o for o in options if o["target"] is not None]
        return sorted(shots, key=lambda o: -self.shot_value(ship_id, o)[0])

    def _last_chance(self) -> bool:
        limit = self.view.get("turn_limit")
        if not limit:
            return False
        return int(self.view["turn"]) >= int(limit)

    def _closing(self, ship_id: str, target_id: str) -> bool:
        """Will the range be shorter in a few impulses, each ship holding her course?"""
        ship = self.view["ships"][ship_id]
        target = self.view["ships"][target_id]
        now = geo.mp_distance(square(ship), square(target))
        sq, esq = square(ship), square(target)
        for _ in range(2):
            if ship["speed"] > 0:
                sq = geo.step(sq, ship["heading"])
            if target["speed"] > 0:
                esq = geo.step(esq, target["heading"])
        return geo.mp_distance(sq, esq) < now

    # ------------------------------------------------------------------ 11.7 loads
    def load(self, ship_id: str, section: str) -> str:
        ship = self.view["ships"][ship_id]
        enemy = nearest_enemy(self.view, ship)
        if enemy is None:
            return "round"
        d = geo.mp_distance(square(ship), square(enemy))
        if self.helm.plan == "fight" and enemy["speed"] > ship["speed"] and d > DOUBLE_RANGE \
                and ship["morale"] >= 2:
            return "chain"  # 11.4.9: aimed High, +1 rigging and +1 to hit: slow a faster enemy
        if d <= DOUBLE_RANGE + 4 and ship["gunnery"][section] >= 2:
            return "double"  # 11.4.5: +1 to hit where the dice are many and the defense few
        return "round"

    def setup_loads(self, ship_id: str) -> dict[str, str]:
        return {s: ("double" if self.helm.plan == "fight" else "round") for s in SECTION_NAMES}

    # ------------------------------------------------------------------ 11.4.10
    def hull_first(self, ship_id: str | None, options: tuple[str, ...]) -> str:
        """Take the first hull hit on the section whose broadside matters less: the one that does not bear."""
        if ship_id is None or ship_id not in self.view["ships"]:
            return options[0]
        ship = self.view["ships"][ship_id]
        enemy = nearest_enemy(self.view, ship)
        bside = bearing_side(ship, enemy) if enemy is not None else "port"
        return max(options, key=lambda s: (not s.startswith(bside), ship["gunnery"].get(s, 0)))
