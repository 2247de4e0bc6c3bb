"""Drawing the enemy's hidden loads and load markers anew (for `determinize.py`, with the evidence of `redraw.py`).

Each load in a broadside and each load marker on the reload track is drawn among the types the record allows it
(`Evidence.load_at_checkpoint`, `Evidence.marker_at_checkpoint`). Where the enemy fired this segment, his loads also
decide how many attacks his broadsides make (11.3: two sections aiming alike combine only if they fire the same
ammunition), and the side saw him asked, attack by attack, whether he discards cards for them before any die was
rolled (1.7.3, 1.7.4): the draws keep that number (`_Fire`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple

from cs_desktop.rules.cards import SECTION_NAMES
from cs_desktop.rules.dice import Dice
from cs_desktop.rules.event_types import ViewEvent, ship_of
from cs_desktop.rules.redraw import HIDDEN
from cs_desktop.rules.state import GameState

if TYPE_CHECKING:
    from cs_desktop.rules.public_record import PublicRecord
    from cs_desktop.rules.redraw import Evidence

#: a load to draw: (0, its place in the plan's loads) for one in a broadside at the checkpoint, (1, its place in the
#: plan's markers) for a load marker
Ref = tuple[int, int]


class _Fire(NamedTuple):
    """One enemy's fire this segment: his broadsides whose two sections aim alike (a load to draw in each), and how
    many of them must fire different ammunition (two attacks) to make the attacks he was asked about."""

    pairs: tuple[tuple[Ref, Ref], ...]
    split: int  # pairs that fire different ammunition: exactly (`exact`) or at least
    exact: bool


class LoadPlan(NamedTuple):
    """The enemy's loads and load markers to draw, in order, each with its possible types (from the record)."""

    loads: list[tuple[str, str, tuple[str, ...]]]  # (ship, slot, types)
    markers: list[tuple[int, tuple[str, ...]]]  # (place on the reload track, types)
    fires: list[_Fire]


def draw_loads(state: GameState, record: PublicRecord, evidence: Evidence, rng: Dice) -> None:
    plan = evidence.once("loads", lambda: _load_plan(record, evidence))
    drawn = ([rng.choice(options) for _, _, options in plan.loads],
             [rng.choice(options) for _, options in plan.markers])
    for fire in plan.fires:
        _keep_attacks(fire, drawn, plan, rng)
    ships = state.ships
    for (ship, slot, _), load in zip(plan.loads, drawn[0], strict=True):
        ships[ship].loads[slot] = load
    track = state.reload_track
    for (i, _), load in zip(plan.markers, drawn[1], strict=True):  # entries are shared between copies: replaced
        due, ship_id, slot, _, delayed = track[i]
        track[i] = (due, ship_id, slot, load, delayed)


def _load_plan(record: PublicRecord, evidence: Evidence) -> LoadPlan:
    state = record.state
    loads = [(ship.id, slot, evidence.load_at_checkpoint(record, ship.id, slot))
             for ship in state.ships.values() if ship.side != record.side
             for slot, load in ship.loads.items() if load is not None]
    markers = [(i, evidence.marker_at_checkpoint(entry[1], entry[2], bool(entry[4])))
               for i, entry in enumerate(state.reload_track) if entry[3] == HIDDEN]
    return LoadPlan(loads, markers, _fires(record, loads, markers))


def _fires(record: PublicRecord, loads: list[tuple[str, str, tuple[str, ...]]],
           markers: list[tuple[int, tuple[str, ...]]]) -> list[_Fire]:
    """11.0, 11.3, 1.7.4: in this segment's fire step, each side with cards in hand was asked once for each of its
    attacks with broadsides before any die was rolled, side after side in the initiative order (`fire_stages`): the
    answer groups after the last Fire answers, up to the first roll (`PublicRecord.ends`: the events seen before each
    request)."""
    segment, groups, ends = record.segment, record.answers, record.ends
    first = next((i for i, e in enumerate(segment) if e["type"] == "announce"), None)
    fired = [g for g, group in enumerate(groups) if any(kind == "fire" for _, kind, _ in group)]
    if first is None or not fired or len(ends) != len(groups):
        return []
    rolled = next((i for i in range(first, len(segment)) if segment[i]["type"] == "roll"), None)
    asked: list[tuple[str, object]] = []
    for g in range(fired[-1] + 1, len(groups)):
        if rolled is not None and ends[g - 1] > rolled:
            break  # asked after the first die of the fire: not a declaration
        asked += [(side, answer) for side, kind, answer in groups[g] if kind == "bonus_cards"]
    state = record.state
    announced = [e for e in segment[first:] if e["type"] == "announce"]
    broadsides = {state.ships[ship_of(e)].side for e in announced if e["choice"]["sections"]}
    order = state.initiative_order()
    asked_now = any(r["kind"] == "bonus_cards" for r in record.view["pending"])  # the side's own attacks
    slots = _Slots(record, loads, markers, first)
    out = []
    for enemy in record.enemies:
        answers = [answer for side, answer in asked if side == enemy]
        fire = _pairs([e for e in announced if state.ships[ship_of(e)].side == enemy], slots) if answers else None
        if fire is None or not fire[1]:  # no card in hand, no attack with broadsides, or a load not drawn here
            continue
        attacks, pairs = fire
        # he was asked about every attack unless a discard may have emptied his hand (not if he holds cards now and
        # drew none since: else at least those), and his turn is over if the fire is rolled or a side after him in
        # the order was asked; if no side after him but the side itself (not asked now) can be, the turn is his
        kept = all(answer == [] for answer in answers) or (_size(record.view["sides"][enemy]["hand"]) > 0 and not any(
            e["type"] in ("hand", "card_drawn") and e.get("side") == enemy for e in segment[first:]))
        later = order[order.index(enemy) + 1:]
        over = rolled is not None or asked_now or any(side in later for side, _ in asked)
        his = not over and not any(side in broadsides for side in later if side != record.side)
        out.append(_Fire(pairs, len(answers) + (1 if his and kept else 0) - attacks, kept and over))
    return out


