"""The odds of a shot before it is fired (11.4.4-11.4.9): the exact distribution of hits of an attack and the
expected hull, rigging and crew hits after the Damage Effects table and its adjustments (no sampling).

Pure functions over the engine state; they call the engine's own `firing.line_of_fire`, `section_dice`,
`defense_dice` and `tables.damage.effects`, so the odds cannot drift from the way a shot is resolved. The GUI
shows them before a player fires; the computer captains price every shot with them, hundreds of times a
decision, so the parts that depend only on numbers (hit and cancel distributions, the expected damage of k hits
for a damage modifier, aim, load, target sail and rake) are computed once and remembered.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from fractions import Fraction
from functools import lru_cache
from itertools import product
from math import comb
from typing import TYPE_CHECKING, Any

from cs_desktop.rules import geometry as geo
from cs_desktop.rules import heavy_guns, initial_broadside, prize_sails
from cs_desktop.rules.damage import morale_mod
from cs_desktop.rules.firing import WINDWARD_SIDE, Line, _split_defense, chaser_dice, defense_dice, line_of_fire, section_dice
from cs_desktop.rules.movement_rates import wind_position
from cs_desktop.rules.state import FAIR, HANDY
from cs_desktop.rules.tables import Tables, get_tables

if TYPE_CHECKING:
    from cs_desktop.rules.state import GameState, ShipState

__all__ = ["shot_odds", "hits_distribution", "defense_distribution"]

Dist = list[float]


def _binomial(n: int, p: float) -> Dist:
    return [comb(n, k) * p ** k * (1 - p) ** (n - k) for k in range(n + 1)]


def _convolve(a: Sequence[float], b: Sequence[float]) -> Dist:
    out = [0.0] * (len(a) + len(b) - 1)
    for i, pa in enumerate(a):
        if pa:
            for j, pb in enumerate(b):
                out[i + j] += pa * pb
    return out


def _p_at_least(need: int) -> Fraction:
    """P(one natural d6 >= need)."""
    return Fraction(min(6, max(0, 7 - need)), 6)


def hits_distribution(dice: int, modifier: int) -> Dist:
    """11.4.5: each to-hit die modified by ``modifier`` hits on 5 or better; P(k hits), k = 0..dice."""
    return _binomial(dice, float(_p_at_least(5 - modifier)))


def defense_distribution(dice: int, modifier: int, hull_strength: str) -> Dist:
    """11.4.7: P(k cancels), k = 0..dice. Each die + ``modifier`` cancels on 5 or better; a Firm hull
    re-rolls every natural 1, a Fragile hull re-rolls half (rounded up) of its natural 6s (as the engine)."""
    need = 5 - modifier
    p = _p_at_least(need)
    if dice <= 0:
        return [1.0]
    if hull_strength == "firm":
        p_one = Fraction(1, 6)
        p_first = p - (p_one if need <= 1 else 0)  # a natural 1 that would cancel is still re-rolled
        return _binomial(dice, float(p_first + p_one * p))
    if hull_strength == "fragile":
        # Condition on the number of natural 6s: the kept 6s cancel, the re-rolled ones cancel with p, the
        # other dice (1..5) cancel with P(v >= need | v <= 5).
        p_low = Fraction(min(5, max(0, 6 - need)), 5)
        out = [0.0] * (dice + 1)
        for sixes in range(dice + 1):
            weight = comb(dice, sixes) * (1 / 6) ** sixes * (5 / 6) ** (dice - sixes)
            rerolled = -(-sixes // 2)
            dist = _convolve(_binomial(rerolled, float(p)), _binomial(dice - sixes, float(p_low)))
            kept = sixes - rerolled
            for k, pk in enumerate(dist):
                out[k + kept] += weight * pk
        return out
    return _binomial(dice, float(p))


def _net_hits(to_hit: Dist, cancels: Dist) -> Dist:
    out = [0.0] * len(to_hit)
    for h, ph in enumerate(to_hit):
        for c, pc in enumerate(cancels):
            out[max(0, h - c)] += ph * pc
    return out


@lru_cache(maxsize=64)
def _three_dice_totals(modifier: int) -> tuple[tuple[int, float], ...]:
    """11.4.8: totals of three dice plus ``modifier`` (the modifiers apply to the total, once), with their
    probabilities."""
    counts: dict[int, int] = {}
    for dice in product(range(1, 7), repeat=3):
        t = sum(dice) + modifier
        counts[t] = counts.get(t, 0) + 1
    return tuple((t, c / 216) for t, c in sorted(counts.items()))


@lru_cache(maxsize=4096)
def _net_distribution(dice: int, modifier: int, defense: int, defense_modifier: int,
                      hull_strength: str) -> tuple[float, ...]:
    """P(k net hits) of one attack: its to-hit dice less the cancels of its share of the defense dice."""
    return tuple(_net_hits(hits_distribution(dice, modifier),
                           defense_distribution(defense, defense_modifier, hull_strength)))


@lru_cache(maxsize=4096)
def _damage_of_hits(tables: Tables, max_hits: int, modifier: int, aim: str, load: str, fighting_sail: bool,
                    rake: str | None) -> tuple[tuple[float, float, float], ...]:
    """For k = 0..max_hits: the expected (hull, rigging, crew) hits of k hits on the Damage Effects Table
    (11.4.8: three dice + ``modifier``), after the aim, load, sail and rake adjustments (11.4.9, 11.8)."""
    out = [(0.0, 0.0, 0.0)]
    for h in range(1, max_hits + 1):
        hull_e = rig_e = crew_e = 0.0
        for total, pt in _three_dice_totals(modifier):
            hull, rig, crew = _adjust(*tables.damage.effects(h, total), aim, load, fighting_sail, rake)
            hull_e += pt * hull
            rig_e += pt * rig
            crew_e += pt * crew
        out.append((hull_e, rig_e, crew_e))
    return tuple(out)


@lru_cache(maxsize=8192)
def _expected_damage(tables: Tables, dice: int, modifier: int, defense: int, defense_modifier: int,
                     hull_strength: str, damage_modifier: int, aim: str, load: str, fighting_sail: bool,
                     rake: str | None) -> tuple[float, float, float]:
    """The expected (hull, rigging, crew) hits of one attack: its net hits on the Damage Effects Table, summed
    exactly as `shot_odds` sums them (for its lean answer, which needs nothing else)."""
    net = _net_distribution(dice, modifier, defense, defense_modifier, hull_strength)
    return _split(net, _damage_of_hits(tables, len(net) - 1, damage_modifier, aim, load, fighting_sail, rake))


def _split(net: Sequence[float], per_hits: Sequence[tuple[float, float, float]]) -> tuple[float, float, float]:
    """The expected (hull, rigging, crew) hits of an attack from the chances of its net hits, summed in one order
    for the lean and the full answer alike (their floats must be equal)."""
    hull_e = rig_e = crew_e = 0.0
    for h, ph in enumerate(net):
        if h == 0 or ph == 0.0:
            continue
        hull, rig, crew = per_hits[h]
        hull_e += ph * hull
        rig_e += ph * rig
        crew_e += ph * crew
    return hull_e, rig_e, crew_e


def _section_dice(memo: dict[Any, Any], firer: ShipState, section: str, mp: int) -> int:
    """All the dice of a section at `mp` (`firing.section_dice`), remembered in a shot_odds memo."""
    key = ("dice", firer.id, section, mp)
    n = memo.get(key)
    if n is None:
        n = memo[key] = sum(section_dice(firer, section, mp))
    return int(n)


def _adjust(hull: int, rig: int, crew: int, aim: str, load: str, fighting_sail: bool,
            rake: str | None) -> tuple[int, int, int]:
    """11.4.9 and 11.8, exactly as `firing.roll_attack` applies them (ruling R11.8b: every stern rake, High
    or Low, multiplies its hull hits by 1.5)."""
    if aim == "high":
        if fighting_sail:
            rig = -(-rig // 2)
        if load == "chain":
            rig += 1
            hull = 0
    elif load == "chain":
        hull = 0
    if rake == "stern" and hull:
        hull = -(-hull * 3 // 2)
    return hull, rig, crew


def _damage_modifier(state: GameState, firer: ShipState, side: str, aim: str) -> tuple[int, list[list[Any]]]:
    mods: list[list[Any]] = []
    letter = wind_position(state, firer)
    if letter in WINDWARD_SIDE:
        if WINDWARD_SIDE[letter] == side:
            mods.append(["firing into the wind (windward)", 1])
        else:
            mods.append(["firing with the wind (leeward)", -1])
    aim_mod = {HANDY: 2, FAIR: 1}.get(firer.morale, 0)
    if aim_mod:
        mods.append([f"aiming {aim}", aim_mod if aim == "high" else -aim_mod])
    return sum(v for _, v in mods), mods


def _pair_lines(state: GameState, firer: ShipState, target: ShipState,
                memo: dict[Any, Any]) -> tuple[Line | None, int, list[str], int]:
    """What depends only on the pair of ships, remembered in `memo`: the line of fire (11.1, 11.2), the
    defense dice and why (11.4.2), and the defense modifier at long range (R11.4.6h)."""
    pair = (firer.id, target.id)
    if pair not in memo:
        line = line_of_fire(state, firer, target)
        why: list[str] = []
        defense, def_mod = 0, 0
        if line is not None and line.side is not None:
            defense, why = defense_dice(state, firer, target, line.mp)
            def_mod = 1 if heavy_guns.range_mp(state, firer, target, line.mp) >= 12 else 0  # R11.4.6h
        memo[pair] = (line, defense, why, def_mod)
    return memo[pair]  # type: ignore[no-any-return]


def _chaser_odds(firer: ShipState, chaser: str, line: Line) -> dict[str, Any]:
    """A chaser shot (11.9): one die per section, hit on a 6, rigging only."""
    n = chaser_dice(firer, chaser)
    dist = _binomial(n, 1 / 6)
    exp = sum(k * p for k, p in enumerate(dist))
    return {"mp": line.mp, "rake": None, "hit_sections": [], "chaser": chaser,
            "attacks": [{"sections": [], "aim": None, "load": "round", "to_hit_dice": n,
                         "to_hit_modifier": 0, "p_hit": 1 / 6, "defense_dice": 0, "p_cancel": 0.0,
                         "hits": dist, "expected": {"hull": 0.0, "rigging": exp, "crew": 0.0}}],
            "hits": dist, "expected_hits": exp, "p_any_hit": 1 - dist[0],
            "expected": {"hull": 0.0, "rigging": exp, "crew": 0.0}}


def _attack_groups(firer: ShipState, target_id: str, line: Line, sections: Iterable[str] | Mapping[str, str],
                   aim: str) -> dict[tuple[str, str], list[str]]:
    """The attacks (11.3, 11.4.2): the firing sections, which must bear (11.1), grouped by aim and load."""
    aims = dict(sections) if isinstance(sections, Mapping) else {s: aim for s in sections}
    if not aims:
        raise ValueError("no section fires")
    if line.side is None:
        raise ValueError(f"{target_id} is not in a broadside arc of {firer.id} (11.1); only chasers bear (11.9)")
    bearing = geo.sections_for_side(line.side)
    wrong = [s for s in aims if s not in bearing]
    if wrong:
        raise ValueError(f"{', '.join(wrong)} do(es) not bear on {target_id}: the {line.side} broadside does (11.1)")
    groups: dict[tuple[str, str], list[str]] = {}
    for section, a in aims.items():
        load = firer.loads.get(section) or "round"
        groups.setdefault((a, load), []).append(section)
    return groups


def _to_hit(state: GameState, firer: ShipState, secs: list[str], load: str) -> tuple[int, list[tuple[str, int]]]:
    """An attack's to-hit modifier (11.4): morale, double or chain shot, and the options' modifiers
    (R11.4.5i initial broadside, R18.0u prize sails), which are also returned by name."""
    first = initial_broadside.to_hit_mods(state, firer, secs) + prize_sails.to_hit_mods(firer)  # R11.4.5i, R18.0u
    return morale_mod(firer) + (1 if load in ("double", "chain") else 0) + sum(v for _, v in first), first


def _attack_odds(tables: Tables, n: int, mod: int, share: int, def_mod: int, hull_strength: str,
                 damage: tuple[int, list[list[Any]]], aim_load: tuple[str, str], fighting: bool,
                 rake: str | None) -> dict[str, Any]:
    """One attack's odds in full (11.4): P(hit), P(cancel), its net hits' distribution and the expected damage
    of those hits by the Damage Effects table (11.5); the caller adds its sections and the defense's why."""
    (dmg_mod, dmg_mods), (a, load) = damage, aim_load
    net = list(_net_distribution(n, mod, share, def_mod, hull_strength))
    per_hits = _damage_of_hits(tables, len(net) - 1, dmg_mod, a, load, fighting, rake)
    split = dict(zip(("hull", "rigging", "crew"), _split(net, per_hits), strict=True))
    return {
        "sections": [], "aim": a, "load": load, "to_hit_dice": n, "to_hit_modifier": mod,
        "p_hit": float(_p_at_least(5 - mod)), "defense_dice": share, "defense_modifier": def_mod,
        "defense_why": [], "hull_strength": hull_strength, "p_cancel": _p_cancel_one(def_mod, hull_strength),
        "hits": net, "expected_hits": sum(k * p for k, p in enumerate(net)),
        "damage_modifier": dmg_mod, "damage_modifiers": dmg_mods, "expected": split,
    }


