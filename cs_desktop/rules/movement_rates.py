"""7.0 Determining Movement Rates (steps 1-8), with the multi-ship options 21.1 and 21.2."""

from __future__ import annotations

from collections.abc import Generator
from typing import TYPE_CHECKING, Any

from cs_desktop.rules.contacts import is_grappled
from cs_desktop.rules.damage import quality_mods
from cs_desktop.rules.decisions import Request
from cs_desktop.rules.geometry import turn
from cs_desktop.rules.rolls import NO_CARDS, needs, offer_bonus_cards, roll_now
from cs_desktop.rules.tables import get_tables

if TYPE_CHECKING:
    from cs_desktop.rules.referee import Referee
    from cs_desktop.rules.state import GameState, ShipState


def wind_from(wind: int) -> int:
    return (wind + 4 - 1) % 8 + 1


def wind_position(state: GameState, ship: ShipState, heading: int | None = None) -> str:
    """1.2 / 7.0 step 2: the letter on the ship marker nearest the direction the wind comes from."""
    h = ship.heading if heading is None else heading
    return get_tables().letter_for((wind_from(state.wind) - h) % 8)


def letter_after_turn(state: GameState, ship: ShipState, points: int) -> str:
    return wind_position(state, ship, turn(ship.heading, points))


def base_movement(state: GameState) -> dict[str, int]:
    """Steps 1-3 for two ships, or 21.1 / 21.2 for several a side. Returns ship id -> base MP."""
    tables = get_tables()
    ships = state.afloat()
    letters = {s.id: wind_position(state, s) for s in ships}
    relativity = state.relativity
    if relativity == "zero":
        return {s.id: tables.zero_relativity_mp(letters[s.id]) for s in ships}
    if len(ships) == 2 and relativity == "standard":
        return _pair(state, ships[0], ships[1], letters)
    if len(ships) <= 1:
        return {s.id: 0 for s in ships}
    return fractional_relativity(state, ships, letters)


def _pair(state: GameState, a: ShipState, b: ShipState, letters: dict[str, str]) -> dict[str, int]:
    tables = get_tables()
    if a.heading == b.heading and letters[a.id] == letters[b.id]:
        return {a.id: 0, b.id: 0}  # step 1
    ip, nip = (a, b) if state.ranks_above(a.side, b.side) else (b, a)  # R6.0b
    ip_mp, nip_mp = tables.base_mp(letters[ip.id], letters[nip.id])  # steps 2-3
    return {ip.id: ip_mp, nip.id: nip_mp}


def fractional_relativity(state: GameState, ships: list[ShipState], letters: dict[str, str]) -> dict[str, int]:
    """21.1: repeatedly take the pairing that gives one ship the most base MP, set that (faster) ship's speed
    and set it aside; the last two are set normally; then take away the slowest positive speed of a ship not
    In Irons. Ruling R21.1 in docs/rulings.md: pairings are between ships of different sides while both sides
    have ships left, ties broken by ship order."""
    # Each ship's pairings, best first (most MP, then ship order): the pairing a round takes is then the first
    # one still open in some ship's list, with no need to weigh every pair again as ships are set aside.
    order = {s.id: i for i, s in enumerate(ships)}
    choices = {a.id: sorted(((_pair(state, a, b, letters)[a.id], order[b.id], b) for b in ships if b is not a),
                            key=lambda c: (-c[0], c[1]))
               for a in ships}
    remaining = list(ships)
    speeds: dict[str, int] = {}
    while len(remaining) > 2:
        best: tuple[int, int] | None = None  # (mp, -place in `remaining`) of the best pairing's first ship
        best_ship = None
        mixed_left = len({s.side for s in remaining}) > 1
        for i, a in enumerate(remaining):
            for mp, _, b in choices[a.id]:
                if b.id in speeds or (mixed_left and a.side == b.side):
                    continue
                if best is None or (mp, -i) > best:
                    best, best_ship = (mp, -i), a
                break
        assert best is not None and best_ship is not None
        speeds[best_ship.id] = best[0]
        remaining.remove(best_ship)
    speeds.update(_pair(state, remaining[0], remaining[1], letters))
    positive = [speeds[s.id] for s in ships if speeds[s.id] > 0 and letters[s.id] != "H"]
    floor = min(positive) if positive else 0
    return {s.id: max(0, speeds[s.id] - floor) for s in ships}


