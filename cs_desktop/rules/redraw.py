"""Drawing anew what one side may not know, consistent with what it has seen (for `determinize.py`).

`Evidence` reads a public record's visible events for what they tell about hidden things (a load that
reloaded, or was lost for want of crew, without delay was Round Shot, a delayed marker is Chain or Double, a fired broadside's to-hit
modifiers name its load, a Bonus Move roll names the Strain, a reveal names the maneuver, the faces rolled
this segment); the `draw_*` functions fill the wiped fields of the checkpoint from the captain's generator
within those bounds (the loads in `redraw_loads.py`), and `redraw_answers.draw_answer` gives the enemy a fresh
answer to a hidden-kind request.
"""

from __future__ import annotations

from functools import lru_cache
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, NamedTuple, TypeVar

from cs_desktop.rules.dice import Dice
from cs_desktop.rules.event_types import ViewEvent
from cs_desktop.rules.state import GameState

if TYPE_CHECKING:
    from cs_desktop.rules.public_record import PublicRecord

HIDDEN = "?"  # what a wiped field holds in the public record
_T = TypeVar("_T")
#: the maneuvers an enemy ship may have selected, to draw among, and those the drawn one must be among (None: any)
_Bases = tuple[list[dict[str, Any]], list[dict[str, Any]] | None]
LOADS = ("round", "chain", "double")
SPECIAL = ("chain", "double")
CHASER_SLOTS = ("bow", "stern")


