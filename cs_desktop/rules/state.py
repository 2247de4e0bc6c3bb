"""The game state: plain data, cheap to copy, JSON-serialisable (STYLE 2).

Ship cards (`cards.ShipCard`) are immutable and shared between copies; everything that changes during a
game lives in `ShipState`, `SideState` and `GameState`.
"""

from __future__ import annotations

from dataclasses import dataclass, field, fields
from typing import Any

from cs_desktop.rules.cards import SECTION_NAMES, ShipCard
from cs_desktop.rules.dice import Dice

#: an entry of the reload track (10.0, 11.7): (absolute impulse due, ship id, slot, load type, delayed already)
ReloadEntry = tuple[int, str, str, Any, bool]

# Crew morale track (3.4): index = level.
STRIKE_CHECK, UNFIT, FAIR, HANDY = 0, 1, 2, 3
MORALE_NAMES = {HANDY: "Handy", FAIR: "Fair", UNFIT: "Unfit", STRIKE_CHECK: "Strike Check"}
QUALITY_MOD = {"green": -1, "average": 0, "crack": 1}


def empty_assignment() -> dict[str, Any]:
    """Crew assignment of 5.0: points per task; whatever is left over is Melee (5.1.6)."""
    return {
        "sailing": 0,
        "rigging_change": 0,
        "rigging_dc": 0,
        "hull_dc": {s: 0 for s in SECTION_NAMES},
        "gunnery": {s: 0 for s in SECTION_NAMES},
    }


def assigned_total(assign: dict[str, Any]) -> int:
    return int(
        assign["sailing"]
        + assign["rigging_change"]
        + assign["rigging_dc"]
        + sum(assign["hull_dc"].values())
        + sum(assign["gunnery"].values())
    )


@dataclass(slots=True)
class ShipState:
    id: str
    side: str
    card: ShipCard
    quality: str
    x: int
    y: int
    heading: int
    sail: str = "medium"  # "medium" or "fighting" (3.6)
    morale: int = HANDY
    crew: int = 0
    rigging: int = 0
    gunnery: dict[str, int] = field(default_factory=dict)
    red_passed: list[int] = field(default_factory=list)
    assign: dict[str, Any] = field(default_factory=empty_assignment)
    loads: dict[str, str | None] = field(default_factory=dict)
    chasers: dict[str, bool] = field(default_factory=dict)
    on_fire: bool = False
    # movement this turn (7.0)
    base_mp: int = 0
    hull_bonus: int = 0
    speed: int = 0
    halted: bool = False  # In Irons after a failed tack: ignore remaining impulses (9.1.4)
    # maneuvering (9.0, 9.1)
    maneuver: dict[str, Any] | None = None
    spent: int = 0
    strain: int = 0
    no_back_sail: bool = False
    no_wear: bool = False
    worn_here: bool = False
    # boxes lost to the ship's own actions (Straining, Double Shot bursts, Play Now events): not scored by
    # the enemy (ruling R19.0)
    self_damage: int = 0
    # end states (18.0)
    struck: bool = False
    captured: bool = False
    # fleet rules: off the board and out of play (R9.3f, R18.0f); in the state's dict only under the fleet rules
    escaped: bool = False
    # terrain: on a shoal and unable to move until she gets off (R9.1f, R17.0a); in the dict only with terrain
    aground: bool = False
    # prize crews switch (R18.0j-R18.0p), in the state's dict only under it: the captor's men aboard this prize,
    # the ship they came from, and the crew points this ship has put aboard prizes (gone, but not hits)
    prize_crew: int = 0
    prize_crew_from: str = ""
    crew_detached: int = 0
    # a prize sailing for her captor (WS&IM D.5, R18.0u-R18.0w), in the state's dict only under `prize_sails`: the
    # side she was taken from (her card's owner), her own men held below as prisoners (D.7), and the damage on
    # her card when she changed hands (hull, rigging, crew), the captor's to score (R19.0i)
    prize_of: str = ""
    prisoners: int = 0
    prize_damage: tuple[int, int, int] = (0, 0, 0)
    # pirate game fire (R17.1g-R17.1j), in the state's dict only under its switch: the fire markers on board, and
    # whether she blew up (struck too, and off the board)
    fire_markers: int = 0
    exploded: bool = False
    # Captains Bold's damage by build (R3.10a), in the state's dict only under its switches: hits marked on each
    # track ('rigging' or a section) of a sloop or heavy frigate. Replaced, never changed in place: copies share it
    hit_marks: dict[str, int] = field(default_factory=dict)

    @property
    def square(self) -> tuple[int, int]:
        return (self.x, self.y)

    @property
    def quality_mod(self) -> int:
        return QUALITY_MOD[self.quality]

    @property
    def dismasted(self) -> bool:
        """3.8: rigging marker in the Strike Check box."""
        return self.rigging == 0

    @property
    def melee_crew(self) -> int:
        """5.1.6: crew points not assigned to another task."""
        return max(0, self.crew - assigned_total(self.assign))

    @property
    def afloat(self) -> bool:
        """Still fighting: not struck, not captured, not escaped (fleet rules)."""
        return not (self.struck or self.captured or self.escaped)

    def damage(self) -> dict[str, int]:
        """Boxes damaged on the card now: what the enemy has scored (19.0)."""
        card = self.card
        hull = sum(len(card.gunnery[s]) - self.gunnery[s] for s in SECTION_NAMES)
        crew = card.crew_points - self.crew - self.crew_detached  # men sent across as prize crews are no hits (R18.0k)
        if self.prize_of:  # R19.0i: her own men are the prisoners; the prize crew's losses count on her too
            crew = card.crew_points - self.prisoners - self.crew_detached + max(0, self.prize_crew - self.crew)
        return {"hull": hull, "rigging": card.rigging_points - self.rigging, "crew": crew}

    def clone(self) -> ShipState:
        return _clone_ship(self)

    def to_dict(self) -> dict[str, Any]:
        """Every field by name (the card by its id); the containers are the state's own, not copies."""
        out: dict[str, Any] = _ship_fields(self)
        return out


