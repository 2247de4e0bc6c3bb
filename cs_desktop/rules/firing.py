"""11.0 Firing: announcements (Non-Initiative Player first), simultaneous fire, the firing procedure of
11.4 (dice, to-hit, defense, damage effects, adjustments, hits, morale), fire checks (11.5), smoke (11.6),
selecting the next load (11.7), rakes (11.8) and chasers (11.9)."""

from __future__ import annotations

from collections.abc import Generator
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from cs_desktop.rules import damage, heavy_guns, initial_broadside, prize_sails
from cs_desktop.rules import geometry as geo
from cs_desktop.rules.cards import SECTION_NAMES
from cs_desktop.rules.contacts import stack_record
from cs_desktop.rules.decisions import Request
from cs_desktop.rules.movement_rates import wind_position
from cs_desktop.rules.reloading import place_load
from cs_desktop.rules.rolls import NO_CARDS, CardUse, offer_bonus_cards, roll, roll_now
from cs_desktop.rules.state import FAIR, HANDY
from cs_desktop.rules.tables import get_tables
from cs_desktop.rules.terrain import fire_blocked

if TYPE_CHECKING:
    from cs_desktop.rules.referee import Referee
    from cs_desktop.rules.state import GameState, ShipState

Gen = Generator[list[Request], dict[str, Any], Any]
HOLD: dict[str, Any] = {"target": None, "sections": {}, "chaser": None}
CARRONADE_RANGE, CARRONADE_DOUBLE = 6, 3  # 11.2
LONG_RANGE = 24  # 11.2
WINDWARD_SIDE = {"A": "port", "D": "port", "F": "port", "B": "starboard", "E": "starboard", "G": "starboard"}
END_SECTIONS = {"bow": ("port_bow", "starboard_bow"), "stern": ("port_aft", "starboard_aft")}


# ---------------------------------------------------------------- geometry of a shot
@dataclass(frozen=True, slots=True)
class Line:
    """How `firer` bears on `target` now."""

    mp: int
    side: str | None  # firer's broadside facing the target ('port'/'starboard'), None if not in a broadside arc
    chaser: str | None  # 'bow'/'stern' chaser that bears, when outside the broadside arcs (11.9)
    rake: str | None  # 'bow'/'stern' end of the target raked (11.8, 9.2.2)
    hit: tuple[str, str]  # the target's two sections the shot strikes (11.4.10)


def line_of_fire(state: GameState, firer: ShipState, target: ShipState) -> Line | None:
    if firer.square == target.square:
        return _stacked_line(state, firer, target)
    mp = geo.mp_distance(firer.square, target.square)
    if mp > LONG_RANGE:
        return None
    if state.terrain and fire_blocked(state, firer.square, target.square):
        return None  # ruling R11.4.6b: an island stands between them
    side = geo.broadside_side_in_arc(firer.square, firer.heading, target.square)
    if side is not None:
        rake = geo.rake(firer.square, firer.heading, target.square, target.heading)
        hit = geo.hit_sections(target.square, target.heading, firer.square, rake)
        return Line(mp, side, None, rake, hit)
    end = geo.chaser_end_in_arc(firer.square, firer.heading, target.square)
    if end is None:
        return None
    return Line(mp, None, end, None, ("", ""))


def _stacked_line(state: GameState, firer: ShipState, target: ShipState) -> Line | None:
    """9.2: in one square the relative position decides who may fire and with which side."""
    record = stack_record(state, firer.id, target.id)
    if record is None:
        return None
    is_mover = record["mover"] == firer.id
    who = record["firer"]
    if who != "both" and (who == "mover") != is_mover:
        return None  # 9.2.2: crossing — only the Initiative Player fires
    my_side = record["mover_side"] if is_mover else record["other_side"]
    their_side = record["other_side"] if is_mover else record["mover_side"]
    if my_side not in ("port", "starboard"):
        return None
    rake = record["rake"]
    if rake:
        hit = END_SECTIONS[rake]
    else:
        hit = geo.sections_for_side(their_side)
    return Line(0, my_side, None, rake, (hit[0], hit[1]))


# ---------------------------------------------------------------- dice of a section (11.4.4)
def section_dice(ship: ShipState, section: str, mp: int) -> tuple[int, int]:
    """(long-gun dice, carronade dice) of the highest box both undamaged and manned, at range `mp`."""
    box = min(ship.gunnery[section], ship.assign["gunnery"][section])
    if box <= 0:
        return 0, 0
    guns = ship.card.track(section)[box - 1]
    carronades = guns.carronades if mp <= CARRONADE_RANGE else 0
    if mp <= CARRONADE_DOUBLE:
        carronades *= 2
    return guns.long, carronades