class Evidence:
    """What the visible events tell about hidden things: Strain amounts, loads, cards, dice faces."""

    def __init__(self, record: PublicRecord) -> None:
        self.segment = record.segment
        faces: list[int] = []
        self.strain: dict[str, int] = {}
        self.revealed: dict[str, dict[str, Any]] = {}
        for e in record.segment:
            ship = e.get("ship")
            if e["type"] == "roll":
                faces.extend(e["dice"])
                for label, _ in e.get("modifiers", []):
                    if ship and str(label).startswith("Straining "):
                        self.strain.setdefault(ship, int(str(label).split()[1]))
            elif e["type"] == "reroll":
                faces.extend(e["faces"])
            elif e["type"] == "reveal" and ship is not None:  # (a reveal always names her ship)
                self.revealed.setdefault(ship, e["maneuver"])
        self.faces = tuple(faces)
        # how the load now in each (ship, slot) came in, read from the history before the checkpoint in one pass
        # (None: loaded at set-up or a marker placed since; True: a delayed reload, so Chain or Double)
        self.came_in: dict[tuple[str, str], bool | None] = {}
        came_in = self.came_in
        for e in [e for e in record.before if "slot" in e]:  # the whole history: a first sieve in one pass
            slot, ship = e.get("slot"), e.get("ship")
            if slot is None or ship is None:
                continue
            kind = e["type"]
            key = (ship, slot)
            if kind == "load_marker":
                came_in[key] = None
            elif kind == "reload_delayed":
                came_in[key] = True
            elif kind == "reload":
                came_in[key] = bool(came_in.get(key)) if e["rule"] == "10.0" else False
        self._loads: dict[tuple[str, str], tuple[str, ...]] = {}
        self._markers: dict[tuple[str, str, bool], tuple[str, ...]] = {}
        self._made: dict[str, Any] = {}  # `once`
        self._fired: dict[tuple[str, str], str | None] | None = None  # `_fired_first` of the segment, when asked

    @classmethod
    def of(cls, record: PublicRecord) -> Evidence:
        """The evidence of `record`, read once and kept with it: a captain draws many copies from one record, and
        the history before the checkpoint is the whole game's."""
        evidence = record.memo.get("evidence")
        if evidence is None:
            evidence = record.memo["evidence"] = cls(record)
        return evidence

    def load_at_checkpoint(self, record: PublicRecord, ship: str, slot: str) -> tuple[str, ...]:
        """Possible types of the load in `ship`'s `slot` at the checkpoint."""
        key = (ship, slot)
        known = self._loads.get(key)
        if known is None:
            known = self._loads[key] = self._load_at_checkpoint(ship, slot)
        return known

    def _load_at_checkpoint(self, ship: str, slot: str) -> tuple[str, ...]:
        if self._fired is None:
            self._fired = _fired_first(self.segment)
        fired = self._fired.get((ship, slot))
        if fired is not None:
            return (fired,)
        special = self.came_in.get((ship, slot))
        if special is None:
            return LOADS  # loaded at set-up
        return SPECIAL if special else ("round",)

    def marker_at_checkpoint(self, ship: str, slot: str, delayed: bool) -> tuple[str, ...]:
        """Possible types of the load marker of `ship`'s `slot` on the reload track at the checkpoint."""
        key = (ship, slot, delayed)
        known = self._markers.get(key)
        if known is None:
            known = self._markers[key] = self._marker_at_checkpoint(ship, slot, delayed)
        return known

    def once(self, what: str, make: Callable[[], _T]) -> _T:
        """What `make` gives, made the first time `what` is asked for and kept for every copy drawn from this
        record (the draws read it and never change it)."""
        if what not in self._made:
            self._made[what] = make()
        made: _T = self._made[what]
        return made

    def _marker_at_checkpoint(self, ship: str, slot: str, delayed: bool) -> tuple[str, ...]:
        if slot in CHASER_SLOTS:
            return ("round",)
        special: bool | None = True if delayed else None
        for i, e in enumerate(self.segment):
            if e.get("ship") != ship or e.get("slot") != slot:
                continue
            if e["type"] == "reload_delayed":
                special = True
            elif e["type"] == "reload_lost":  # taken off without a delay, like a reload, but no crew (11.7)
                return SPECIAL if special else ("round",)
            elif e["type"] == "reload":
                if e["rule"] != "10.0":
                    return LOADS  # a Play Now quick reload took the marker off
                fired = self._first_fired(ship, slot, self.segment[i + 1:])
                if fired is not None:
                    return (fired,)
                return SPECIAL if special else ("round",)
        return SPECIAL if special else LOADS

    @staticmethod
    def _first_fired(ship: str, slot: str, events: list[ViewEvent]) -> str | None:
        for e in events:
            if e.get("ship") == ship and e.get("slot") == slot and e["type"] in ("load_marker", "reload"):
                return None
            if e["type"] == "roll" and e.get("purpose") == "to-hit" and e.get("ship") == ship \
                    and slot in e.get("sections", ()):
                return _shot(e)
        return None


def _shot(roll: ViewEvent) -> str:
    """The load a to-hit roll shows fired: Double or Chain Shot by its modifiers, else Round Shot."""
    labels = [str(m[0]) for m in roll.get("modifiers", [])]
    if any(lb.startswith("Double Shot") for lb in labels):
        return "double"
    if any(lb.startswith("Chain Shot") for lb in labels):
        return "chain"
    return "round"


def _fired_first(events: list[ViewEvent]) -> dict[tuple[str, str], str | None]:
    """`Evidence._first_fired` of every (ship, slot) over `events` in one pass: the load the first to-hit roll
    of the slot shows, or None where a load marker or a reload of it comes first (absent: neither)."""
    out: dict[tuple[str, str], str | None] = {}
    for e in events:
        ship, kind = e.get("ship"), e["type"]
        if ship is None:
            continue
        if kind in ("load_marker", "reload"):
            slot = e.get("slot")
            if slot is not None:
                out.setdefault((ship, slot), None)
        elif kind == "roll" and e.get("purpose") == "to-hit":
            sections = e.get("sections", ())
            if sections:
                shot = _shot(e)
                for slot in sections:
                    out.setdefault((ship, slot), shot)
    return out