def _clone_ship(old: ShipState) -> ShipState:
    """A ship copied field by field, each container of hers afresh (the crew assignment two levels deep): written
    out, with no call per field, since copying states is what the computer captain does most and a fleet copies 24
    ships (benchmarks/engine.py); tests/rules/test_state_copy.py checks that no field is forgotten."""
    new = _new_ship(ShipState)
    new.id = old.id
    new.side = old.side
    new.card = old.card
    new.quality = old.quality
    new.x = old.x
    new.y = old.y
    new.heading = old.heading
    new.sail = old.sail
    new.morale = old.morale
    new.crew = old.crew
    new.rigging = old.rigging
    new.on_fire = old.on_fire
    new.base_mp = old.base_mp
    new.hull_bonus = old.hull_bonus
    new.speed = old.speed
    new.halted = old.halted
    new.spent = old.spent
    new.strain = old.strain
    new.no_back_sail = old.no_back_sail
    new.no_wear = old.no_wear
    new.worn_here = old.worn_here
    new.self_damage = old.self_damage
    new.struck = old.struck
    new.captured = old.captured
    new.escaped = old.escaped
    new.aground = old.aground
    new.prize_crew = old.prize_crew
    new.prize_crew_from = old.prize_crew_from
    new.crew_detached = old.crew_detached
    new.prize_of = old.prize_of
    new.prisoners = old.prisoners
    new.prize_damage = old.prize_damage
    new.fire_markers = old.fire_markers
    new.exploded = old.exploded
    new.hit_marks = old.hit_marks
    new.gunnery = old.gunnery.copy()
    new.red_passed = old.red_passed.copy()
    a = old.assign
    new.assign = {"sailing": a["sailing"], "rigging_change": a["rigging_change"], "rigging_dc": a["rigging_dc"],
                  "hull_dc": a["hull_dc"].copy(), "gunnery": a["gunnery"].copy()}
    new.loads = old.loads.copy()
    new.chasers = old.chasers.copy()
    m = old.maneuver
    new.maneuver = None if m is None else m.copy()
    return new