def wind_speed_factor(wind_speed: str, speed: int) -> int:
    """R17.8h, the pirate game's "Wind Speed": "A light wind halves all maximum movements" (rounding up, 1.9), "A
    strong wind doubles movement", "If there is no wind, ships don't move"; a fair wind is the normal one."""
    if wind_speed == "calm":
        return 0
    if wind_speed == "light":
        return -(-speed // 2)
    return speed * 2 if wind_speed == "strong" else speed


def final_speed(ship: ShipState, base: int, bonus: int, halved_for_disengagement: bool) -> int:
    """Step 7 (base + hull bonus), step 8 (Fighting Sail /2, dismasted /4, rounding up, 1.9), and the turn
    after a Disengagement (17.5: halved in addition).

    Ruling R7.0.8: a dismasted ship divides by 4 *instead of* by 2. A dismasted ship is always at Fighting
    Sail (its rigging marker is below the 'Fighting Sail Only!' boxes, 17.5), so dividing by 2 and then by 4
    would make the stated /4 an /8 in every case."""
    speed = base + bonus
    if ship.dismasted:
        speed = -(-speed // 4)
    elif ship.sail == "fighting":
        speed = -(-speed // 2)
    if halved_for_disengagement:
        speed = -(-speed // 2)
    return speed


def _set_speed(g: Referee, ship: ShipState, b: int, bonus: int, in_irons: bool, halved: bool) -> None:
    """A ship's speed this turn, said in the log: 7.0's final speed (0 In Irons), the wind's strength (R17.8h:
    light halves, strong doubles, a calm stops every ship), none grappled (ruling R12.0) or aground (R9.1f)."""
    state = g.state
    ship.base_mp = b
    ship.hull_bonus = bonus
    ship.speed = 0 if in_irons else final_speed(ship, b, bonus, halved)
    if state.pirate_wind:
        ship.speed = wind_speed_factor(state.wind_speed, ship.speed)
    if is_grappled(state, ship) or ship.aground:
        ship.speed = 0  # ruling R12.0: grappled ships lie lashed together until they disengage; R9.1f
    g.emit("speed", "7.0", f"{ship.card.name}: base {b} + hull bonus {bonus} -> speed {ship.speed}"
           + (" (Fighting Sail)" if ship.sail == "fighting" else "")
           + (" (dismasted)" if ship.dismasted else "")
           + (" (after disengaging)" if halved else "")
           + (" (In Irons: no Hull Bonus, speed remains 0)" if in_irons else "")
           + (f" ({state.wind_speed} wind, R17.8h)" if state.pirate_wind and state.wind_speed != "fair" else ""),
           ship=ship.id, base=b, bonus=bonus, speed=ship.speed)


def segment_movement(g: Referee) -> Generator[list[Request], dict[str, Any], None]:
    """7.0 Movement Rates: base movement, then a hull bonus roll for each ship. Before each ship's offer of cards
    for her roll (1.7.3) the segment is marked (`Game.mark_step`) with what it still has to do in `state.step`:
    ("movement", base movement, ships, ships In Irons, ships offered in order, the offer reached, the cards
    chosen so far), so that a copy resumes at that offer."""
    state = g.state
    tables = get_tables()
    if state.step[:1] == ("movement",):  # a copy resuming at an offer
        _, base_items, ship_ids, irons, offered_ids, first, chosen = state.step
        base, in_irons, uses = dict(base_items), set(irons), dict(chosen)
        ships = [state.ships[i] for i in ship_ids]
        offered = [state.ships[i] for i in offered_ids]
    else:
        for ship in state.ships.values():
            ship.halted = False
            ship.strain = 0
        base = base_movement(state)
        ships = state.afloat()
        # Step 4: a ship In Irons rolls no Hull Bonus and her speed remains 0; she gets out of irons by the Fall
        # Off of the H table when she selects (9.1, ruling R9.1.4 in docs/rulings.md).
        in_irons = {s.id for s in ships if wind_position(state, s) == "H"}
        rolling = [s for s in ships if s.id not in in_irons and not s.aground]  # ruling R9.1f: aground, none
        offered = sorted(rolling, key=lambda s: state.rank(s.side))  # R6.0a: up the order
        first, uses = 0, {}
    # 1.7.3-1.7.4: cards for every hull bonus roll are declared before any die, the NIP first; one offer per
    # ship, so that a side of several ships keeps each ship's cards for that ship's roll.
    fixed = (tuple(base.items()), tuple(s.id for s in ships), tuple(sorted(in_irons)), tuple(s.id for s in offered))
    for n in range(first, len(offered)):
        ship = offered[n]
        if state.sides[ship.side].hand:  # else nothing is offered: no mark needed
            state.step = ("movement", *fixed, n, tuple(uses.items()))
            g.mark_step()
        purpose = "hull bonus" if len(state.afloat(ship.side)) == 1 else f"hull bonus for {ship.card.name}"
        m = sum(v for _, v in quality_mods(ship))
        steps = [v for v in range(m + 1, m + 8) if tables.hull_bonus(ship.card.hull_type, v)
                 != tables.hull_bonus(ship.card.hull_type, v - 1)]
        cards = yield from offer_bonus_cards([(ship.side, 1, purpose, "7.0", False)], g, {ship.side: needs(m, steps)})
        uses[ship.id] = cards.get(ship.side, NO_CARDS)
    state.step = ()
    rolled = {s.id for s in offered}
    halved = set(state.halve_next_turn)
    for ship in ships:
        b = base.get(ship.id, 0)
        bonus = 0
        if ship.id in rolled:
            use = uses[ship.id]
            r = roll_now(g, ship.side, 1, "hull bonus", "7.0", quality_mods(ship) + use.mods, use.discarded,
                         ship=ship.id)
            bonus = tables.hull_bonus(ship.card.hull_type, r.total)
        _set_speed(g, ship, b, bonus, ship.id in in_irons, ship.id in halved)
    state.halve_next_turn = []
    state.segment = "select"