def draw_maneuvers(state: GameState, record: PublicRecord, evidence: Evidence, rng: Dice) -> None:
    bases_of = evidence.once("maneuvers", lambda: _maneuver_bases(record, evidence.revealed))
    for ship in state.ships.values():
        if ship.side == record.side:
            continue
        if ship.strain:
            ship.strain = evidence.strain.get(ship.id) or 1 + rng.below(2)
        if ship.maneuver is None or not ship.maneuver.get("hidden"):
            continue
        revealed = evidence.revealed.get(ship.id)
        if revealed is not None:
            ship.maneuver = dict(revealed, revealed=False)
            continue
        bases, fit = bases_of[ship.id]
        base = rng.choice(bases)
        if fit is not None and base not in fit:  # a maneuver she would have completed already: drawn again
            base = rng.choice(fit)
        ship.maneuver = dict(base, revealed=False)


def _maneuver_bases(record: PublicRecord, revealed: dict[str, Any]) -> dict[str, _Bases]:
    """For each enemy ship with a hidden maneuver, the maneuvers she may have selected (without their Strain):
    the legal ones that cost more than she has spent and that she can finish unless she strains. Read from the
    record's checkpoint alone (what the view shows: where she lies, her speed, what she has spent).

    That she has not revealed it means it costs more than she has spent now (9.0): a fact. That she can finish it
    unless she strains holds for a maneuver selected this turn (9.1 restriction 2), not for one carried over from
    an earlier turn (selected with a Strain then, her speed since lower) or one she can no longer finish (In
    Irons since): if none fits both, she carries hers over and only the fact is kept (drawn among all the legal
    ones, then among those costing more than she has spent if need be: a possible draw is kept as it was)."""
    from cs_desktop.rules import maneuver as mv
    from cs_desktop.rules.tables import get_tables

    tables = get_tables()
    state = record.state
    now = record.view["ships"]
    segment = state.segment
    first = int(segment.split(":")[1]) if segment.startswith("impulse:") else (1 if segment == "select" else 13)
    out: dict[str, _Bases] = {}
    for ship in state.ships.values():
        if ship.side == record.side or ship.maneuver is None or not ship.maneuver.get("hidden") \
                or ship.id in revealed:
            continue
        strain = ship.strain  # 0 or 1 in the record: whether she strains, which is all that matters here
        probe = ship.clone()
        probe.strain = 0
        options, _ = mv.selection_options(state, probe, 99)
        spent_now = int(now[ship.id]["spent"])
        left = 0 if ship.halted else sum(tables.track.activations(ship.speed, i) for i in range(first, 13))
        bases: list[dict[str, Any]] = []
        unfinished: list[dict[str, Any]] = []
        for o in options:
            base = {k: v for k, v in o.items() if k != "strain"}
            cost = mv.maneuver_cost(ship, base)
            if cost > spent_now and base not in unfinished:
                unfinished.append(base)
                if strain or cost <= ship.spent + left:
                    bases.append(base)
        if bases:
            out[ship.id] = (bases, None)
        else:
            out[ship.id] = ([{k: v for k, v in o.items() if k != "strain"} for o in options], unfinished or None)
    return out


class _CardDraw(NamedTuple):
    """What `draw_cards` reads from the record, once for all the copies drawn from it."""

    sizes: dict[str, int]  # cards in each enemy's hand at the checkpoint
    deck: int  # cards in the deck at the checkpoint
    known: dict[str, list[str]]  # each enemy's hand begins with the cards he played or discarded this segment
    overflow: tuple[str, ...]  # cards an enemy drew this segment, then used (beyond what his hand held)
    rest: tuple[str, ...]  # the other cards that `side` has not seen, to shuffle
    pops: tuple[str | None, ...]  # cards drawn from the deck this segment before any reshuffle (None: unseen)
    tops: tuple[str | None, ...]  # for each reshuffle this segment, the card seen drawn next


@lru_cache(maxsize=1)
def _every_card() -> tuple[str, ...]:
    """Every card of the Bridge Deck ('<type>#<n>'), in the order of the deck file (read once a process)."""
    from cs_desktop.rules.deck import card_types

    return tuple(f"{cid}#{n}" for cid, card in card_types().items() for n in range(1, card["copies"] + 1))


