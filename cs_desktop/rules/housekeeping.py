"""17.0 Housekeeping Phase, strictly in order: fire fighting, damage control, morale for destroyed
sections, strike checks (then, under the prize crews switch, the prisoners' rising: R18.0l, `prize_crews.py`),
sail change and disengagement, smoke, Bridge Card draw; then, under the variable wind switch, the wind check
(R17.8a, `wind_change.py`)."""

from __future__ import annotations

from collections.abc import Generator
from typing import TYPE_CHECKING, Any

from cs_desktop.rules import damage
from cs_desktop.rules import geometry as geo
from cs_desktop.rules.cards import SECTION_NAMES
from cs_desktop.rules.contacts import is_grappled
from cs_desktop.rules.decisions import Request
from cs_desktop.rules.pirate_fire import fire_fought, fire_grows
from cs_desktop.rules.pirate_wind import pirate_wind_check
from cs_desktop.rules.prize_sails import settle
from cs_desktop.rules.rolls import roll
from cs_desktop.rules.state import STRIKE_CHECK

if TYPE_CHECKING:
    from cs_desktop.rules.referee import Referee
    from cs_desktop.rules.state import ShipState

Gen = Generator[list[Request], dict[str, Any], Any]


def segment_housekeeping(g: Referee) -> Gen:
    state = g.state
    state.impulse = 14
    for ship in state.ships.values():
        ship.strain = 0  # the Bonus Move is over; Straining markers come off (9.1.5)
    yield from fire_fighting(g)
    if state.fire_spreads:  # R17.1f: after every ship has fought her own fire
        from cs_desktop.rules.fire_spread import spread_fire

        yield from spread_fire(g)
    yield from damage_control(g)
    if state.pirate_fire:  # R17.1h: "After the Damage Control phase every turn" the fire grows
        yield from fire_grows(g)
        if state.ended:  # a ship blew up (R17.1i) and ended the battle
            return
    yield from destroyed_section_morale(g)
    yield from strike_checks(g)
    if state.ended:
        return
    if state.prize_crews:  # R18.0l: after 17.4, the prisoners of a prize may rise
        from cs_desktop.rules.prize_crews import prisoners_step

        prisoners_step(g)
        settle(g)  # R18.0w: a sailing prize whose prize crew struck, is gone or is outnumbered goes home
    yield from sail_change(g)
    yield from disengagement(g)
    if state.terrain:
        from cs_desktop.rules.terrain import get_off

        yield from get_off(g)  # ruling R17.0a
    update_smoke(g)
    from cs_desktop.rules.bridge_cards import draw_card

    if state.deck or state.discard:
        yield from draw_card(g, state.ip())  # 17.7
    if state.turn_limit is not None and state.turn >= state.turn_limit:
        from cs_desktop.rules.victory import end_game

        end_game(g, f"turn limit {state.turn_limit} reached")
        return
    if state.pirate_wind:  # R17.8i: the pirate game's wind, in place of the variable wind's checks
        pirate_wind_check(g)
    elif state.variable_wind:  # R17.8a: the wind may change before the next turn
        from cs_desktop.rules.wind_change import wind_check

        wind_check(g)
    state.turn += 1
    state.impulse = 0
    state.segment = "crew"
    g.emit("turn", "4.0", f"Turn {state.turn} begins")


def fire_fighting(g: Referee) -> Gen:
    """17.1: 5+ puts the fire out, 3-4 nothing, 2 or less one rigging hit. Under the pirate game fire switch 5+
    removes one fire marker, and the fire is out when none is left (R17.1g)."""
    for ship in g.state.afloat():
        if not ship.on_fire:
            continue
        r = yield from roll(g, ship.side, 1, "fire fighting", "17.1", damage.quality_mods(ship), ship=ship.id,
                            steps=(3, 5))
        if r.total >= 5 and g.state.pirate_fire:
            fire_fought(g, ship)
        elif r.total >= 5:
            ship.on_fire = False
            g.emit("fire_out", "17.1", f"{ship.card.name}'s fire is out", ship=ship.id)
        elif r.total <= 2:
            g.emit("fire_spreads", "17.1", f"the fire spreads into {ship.card.name}'s rigging", ship=ship.id)
            damage.rigging_hits(g, ship, 1, "17.1")