def shot_odds(state: GameState, firer_id: str, target_id: str, sections: Iterable[str] | Mapping[str, str],
              aim: str = "low", *, chaser: str | None = None, memo: dict[Any, Any] | None = None,
              lean: bool = False) -> dict[str, Any]:
    """The odds of an attack before it is fired, as the engine would resolve it (11.4).

    ``sections`` is a list of the firer's sections (all fired with ``aim`` 'high' or 'low') or a mapping
    section -> aim, as in a `fire` answer. Sections with the same aim and load make one attack; others are
    separate attacks sharing the defense dice (11.3, 11.4.2). ``chaser`` ('bow'/'stern') prices a chaser shot
    instead (11.9: one die per section, hit on a 6, rigging only).

    Returns ``mp``, ``rake``, ``hit_sections``, ``attacks`` (per attack: sections, aim, load, to-hit dice
    and modifier, P(hit) per die, defense dice and modifier, P(cancel) per die, its ``hits`` distribution,
    the Damage Effects modifier and expected hull/rigging/crew), ``hits`` (P(0), P(1), ... of the total
    hits), ``expected_hits``, ``p_any_hit`` and ``expected`` ({'hull', 'rigging', 'crew'}).
    Raises ValueError when the firer has no line of fire on the target.

    For a caller pricing many shots on one unchanged state (the computer captain's fire decision): ``memo``, a
    dict kept between those calls, keeps what depends only on the pair of ships (the line of fire, the defense
    dice) or on the firing side and aim (the Damage Effects modifier); ``lean`` returns only ``mp``, ``rake`` and
    ``expected``. The numbers are the same, worked out in the same order."""
    firer, target = state.ships[firer_id], state.ships[target_id]
    memo = {} if memo is None else memo  # a single call remembers within itself alone
    line, defense, why, def_mod = _pair_lines(state, firer, target, memo)
    if line is None:
        raise ValueError(f"{firer_id} has no line of fire on {target_id} (11.1, 11.2)")
    if chaser is not None:
        return _chaser_odds(firer, chaser, line)
    groups = _attack_groups(firer, target_id, line, sections, aim)
    dice_per_group = [sum(_section_dice(memo, firer, s, line.mp) for s in secs) for secs in groups.values()]
    shares = _split_defense(defense, dice_per_group)
    hull_strength = str(target.card.hull_strength)
    fighting = target.sail == "fighting"
    attacks = []
    total_hits: Dist = [1.0]
    expected = {"hull": 0.0, "rigging": 0.0, "crew": 0.0}
    tables = get_tables()
    for ((a, load), secs), n, share in zip(groups.items(), dice_per_group, shares, strict=True):
        mod, first = _to_hit(state, firer, secs, load)
        key = (firer_id, secs[0].split("_")[0], a)  # the Damage Effects modifier, by firing side and aim
        dmg_mod, dmg_mods = memo[key] if key in memo else memo.setdefault(key, _damage_modifier(state, firer, key[1], a))
        if lean:  # the same sums, remembered for their numbers
            for k, v in zip(("hull", "rigging", "crew"), _expected_damage(
                    tables, n, mod, share, def_mod, hull_strength, dmg_mod, a, load, fighting, line.rake), strict=True):
                expected[k] += v
            continue
        attack = _attack_odds(tables, n, mod, share, def_mod, hull_strength, (dmg_mod, dmg_mods), (a, load), fighting,
                              line.rake)
        attack.update(sections=secs, defense_why=why)
        for k in expected:
            expected[k] += attack["expected"][k]
        total_hits = _convolve(total_hits, attack["hits"])
        if first:  # only under the option, so the odds of a game without it read as before
            attack["to_hit_modifiers"] = [[label, value] for label, value in first]
        attacks.append(attack)
    if lean:
        return {"mp": line.mp, "rake": line.rake, "expected": expected}
    exp_hits = sum(k * p for k, p in enumerate(total_hits))
    return {"mp": line.mp, "rake": line.rake, "hit_sections": list(line.hit), "chaser": None,
            "defense_dice": defense, "attacks": attacks, "hits": total_hits, "expected_hits": exp_hits,
            "p_any_hit": 1 - total_hits[0], "expected": expected}


def _p_cancel_one(modifier: int, hull_strength: str) -> float:
    """The chance that one defense die cancels (for a Fragile hull, averaged: re-rolls depend on the others)."""
    d = defense_distribution(1, modifier, hull_strength)
    return d[1] if len(d) > 1 else 0.0
