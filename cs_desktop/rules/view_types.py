"""The shape of a side's view (`views.side_view`, `Game.view(side)`) as types the checker reads: what the screen
model carries and the GUI draws. Types only, no code: the view itself stays the plain dict the state writes
(`GameState.to_dict`), so saved games, fingerprints and online frames are the same bytes.

A key is `NotRequired` when the view has it only sometimes: a rule switch's fields (in the state's dict only when
the switch is on, so a game without it keeps its dict), the referee's dice (gone from a side's view), the events
(left out of a view made without them). Where a side's view hides what the other side may not know, the field
has both shapes: the other side's hand and the deck are counts, his loads are only whether a gun is loaded, his
strain is only whether he strains (`bool`, an `int`), his unrevealed maneuver is `{"hidden": True}`.

An event is typed in rules/event_types.py (`ViewEvent`: the common fields, and those of every kind, each only
sometimes); the records whose fields a rule module owns (stacks, grapples, a maneuver, the crew assignment, a
request's info) stay dicts by name.

No `from __future__ import annotations` here: `NotRequired` must be read when the class is made, for the type's
`__required_keys__` (tests/rules/test_view_types.py checks real views against them).
"""

from typing import Any, NotRequired, TypedDict

from cs_desktop.rules.event_types import ViewEvent

__all__ = ["BoardShip", "PublicBoard", "SideView", "ViewEvent", "ViewRequest", "ViewShip", "ViewSide", "ViewTops"]


class ViewShip(TypedDict):
    """A ship in a view (ShipState's fields by name, her card by its id)."""

    id: str
    side: str
    card: str
    quality: str
    x: int
    y: int
    heading: int
    sail: str
    morale: int
    crew: int
    rigging: int
    gunnery: dict[str, int]
    red_passed: list[int]
    assign: dict[str, Any]
    #: slot -> load type; in a view of the other side's ship, slot -> loaded or not
    loads: dict[str, Any]
    chasers: dict[str, bool]
    on_fire: bool
    base_mp: int
    hull_bonus: int
    speed: int
    halted: bool
    #: None: no maneuver plotted; {"hidden": True}: the other side's, not yet revealed
    maneuver: dict[str, Any] | None
    spent: int
    #: how much she strains; in a view of the other side's ship, only whether she does (a bool)
    strain: int
    no_back_sail: bool
    no_wear: bool
    worn_here: bool
    self_damage: int
    struck: bool
    captured: bool
    escaped: NotRequired[bool]  # fleet rules
    aground: NotRequired[bool]  # terrain
    prize_crew: NotRequired[int]  # prize crews
    prize_crew_from: NotRequired[str]
    crew_detached: NotRequired[int]
    prize_of: NotRequired[str]  # prize sails
    prisoners: NotRequired[int]
    prize_damage: NotRequired[list[int]]
    fire_markers: NotRequired[int]  # pirate fire
    exploded: NotRequired[bool]
    hit_marks: NotRequired[dict[str, int]]  # damage by build


class ViewSide(TypedDict):
    """A side in a view; the other side's hand is only its size."""

    id: str
    name: str
    nation: str
    ships: list[str]
    hand: list[str] | int
    initiative_streak: int
    struck_voluntarily: bool


class ViewRequest(TypedDict):
    """A pending request (decisions.Request.to_dict)."""

    kind: str
    side: str
    rule: str
    prompt: str
    options: list[Any] | None
    ships: dict[str, list[Any]] | None
    info: dict[str, Any]


class ViewTops(TypedDict):
    """A ship's highest boxes, from her card."""

    crew: int
    rigging: int
    gunnery: dict[str, int]


class BoardShip(TypedDict):
    """A ship on the public board (`views.public_board`): where she is and whether she still fights."""

    side: str
    x: int
    y: int
    heading: int
    speed: int
    struck: bool
    captured: bool
    escaped: NotRequired[bool]  # fleet rules


class PublicBoard(TypedDict):
    """The board as every side sees it (`views.public_board`, a seat's `board()`): the same keys of a view."""

    wind: int
    map_size: list[int]
    ships: dict[str, BoardShip]
    terrain: NotRequired[list[list[Any]]]


class SideView(TypedDict):
    """What `Game.view(side)` returns: the state a side may see (the referee's, side None, sees all)."""

    scenario_id: str
    wind: int
    map_size: list[int]
    relativity: str
    turn: int
    segment: str
    impulse: int
    initiative: str | None
    sides: dict[str, ViewSide]
    ships: dict[str, ViewShip]
    dice: NotRequired[dict[str, int]]  # the referee's view only
    smoke: list[list[Any]]
    #: [due impulse, ship, slot, load (None: the other side's), delayed]
    reload_track: list[list[Any]]
    stacks: list[dict[str, Any]]
    grapples: list[dict[str, Any]]
    halve_next_turn: list[str]
    #: the deck; in a side's view only its size
    deck: list[str] | int
    discard: list[str]
    turn_limit: int | None
    ended: bool
    end_reason: str
    pending: list[ViewRequest]
    events: NotRequired[list[ViewEvent]]
    tops: dict[str, ViewTops]
    # the rule switches, each only when on (GameState.to_dict)
    fleet_rules: NotRequired[bool]
    prize_crews: NotRequired[bool]
    prize_sails: NotRequired[bool]
    variable_wind: NotRequired[bool]
    pirate_wind: NotRequired[bool]
    wind_speed: NotRequired[str]
    pirate_fire: NotRequired[bool]
    initial_broadside: NotRequired[bool]
    heavy_guns: NotRequired[bool]
    fire_spreads: NotRequired[bool]
    sloop_damage: NotRequired[bool]
    heavy_frigate_damage: NotRequired[bool]
    wsim_melee: NotRequired[bool]
    batteries_fired: NotRequired[dict[str, list[str]]]
    terrain: NotRequired[list[list[Any]]]
    # more than two sides only
    order: NotRequired[list[str]]
    hits_by: NotRequired[dict[str, dict[str, int]]]
    captors: NotRequired[dict[str, str]]