def damage_control(g: Referee) -> Gen:
    """17.2: a die per crew point on Damage Control; any 5+ repairs one box of that track (one per track)."""
    for ship in g.state.afloat():
        jobs: list[tuple[str, int]] = []
        if ship.assign["rigging_dc"] and ship.rigging < ship.card.rigging_points:
            jobs.append(("rigging", ship.assign["rigging_dc"]))
        for section in SECTION_NAMES:
            n = ship.assign["hull_dc"][section]
            if n and ship.gunnery[section] < len(ship.card.gunnery[section]):
                jobs.append((section, n))
        for track, n in jobs:
            r = yield from roll(g, ship.side, n, "damage control", "17.2", damage.quality_mods(ship), ship=ship.id,
                                track=track, steps=(5,))
            if any(v >= 5 for v in r.modified):
                repair(g, ship, track)


def repair(g: Referee, ship: ShipState, track: str) -> None:
    if track == "rigging":
        ship.rigging = min(ship.card.rigging_points, ship.rigging + 1)
        value = ship.rigging
    else:
        ship.gunnery[track] = min(len(ship.card.track(track)), ship.gunnery[track] + 1)
        value = ship.gunnery[track]
    g.emit("repair", "17.2", f"{ship.card.name} repairs one {track.replace('_', ' ')} box (now {value})",
           ship=ship.id, track=track, value=value)


def destroyed_section_morale(g: Referee) -> Gen:
    """17.3: a die per completely destroyed section; any 2 or less lowers morale one step (once)."""
    for ship in g.state.afloat():
        destroyed = [s for s in SECTION_NAMES if ship.gunnery[s] == 0]
        if not destroyed:
            continue
        r = yield from roll(g, ship.side, len(destroyed), "morale check (destroyed sections)", "17.3",
                            damage.morale_mods(ship), ship=ship.id)
        if any(v <= 2 for v in r.modified):
            yield from damage.lower_morale(g, ship, "17.3")


def strike_checks(g: Referee) -> Gen:
    """17.4: a die per marker in a Strike Check box, modified by Crew Morale; any 1 or less strikes. If both
    sides strike in this step, the results are ignored."""
    state = g.state
    struck: list[ShipState] = []
    for ship in state.afloat():
        boxes = [name for name, value in (("crew", ship.crew), ("rigging", ship.rigging), ("morale", ship.morale))
                 if value == STRIKE_CHECK]
        if not boxes:
            continue
        r = yield from roll(g, ship.side, len(boxes), "strike check", "17.4", damage.morale_mods(ship),
                            ship=ship.id, boxes=boxes, steps=(2,))
        if any(v <= 1 for v in r.modified):
            struck.append(ship)
            g.emit("would_strike", "17.4", f"{ship.card.name} hauls down her colours", ship=ship.id)
    if not struck:
        return
    striking = {s.side for s in struck}
    if len(striking) > 1:
        who = "both sides" if len(state.sides) == 2 else f"ships of {len(striking)} sides"  # R6.0a: N sides
        g.emit("both_strike", "17.4", f"{who} strike in the same step: the results are ignored")
        return
    for ship in struck:
        ship.struck = True
        g.emit("struck", "17.4", f"{ship.card.name} strikes her colours", ship=ship.id)
    side = struck[0].side
    if state.fleet_rules:  # R18.0f: the game ends when the side has nothing left fighting
        from cs_desktop.rules.fleet_end import end_if_beaten

        end_if_beaten(g, side, f"{struck[0].card.name} struck her colours (17.4)")
    elif not state.afloat(side) or len(state.ships) == 2:
        from cs_desktop.rules.victory import end_game

        end_game(g, f"{struck[0].card.name} struck her colours (17.4)")