@lru_cache(maxsize=1)
def _hold_cards() -> frozenset[str]:
    """The cards of the Bridge Deck that are not Play Now cards (1.7.2)."""
    from cs_desktop.rules.deck import card_types

    return frozenset(c for c in _every_card() if card_types()[c.rpartition("#")[0]]["type"] != "play_now")


def _card_draw(record: PublicRecord) -> _CardDraw | None:
    state = record.state
    enemies = record.enemies
    sizes = {en: len(state.sides[en].hand) for en in enemies}
    if not any(sizes.values()) and not state.deck:
        return None
    known = set(state.sides[record.side].hand) | set(state.discard)
    pool = [c for c in _every_card() if c not in known]
    used: dict[str, list[str]] = {en: [] for en in enemies}  # cards each enemy played or discarded this segment
    pops: list[str | None] = []
    tops: list[str | None] = []
    reshuffled = False
    for e in record.segment:
        kind = e["type"]
        side = e.get("side")
        if kind in ("cards_discarded", "card_discarded") and side is not None and side in used:
            used[side].extend(e["cards"] if kind == "cards_discarded" else [e["card"]])
        drawn: str | None | bool = False
        if kind == "play_now" or (kind == "card_drawn" and e.get("side") == record.side):
            drawn = e["card"]
        elif kind == "hand" and e["rule"] == "17.7" and e.get("side") in used:
            drawn = None
        if kind == "reshuffle":
            reshuffled = True
            tops.append(HIDDEN)
        elif drawn is not False:
            if reshuffled:
                if tops and tops[-1] == HIDDEN:
                    tops[-1] = drawn if isinstance(drawn, str) else None
            else:
                pops.append(drawn if isinstance(drawn, str) else None)
    tops = [None if t == HIDDEN else t for t in tops]
    fixed = {c for c in pops if c is not None}
    wanted = {en: [c for c in dict.fromkeys(used[en]) if c in pool and c not in fixed] for en in enemies}
    rest = [c for c in pool if c not in fixed and not any(c in w for w in wanted.values())]
    overflow = [c for en in enemies for c in wanted[en][sizes[en]:]]
    return _CardDraw(sizes, len(state.deck), {en: wanted[en][:sizes[en]] for en in enemies}, tuple(overflow),
                     tuple(rest), tuple(pops), tuple(tops))


def draw_cards(state: GameState, record: PublicRecord, evidence: Evidence,
                rng: Dice) -> tuple[str | None, ...]:
    """The enemy's hand and the deck; returns, for each reshuffle this segment, the card seen drawn next."""
    draw = evidence.once("cards", lambda: _card_draw(record) or _NO_CARDS)
    if draw is _NO_CARDS:
        return ()
    rest = list(draw.rest)
    rng.shuffle(rest)
    hands: dict[str, list[str]] = {}
    for en, size in draw.sizes.items():
        hand = list(draw.known[en])
        hand += [rest.pop() for _ in range(size - len(hand)) if rest]
        hands[en] = hand
    overflow = list(draw.overflow)
    top: list[str] = []
    for c in draw.pops:
        if c is not None:
            top.append(c)
        elif overflow:
            top.append(overflow.pop(0))
        elif rest:  # a card the enemy drew unseen is a Hold card: a Play Now card is shown (1.7.1-1.7.2, 17.7)
            holds = _hold_cards()
            top.append(rest.pop(next((i for i in range(len(rest) - 1, -1, -1) if rest[i] in holds), -1)))
    rest += overflow
    rng.shuffle(rest)
    for en, hand in hands.items():
        state.sides[en].hand = hand
    state.deck = (rest + top[::-1])[-draw.deck:] if draw.deck else []
    return draw.tops


_NO_CARDS = _CardDraw({}, 0, {}, (), (), (), ())  # no hand and no deck: nothing to draw