_new_ship = ShipState.__new__


def _compile_reader(names: tuple[str, ...], card_by_id: bool = False) -> Any:
    """A function returning {name: value} of the named attributes (the `card` as its id): the views and the
    fingerprints read every ship this way, many times a decision (benchmarks/engine.py)."""
    items = ", ".join(f"{n!r}: old.{n}.id" if card_by_id and n == "card" else f"{n!r}: old.{n}" for n in names)
    namespace: dict[str, Any] = {}
    exec(f"def reader(old):\n    return {{{items}}}\n", namespace)  # noqa: S102 - names are our own field names
    return namespace["reader"]


#: fields written in a ship's dict only under the fleet rules, or with terrain (GameState.to_dict), so that a
#: game without them has the same state dict, views and fingerprint as before they existed
_FLEET_SHIP_FIELDS = ("escaped", "aground")
#: the same for the prize crews switch (R18.0j)
_PRIZE_SHIP_FIELDS = ("prize_crew", "prize_crew_from", "crew_detached")
#: the same for the prize sails switch (R18.0v)
_SAIL_SHIP_FIELDS = ("prize_of", "prisoners", "prize_damage")
#: the same for the pirate game fire switch (R17.1j)
_FIRE_SHIP_FIELDS = ("fire_markers", "exploded")
_OPTION_SHIP_FIELDS = _FLEET_SHIP_FIELDS + _PRIZE_SHIP_FIELDS + _SAIL_SHIP_FIELDS + _FIRE_SHIP_FIELDS + ("hit_marks",)  # R3.10a too
_ship_fields = _compile_reader(tuple(f.name for f in fields(ShipState) if f.name not in _OPTION_SHIP_FIELDS),
                               card_by_id=True)


@dataclass(slots=True)
class SideState:
    id: str
    name: str
    nation: str
    ships: list[str]
    hand: list[str] = field(default_factory=list)
    initiative_streak: int = 0  # successive turns holding initiative (6.0)
    struck_voluntarily: bool = False

    def clone(self) -> SideState:
        return _clone_side(self)

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = _side_fields(self)
        return out


_side_fields = _compile_reader(tuple(f.name for f in fields(SideState)))


def _clone_side(old: SideState) -> SideState:
    new = _new_side(SideState)
    new.id, new.name, new.nation, new.ships, new.hand = old.id, old.name, old.nation, old.ships.copy(), old.hand.copy()
    new.initiative_streak = old.initiative_streak
    new.struck_voluntarily = old.struck_voluntarily
    return new


_new_side = SideState.__new__