def can_fire_section(ship: ShipState, section: str, mp: int) -> bool:
    """11.4.1: loaded, manned, and with dice at this range."""
    return ship.loads[section] is not None and sum(section_dice(ship, section, mp)) > 0


def chaser_dice(ship: ShipState, end: str) -> int:
    """Ruling R11.9: one die per hull section at that end with an undamaged box (so at most two)."""
    return sum(1 for s in END_SECTIONS[end] if ship.gunnery[s] > 0)


# ---------------------------------------------------------------- announcing (11.0, 11.4.1-11.4.2)
def describe_fire(choice: dict[str, Any]) -> str:
    if choice["chaser"]:
        return f"{choice['chaser']} chaser"
    return ", ".join(f"{s.replace('_', ' ')} {choice['sections'][s]}" for s in SECTION_NAMES
                     if s in choice["sections"])


# ---------------------------------------------------------------- rolling an attack (11.4.4-11.4.9, 11.5)
@dataclass
class AttackResult:
    attacker: str
    target: str
    sections: list[str]
    aim: str | None
    load: str | None
    rake: str | None
    hit_pair: tuple[str, str]
    hull: int = 0
    rigging: int = 0
    crew: int = 0
    hits: int = 0
    total: int = 0
    odd_die: int = 0
    bursts: list[str] = field(default_factory=list)
    fire_dice: int = 0
    chaser: bool = False
    smoke: int = 0  # Smoke-2 markers for the firer's square (11.6)