class _Slots:
    """Where the load each enemy broadside fired this segment is drawn: its marker if it reloaded before the fire,
    else its load at the checkpoint."""

    def __init__(self, record: PublicRecord, loads: list[tuple[str, str, tuple[str, ...]]],
                 markers: list[tuple[int, tuple[str, ...]]], first: int) -> None:
        self.loads = {(ship, slot): (0, i) for i, (ship, slot, _) in enumerate(loads)}
        self.markers: dict[tuple[str, str], list[Ref]] = {}
        for m, (i, _) in enumerate(markers):
            self.markers.setdefault(record.state.reload_track[i][1:3], []).append((1, m))
        self.reloaded = {(e["ship"], e["slot"]) for e in record.segment[:first] if e["type"] == "reload"}

    def ref(self, key: tuple[str, str]) -> Ref | None:
        """None if there is no such load, or more than one marker."""
        if key in self.reloaded:
            markers = self.markers.get(key, [])
            return markers[0] if len(markers) == 1 else None
        return self.loads.get(key)


def _pairs(announced: list[ViewEvent], slots: _Slots) -> tuple[int, tuple[tuple[Ref, Ref], ...]] | None:
    """One side's attacks with broadsides if each pair of sections aiming alike combines, and those pairs' loads;
    None if a load is not drawn here."""
    attacks, pairs = 0, []
    for e in announced:
        sections = [s for s in SECTION_NAMES if s in e["choice"]["sections"]]
        aims = {e["choice"]["sections"][s] for s in sections}
        attacks += len(aims)
        if len(sections) > 2:
            return None  # more sections than a broadside has
        if len(sections) == 2 and len(aims) == 1:
            a, b = (slots.ref((ship_of(e), s)) for s in sections)
            if a is None or b is None:
                return None
            pairs.append((a, b))
    return attacks, tuple(pairs)


def _keep_attacks(fire: _Fire, drawn: tuple[list[str], list[str]], plan: LoadPlan, rng: Dice) -> None:
    """If the loads drawn for `fire`'s pairs do not make the attacks seen, draw them again together, each way of
    loading them that makes those attacks as likely as any other (the loads drawn as before, given the attacks)."""
    pairs, need, exact = fire
    split = sum(drawn[a[0]][a[1]] != drawn[b[0]][b[1]] for a, b in pairs)
    if split == need or (not exact and split >= need) or need < 0:
        return
    kinds = [(_types(plan, a), _types(plan, b)) for a, b in pairs]
    same = [[(x, x) for x in ta if x in tb] for ta, tb in kinds]
    differ = [[(x, y) for x in ta for y in tb if x != y] for ta, tb in kinds]

    def down(r: int) -> int | None:  # the splits still needed after a pair that splits
        return r - 1 if r > 0 else (None if exact else 0)

    # ways[i][r]: the ways of loading pairs i.. with r more splits (or at least r)
    ways = [[0] * (need + 1) for _ in range(len(pairs) + 1)]
    ways[-1][0] = 1
    for i in range(len(pairs) - 1, -1, -1):
        for r in range(need + 1):
            d = down(r)
            ways[i][r] = len(same[i]) * ways[i + 1][r] + (len(differ[i]) * ways[i + 1][d] if d is not None else 0)
    if not ways[0][need] or ways[0][need] >= 1 << 62:
        return
    r = need
    for i, (a, b) in enumerate(pairs):
        d = down(r)
        splits = len(differ[i]) * ways[i + 1][d] if d is not None else 0
        if rng.below(splits + len(same[i]) * ways[i + 1][r]) < splits:
            x, y = rng.choice(differ[i])
            r = d if d is not None else r
        else:
            x, y = rng.choice(same[i])
        drawn[a[0]][a[1]], drawn[b[0]][b[1]] = x, y


def _types(plan: LoadPlan, ref: Ref) -> tuple[str, ...]:
    return plan.loads[ref[1]][2] if ref[0] == 0 else plan.markers[ref[1]][1]


def _size(hand: list[str] | int) -> int:
    """A hand in a view: the other side's is only its size (views.side_view)."""
    return hand if isinstance(hand, int) else len(hand)