@dataclass(slots=True)
class GameState:
    scenario_id: str
    wind: int
    sides: dict[str, SideState]
    ships: dict[str, ShipState]
    dice: Dice
    map_size: tuple[int, int]
    relativity: str = "standard"
    turn: int = 1
    segment: str = "setup"
    impulse: int = 0
    initiative: str | None = None  # side id of the Initiative Player (6.0)
    # square -> smoke values (11.6); the values are a tuple, replaced and never changed in place, so copies share it
    smoke: dict[tuple[int, int], tuple[int, ...]] = field(default_factory=dict)
    # reload track (10.0, 11.7): (absolute impulse, ship id, slot, load type, delayed already); an entry is a
    # tuple, replaced and never changed in place, so copies share it
    reload_track: list[ReloadEntry] = field(default_factory=list)
    stacks: list[dict[str, Any]] = field(default_factory=list)  # 9.2 relations of ships sharing a square
    grapples: list[dict[str, Any]] = field(default_factory=list)  # 12.0 / 17.5
    halve_next_turn: list[str] = field(default_factory=list)  # ships halved after disengagement (17.5)
    deck: list[str] = field(default_factory=list)  # Bridge Cards, top = end of list (1.7)
    discard: list[str] = field(default_factory=list)
    turn_limit: int | None = None
    fleet_rules: bool = False  # the fleet rules switch (R9.3f, R18.0f)
    variable_wind: bool = False  # the variable wind switch (R17.8a-R17.8e)
    # Captains Bold and spreading fire switches (R11.4.5i, R11.4.6h, R17.1f), in the dict only when on
    initial_broadside: bool = False
    heavy_guns: bool = False
    fire_spreads: bool = False
    prize_crews: bool = False  # prize crews, prisoners and recapture (R18.0j-R18.0p), in the dict only when on
    prize_sails: bool = False  # a prize carried in melee sails for her captor (WS&IM D.5, R18.0u), likewise
    pirate_fire: bool = False  # the pirate game's fire (R17.1g-R17.1j), in the dict only when on
    pirate_wind: bool = False  # the pirate game's wind (R17.8f-R17.8i), in the dict only when on, with its speed
    sloop_damage: bool = False  # Captains Bold's damage by build (R3.10a), in the dict only when on
    heavy_frigate_damage: bool = False
    wsim_melee: bool = False  # Wooden Ships & Iron Men's melee (R15.0c), in the dict only when on
    wind_speed: str = "fair"
    batteries_fired: dict[str, list[str]] = field(default_factory=dict)  # ship id -> batteries fired (R11.4.5i)
    # islands and shoals, square -> 'island'/'shoal', in the board's present coordinates (R9.3i: they shift with
    # the map; squares shifted off the board are kept). Replaced by a new dict, never changed in place, so
    # copies share it.
    terrain: dict[tuple[int, int], str] = field(default_factory=dict)
    ended: bool = False
    end_reason: str = ""
    # more than two sides (R6.0a-R19.0h), in the dict only then: the initiative order of the sides, lowest
    # first and the Initiative Player last; the hits each side has put on each ship (ship id -> side -> boxes);
    # who captured each ship taken (ship id -> side). With two sides the order is [NIP, IP] and nothing else.
    order: list[str] = field(default_factory=list)
    hits_by: dict[str, dict[str, int]] = field(default_factory=dict)
    captors: dict[str, str] = field(default_factory=dict)
    # where the running segment stands among its steps (game.py: `Game.mark_step`), e.g. ("fire",) in an impulse;
    # () at a segment's start. Immutable (copies share it) and never in the dict: a game's views, fingerprint and
    # rules do not see it; it only lets a copy resume a segment at its last step rather than at its start.
    step: tuple[Any, ...] = ()

    def ip(self) -> str:
        assert self.initiative is not None
        return self.initiative

    def nip(self) -> str:
        """The Non-Initiative Player of two sides; with more, the side lowest in the initiative order (R6.0a)."""
        if len(self.sides) > 2:
            return self.initiative_order()[0]
        return self.other(self.ip())

    def other(self, side: str) -> str:
        """The one opponent of `side` in a two-sided game (a game of more sides has no single other side)."""
        for sid in self.sides:
            if sid != side:
                return sid
        raise KeyError(side)

    def opponents(self, side: str) -> list[str]:
        """Every other side: each side fights every other (R6.0a)."""
        return [sid for sid in self.sides if sid != side]

    def initiative_order(self) -> list[str]:
        """The sides in the order of the initiative roll, lowest first, the Initiative Player last (6.0, R6.0a):
        everything done "the Non-Initiative Player first" is done in this order. Two sides: [NIP, IP]."""
        if len(self.sides) > 2:
            if self.order:
                return list(self.order)
            ip = self.ip()  # no roll has ordered them yet (a state set by hand): the others in scenario order
            return [s for s in self.sides if s != ip] + [ip]
        ip = self.ip()
        return [self.other(ip), ip]

    def rank(self, side: str) -> int:
        """A side's place in the initiative order: higher is nearer the initiative (R6.0a)."""
        return self.initiative_order().index(side)

    def ranks_above(self, side: str, other: str) -> bool:
        """`side` stands higher than `other` in the initiative order: between two ships it plays the
        Initiative Player's part (R6.0b). With two sides: `side` is the IP."""
        if len(self.sides) > 2:
            return self.rank(side) > self.rank(other)
        return side == self.initiative

    def credit_hits(self, target: str, side: str, boxes: int) -> None:
        """Record `boxes` damaged on ship `target` by `side` (R19.0h); kept only with more than two sides."""
        if boxes > 0 and len(self.sides) > 2:
            row = self.hits_by.setdefault(target, {})
            row[side] = row.get(side, 0) + boxes

    def ships_of(self, side: str) -> list[ShipState]:
        return [self.ships[s] for s in self.sides[side].ships]

    def afloat(self, side: str | None = None) -> list[ShipState]:
        """The ships still fighting (of `side`): not struck, captured or escaped."""
        if side is None:
            return [s for s in self.ships.values() if not (s.struck or s.captured or s.escaped)]
        return [s for s in self.ships.values() if s.side == side and not (s.struck or s.captured or s.escaped)]

    def enemies(self, ship: ShipState) -> list[ShipState]:
        return [s for s in self.ships.values() if s.side != ship.side and not (s.struck or s.captured or s.escaped)]

    @property
    def absolute_impulse(self) -> int:
        return (self.turn - 1) * 12 + self.impulse

    def clone(self) -> GameState:
        new = _new_state(GameState)
        new.scenario_id = self.scenario_id
        new.wind = self.wind
        new.map_size = self.map_size
        new.relativity = self.relativity
        new.turn = self.turn
        new.segment = self.segment
        new.impulse = self.impulse
        new.initiative = self.initiative
        new.turn_limit = self.turn_limit
        new.fleet_rules = self.fleet_rules
        new.variable_wind = self.variable_wind
        new.initial_broadside = self.initial_broadside
        new.heavy_guns = self.heavy_guns
        new.fire_spreads = self.fire_spreads
        new.prize_crews = self.prize_crews
        new.prize_sails = self.prize_sails
        new.pirate_fire = self.pirate_fire
        new.pirate_wind = self.pirate_wind
        new.sloop_damage = self.sloop_damage
        new.heavy_frigate_damage = self.heavy_frigate_damage
        new.wsim_melee = self.wsim_melee
        new.wind_speed = self.wind_speed
        new.terrain = self.terrain
        new.ended = self.ended
        new.end_reason = self.end_reason
        new.order = self.order
        new.hits_by = self.hits_by
        new.captors = self.captors
        new.step = self.step
        new.sides = {k: _clone_side(v) for k, v in self.sides.items()}
        new.ships = {k: _clone_ship(v) for k, v in self.ships.items()}
        new.dice = self.dice.clone()
        new.smoke = self.smoke.copy()
        new.reload_track = self.reload_track.copy()
        # most of these are empty most of the time: a new empty one is cheaper than copying it
        new.stacks = [_copy_record(r) for r in self.stacks] if self.stacks else []
        new.grapples = [_copy_record(r) for r in self.grapples] if self.grapples else []
        new.halve_next_turn = self.halve_next_turn.copy() if self.halve_next_turn else []
        new.deck = self.deck.copy()
        new.discard = self.discard.copy()
        new.batteries_fired = {k: v.copy() for k, v in self.batteries_fired.items()} if self.batteries_fired else {}
        if len(self.sides) > 2:  # only then are they filled (and changed in place); two sides share the empty ones
            new.order = self.order.copy()
            new.hits_by = {k: v.copy() for k, v in self.hits_by.items()}
            new.captors = self.captors.copy()
        return new

    def to_dict(self) -> dict[str, Any]:
        out = self._dict()
        if self.fleet_rules:  # only under the switch: a game without it keeps its dict (and fingerprint)
            out["fleet_rules"] = True
            for sid, ship in out["ships"].items():
                ship["escaped"] = self.ships[sid].escaped
        if self.prize_crews:  # likewise (R18.0j): who holds each prize, and the men sent across
            out["prize_crews"] = True
            for sid, ship in out["ships"].items():
                mine = self.ships[sid]
                ship.update(prize_crew=mine.prize_crew, prize_crew_from=mine.prize_crew_from,
                            crew_detached=mine.crew_detached)
        if self.prize_sails:  # likewise (R18.0v): who a sailing prize was taken from, her prisoners
            out["prize_sails"] = True
            for sid, ship in out["ships"].items():
                mine = self.ships[sid]
                ship.update(prize_of=mine.prize_of, prisoners=mine.prisoners, prize_damage=list(mine.prize_damage))
        if self.variable_wind:  # likewise (R17.8e)
            out["variable_wind"] = True
        if self.pirate_wind:  # likewise (R17.8i): the wind's speed
            out["pirate_wind"] = True
            out["wind_speed"] = self.wind_speed
        if self.pirate_fire:  # likewise (R17.1j): each ship's fire markers, and whether she blew up
            out["pirate_fire"] = True
            for sid, ship in out["ships"].items():
                ship.update(fire_markers=self.ships[sid].fire_markers, exploded=self.ships[sid].exploded)
        for name in ("initial_broadside", "heavy_guns", "fire_spreads", "sloop_damage", "heavy_frigate_damage",
                     "wsim_melee"):
            if getattr(self, name):  # the same: only when on
                out[name] = True
        if self.sloop_damage or self.heavy_frigate_damage:  # likewise (R3.10a): the hits marked, public
            for sid, ship in out["ships"].items():
                ship["hit_marks"] = dict(sorted(self.ships[sid].hit_marks.items()))
        if self.initial_broadside:  # which batteries have fired is public (R11.4.5i): in every view
            out["batteries_fired"] = {k: list(v) for k, v in sorted(self.batteries_fired.items())}
        if self.terrain:  # likewise only with terrain (R9.1e): a game at open sea keeps its dict
            out["terrain"] = [[x, y, kind] for (x, y), kind in sorted(self.terrain.items())]
            for sid, ship in out["ships"].items():
                ship["aground"] = self.ships[sid].aground
        if len(self.sides) > 2:  # likewise only with more than two sides (R6.0a, R19.0h)
            out["order"] = list(self.order)
            out["hits_by"] = {k: dict(sorted(v.items())) for k, v in sorted(self.hits_by.items())}
            out["captors"] = dict(sorted(self.captors.items()))
        return out

    def _dict(self) -> dict[str, Any]:
        return {
            "scenario_id": self.scenario_id,
            "wind": self.wind,
            "map_size": list(self.map_size),
            "relativity": self.relativity,
            "turn": self.turn,
            "segment": self.segment,
            "impulse": self.impulse,
            "initiative": self.initiative,
            "sides": {k: v.to_dict() for k, v in self.sides.items()},
            "ships": {k: v.to_dict() for k, v in self.ships.items()},
            "dice": {"seed": self.dice.seed, "counter": self.dice.counter},
            "smoke": [[x, y, list(v)] for (x, y), v in sorted(self.smoke.items())],
            "reload_track": [list(r) for r in self.reload_track],
            "stacks": self.stacks,
            "grapples": self.grapples,
            "halve_next_turn": list(self.halve_next_turn),
            "deck": list(self.deck),
            "discard": list(self.discard),
            "turn_limit": self.turn_limit,
            "ended": self.ended,
            "end_reason": self.end_reason,
        }


def _copy_record(record: dict[str, Any]) -> dict[str, Any]:
    return {k: (dict(v) if isinstance(v, dict) else list(v) if isinstance(v, list) else v) for k, v in record.items()}


_new_state = GameState.__new__