def defense_dice(state: GameState, firer: ShipState, target: ShipState, mp: int) -> tuple[int, list[str]]:
    """11.4.6: MP/2 rounded up, plus smoke in both squares and on the line between them, plus one per ship
    On Fire."""
    why = []
    counted = heavy_guns.range_mp(state, firer, target, mp)  # R11.4.6h: mp unless the option is on
    if counted != mp:
        why.append(heavy_guns.why(mp, counted))
    dice = -(-counted // 2)
    if dice:
        why.append(f"{counted} MP / 2 = {dice}")
    squares = {firer.square, target.square}
    squares.update(geo.line_squares(firer.square, target.square) if firer.square != target.square else ())
    smoke = sum(sum(state.smoke.get(sq, ())) for sq in squares)
    if smoke:
        why.append(f"smoke {smoke}")
    fires = int(firer.on_fire) + int(target.on_fire)
    if fires:
        why.append(f"On Fire {fires}")
    return dice + smoke + fires, why


@dataclass
class Attack:
    """One attack to roll (11.3): a group of sections with the same aim and load, or a chaser shot."""

    firer: ShipState
    target: ShipState
    line: Line
    sections: list[str]
    aim: str
    load: str
    defense: int
    defense_why: list[str]
    chaser: str = ""
    cards: CardUse = NO_CARDS

    @property
    def dice(self) -> int:
        return sum(sum(section_dice(self.firer, s, self.line.mp)) for s in self.sections)


def plan_attacks(g: Referee, firer: ShipState, choice: dict[str, Any]) -> list[Attack]:
    state = g.state
    target = state.ships[choice["target"]]
    line = line_of_fire(state, firer, target)
    assert line is not None
    if choice["chaser"]:
        return [Attack(firer, target, line, [], "high", "round", 0, [], chaser=choice["chaser"])]
    # 11.3: sections with the same aim and ammunition combine; otherwise separate attacks.
    groups: dict[tuple[str, str], list[str]] = {}
    for section in SECTION_NAMES:  # bow before aft, whatever order the answer was written in
        if section not in choice["sections"]:
            continue
        aim = choice["sections"][section]
        load = firer.loads[section]
        assert load is not None
        groups.setdefault((aim, load), []).append(section)
    defense, why = defense_dice(state, firer, target, line.mp)
    shares = _split_defense(defense, [sum(sum(section_dice(firer, s, line.mp)) for s in secs)
                                      for secs in groups.values()])
    return [Attack(firer, target, line, sections, aim, load, share, why)
            for ((aim, load), sections), share in zip(groups.items(), shares, strict=True)]


def roll_attacks(g: Referee, firer: ShipState, choice: dict[str, Any]) -> Gen:
    """Roll one ship's announced fire on its own (each to-hit roll offered its cards just before it); the fire
    step itself plans every attack first so that all cards are declared before any die (1.7.4)."""
    results = []
    for attack in plan_attacks(g, firer, choice):
        if not attack.sections:
            results.append(roll_chasers(g, attack.firer, attack.target, attack.chaser))
            continue
        cards = yield from offer_bonus_cards([(firer.side, attack.dice, "to-hit", "11.4.5", False)], g)
        attack.cards = cards.get(firer.side, NO_CARDS)
        results.append((yield from roll_attack(g, attack)))
    return results


def _split_defense(defense: int, dice: list[int]) -> list[int]:
    """11.4.2: split attacks each meet half the defense dice; ruling R11.4.2: the odd die goes to the attack
    with more to-hit dice (on a tie, the one the bow section fires in: attacks are planned bow first)."""
    if len(dice) == 1:
        return [defense]
    half = defense // 2
    shares = [half, half]
    if defense % 2:
        shares[0 if dice[0] >= dice[1] else 1] += 1
    return shares


def to_hit_mods(state: GameState, firer: ShipState, sections: list[str], load: str) -> list[tuple[str, int]]:
    """11.4.5's modifiers of an attack: Crew Morale, the initial broadside (R11.4.5i), a prize crew's two tables
    less (WS&IM D.5, R18.0u) and the shot."""
    mods = damage.morale_mods(firer) + initial_broadside.to_hit_mods(state, firer, sections)
    mods += prize_sails.to_hit_mods(firer)
    if load == "double":
        mods.append(("Double Shot +1", 1))
    if load == "chain":
        mods.append(("Chain Shot +1", 1))
    return mods


def roll_attack(g: Referee, attack: Attack) -> Gen:
    """One attack, in 11.4's steps: to-hit dice (11.4.4) and roll (11.4.5), the defense's cancels (11.4.6-11.4.7),
    the Damage Effects of the hits (11.4.8-11.4.9), Double Shot bursts (11.4.9) and the smoke it makes (11.6)."""
    firer, target, line, sections = attack.firer, attack.target, attack.line, attack.sections
    aim, load, defense, defense_why = attack.aim, attack.load, attack.defense, attack.defense_why
    result = AttackResult(firer.id, target.id, sections, aim, load, line.rake, line.hit)
    # 11.4.4
    dice = sum(sum(section_dice(firer, s, line.mp)) for s in sections)
    # 11.4.5
    mods = to_hit_mods(g.state, firer, sections, load)
    to_hit = roll_now(g, firer.side, dice, "to-hit", "11.4.5", mods + attack.cards.mods, attack.cards.discarded,
                      ship=firer.id, sections=sections, aim=aim, rake=line.rake)
    hits = sum(1 for v in to_hit.modified if v >= 5)
    # 11.4.6-11.4.7
    cancels = 0
    if defense and hits:
        counted = heavy_guns.range_mp(g.state, firer, target, line.mp)  # R11.4.6h
        cancels = yield from roll_defense(g, firer, target, counted, defense, defense_why)
    hits = max(0, hits - cancels)
    result.hits = hits
    g.emit("hits", "11.4.7", f"{firer.card.name} scores {hits} hit(s) on {target.card.name}", ship=firer.id,
           target=target.id, hits=hits)
    if hits:
        yield from _roll_damage_effects(g, attack, hits, result)
    # 11.4.9: a die for each section firing Double Shot; 2 or less bursts a gun
    for section in sections:
        if load == "double":
            r = yield from roll(g, firer.side, 1, "double shot burst", "11.4.9", ship=firer.id, section=section,
                                steps=(3,))
            if r.total <= 2:
                result.bursts.append(section)
    # 11.6 smoke, per firing section (placed once every attack of this fire step is rolled: 11.0)
    for section in sections:
        n = sum(section_dice(firer, section, line.mp))
        result.smoke += 2 if n >= 3 else 1
    return result


def _damage_effects_mods(state: GameState, firer: ShipState, side: str, aim: str) -> list[tuple[str, int]]:
    """11.4.8's modifiers of the Damage Effects roll: firing into or with the wind, and the aim by Crew Morale."""
    mods: list[tuple[str, int]] = []
    letter = wind_position(state, firer)
    if letter in WINDWARD_SIDE:
        if WINDWARD_SIDE[letter] == side:
            mods.append(("firing into the wind (windward) +1", 1))
        else:
            mods.append(("firing with the wind (leeward) -1", -1))
    aim_mod = {HANDY: 2, FAIR: 1}.get(firer.morale, 0)
    if aim_mod:
        mods.append((f"aiming {aim} {'+' if aim == 'high' else '-'}{aim_mod}", aim_mod if aim == "high" else -aim_mod))
    return mods


def _roll_damage_effects(g: Referee, attack: Attack, hits: int, result: AttackResult) -> Gen:
    """11.4.8: three dice on the Damage Effects table, the modifiers on their total (once), a discarded card on
    its own die; then 11.4.9's aim and shot and 11.8's stern rake change the table's hull and rigging hits."""
    firer, target, aim, load = attack.firer, attack.target, attack.aim, attack.load
    mods = _damage_effects_mods(g.state, firer, attack.sections[0].split("_")[0], aim)
    effects = yield from roll(g, firer.side, 3, "damage effects", "11.4.8", mods, ship=firer.id,
                              lower_is_better=(aim == "low"))
    total = sum(effects.dice) + effects.modifier + sum(effects.card_bonus)
    result.total = total
    result.odd_die = effects.dice[2]
    tables = get_tables()
    hull, rig, crew = tables.damage.effects(hits, total)
    notes = [f"total {total}, {hits} hit(s): table hull {hull}, rigging {rig}, crew {crew}"]
    # 11.4.9
    if aim == "high":
        if target.sail == "fighting":
            rig = -(-rig // 2)
            notes.append("Fighting Sail halves rigging hits")
        if load == "chain":
            rig += 1
            hull = 0
            notes.append("Chain Shot: rigging +1, no hull hits")
    elif load == "chain":
        hull = 0
        notes.append("Chain Shot aimed low: hull hits ignored")
    if attack.line.rake == "stern" and hull:
        # 11.8 (ruling R11.8b): every stern rake, High or Low, multiplies its hull hits by 1.5.
        hull = -(-hull * 3 // 2)
        notes.append("stern rake: hull hits x1.5")
    result.hull, result.rigging, result.crew = hull, rig, crew
    result.fire_dice = tables.damage.fire_check_dice(hits, total)
    g.emit("damage_effects", "11.4.9", "; ".join(notes) + f" -> hull {hull}, rigging {rig}, crew {crew}",
           ship=firer.id, target=target.id, hull=hull, rigging=rig, crew=crew, total=total)


def roll_defense(g: Referee, firer: ShipState, target: ShipState, mp: int, n: int, why: list[str]) -> Gen:
    """11.4.7: Firm hulls re-roll every natural 1, Fragile hulls re-roll half (rounded up) of the 6s; each
    die +1 if the attacker is 12 MP or more away; 5 or better cancels a hit."""
    state = g.state
    mods = [("attacker 12 MP or more away +1", 1)] if mp >= 12 else []
    first = yield from roll(g, target.side, n, "defense", "11.4.7", mods, ship=target.id, why=why, steps=(5,))
    values = list(first.dice)
    strength = target.card.hull_strength
    rerolled: list[int] = []
    if strength == "firm":
        rerolled = [i for i, v in enumerate(values) if v == 1]
    elif strength == "fragile":
        sixes = [i for i, v in enumerate(values) if v == 6]
        rerolled = sixes[: -(-len(sixes) // 2)]
    for i in rerolled:
        values[i] = state.dice.d6()
    if rerolled:
        g.emit("reroll", "11.4.7", f"{target.card.name}'s {strength} hull: {len(rerolled)} defense di(c)e "
               f"re-rolled -> {values}", ship=target.id, dice=values, faces=[values[i] for i in rerolled])
    modified = [v + first.modifier + c for v, c in zip(values, first.card_bonus, strict=True)]
    cancels = sum(1 for v in modified if v >= 5)
    g.emit("cancels", "11.4.7", f"{target.card.name} cancels {cancels} hit(s)", ship=target.id, cancels=cancels)
    return cancels


def roll_chasers(g: Referee, firer: ShipState, target: ShipState, end: str) -> AttackResult:
    """11.9: one die per firing section, a hit on a 6, no modifiers, all hits on the rigging. Ruling R11.9b:
    not halved at Fighting Sail (11.4.9 adjusts Damage Effects Table hits), no Morale Check, no fire check."""
    n = chaser_dice(firer, end)
    dice = tuple(g.state.dice.d6() for _ in range(n))
    hits = sum(1 for d in dice if d == 6)
    g.emit("roll", "11.9", f"{end} chaser: {list(dice)}", side=firer.side, ship=firer.id, purpose="chasers",
           dice=list(dice), modifiers=[], card_bonus=[0] * n, modified=list(dice))
    result = AttackResult(firer.id, target.id, [], None, "round", None, ("", ""), rigging=hits, hits=hits,
                          chaser=True)
    firer.chasers[end] = False
    place_load(g.state, firer, end, "round")
    return result


__all__ = ["line_of_fire", "section_dice", "SECTION_NAMES"]