def sail_change(g: Referee) -> Gen:
    """17.5: crew on Rigging Change rolls a die per point; any 3+ lets the ship change sail. A ship whose
    rigging marker is in an 'F' box cannot set Medium Sail and must take Fighting Sail."""
    state = g.state
    for ship in state.afloat():
        f_box = ship.rigging <= ship.card.fighting_sail_only
        if f_box and ship.sail == "medium":
            ship.sail = "fighting"
            g.emit("sail", "17.5", f"{ship.card.name}'s damaged rigging forces her to Fighting Sail", ship=ship.id,
                   sail="fighting")
            continue
        n = ship.assign["rigging_change"]
        if not n or f_box:
            continue
        r = yield from roll(g, ship.side, n, "sail change", "17.5", damage.quality_mods(ship), ship=ship.id,
                            steps=(3,))
        if not any(v >= 3 for v in r.modified):
            continue
        other = "fighting" if ship.sail == "medium" else "medium"
        answers = yield [Request("sail_change", ship.side, "17.5",
                                 f"{ship.card.name} may change to {other.title()} Sail", options=(False, True),
                                 info={"ship": ship.id, "to": other})]
        if answers[ship.side]:
            ship.sail = other
            g.emit("sail", "17.5", f"{ship.card.name} sets {other.title()} Sail", ship=ship.id, sail=other)


def disengagement(g: Referee) -> Gen:
    """17.5: grappled ships may try to cut loose (Initiative Player first): die + own quality - enemy quality
    + own morale, 3 or more. Both ships' movement is halved the next turn; the Disengaged marker is removed
    in this step of that turn unless they grapple again."""
    state = g.state
    for record in list(state.grapples):
        if record["state"] == "disengaged":
            if record["turn"] < state.turn:
                state.grapples.remove(record)
            continue
        a, b = (state.ships[i] for i in record["ships"])
        if not (a.afloat and b.afloat):
            state.grapples.remove(record)
            continue
        ordered = (a, b) if state.ranks_above(a.side, b.side) else (b, a)  # R6.0b
        for ship, enemy in (ordered, ordered[::-1]):
            if not is_grappled(state, ship):
                break
            answers = yield [Request("disengage", ship.side, "17.5", f"{ship.card.name}: attempt to disengage?",
                                     options=(False, True), info={"ship": ship.id})]
            if not answers[ship.side]:
                continue
            mods = damage.quality_mods(ship)
            if enemy.quality_mod:
                mods.append((f"enemy crew quality {-enemy.quality_mod:+d}", -enemy.quality_mod))
            mods += damage.morale_mods(ship)
            r = yield from roll(g, ship.side, 1, "disengage", "17.5", mods, ship=ship.id, steps=(3,))
            if r.total >= 3:
                record["state"] = "disengaged"
                record["turn"] = state.turn
                state.halve_next_turn = sorted(set(state.halve_next_turn) | {a.id, b.id})
                g.emit("disengaged", "17.5", f"{a.card.name} and {b.card.name} cut loose", ships=record["ships"])
                break


def update_smoke(g: Referee) -> None:
    """17.6: remove Smoke 1, flip Smoke 2 to Smoke 1, then drift what remains one square with the wind.
    Ruling R17.6: smoke that drifts off the map is removed for good (a later 9.3 shift moves only the smoke
    on the map)."""
    state = g.state
    width, height = state.map_size
    new: dict[tuple[int, int], tuple[int, ...]] = {}
    gone = 0
    for square, values in state.smoke.items():
        kept = tuple(1 for v in values if v == 2)
        if not kept:
            continue
        dest = geo.step(square, state.wind)
        if geo.on_map(dest, width, height):
            new[dest] = new.get(dest, ()) + kept
        else:
            gone += len(kept)
    state.smoke = new
    g.emit("smoke", "17.6", "smoke thins and drifts with the wind"
           + (f"; {gone} marker(s) drift off the map and are removed" if gone else ""), squares=len(new), gone=gone)
