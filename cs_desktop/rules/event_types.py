"""The shape of an event of the game's log (`Game.events`, a view's `events`, an online frame's events): a type
the checker reads. Types, and `ship_of` to read the ship of an event that always names one: an event stays the
plain dict `Game.emit_with` makes (saved games, fingerprints and frames are the same bytes).

Every event has its number, turn, impulse, kind (the key `type`, one of `EventKind`), rule and line for the log;
`visible_to` only when one side alone may see it. The other fields are those of its kind (the keywords of the
`emit` that made it, a roll's in rolls._rolled), so they are all `NotRequired` (total=False): one type for all
kinds, as the readers look at the kind and then at its fields. A field whose type differs between kinds
(`before`: a wind heading or a wind speed) has the union of them; a record a rule module owns (a maneuver, a
game's result, a battery's loads) stays a dict by name. tests/rules/test_event_types.py checks the events of
real games against it.

No `from __future__ import annotations` here: `Required` must be read when the class is made (the type's
`__required_keys__`, which the test reads).
"""

from typing import Any, Literal, Required, TypedDict

#: the kinds of event the rules emit (`Game.emit`); "hidden" is a placeholder for an event the side may not see
#: (determinize.public_events)
EventKind = Literal[
    "adrift", "afloat", "aground", "announce", "back_sail", "blast", "bonus_ok", "both_strike", "burst", "cancels",
    "captured", "card_discarded", "card_drawn", "card_set_aside", "cards_discarded", "crew", "crew_done",
    "damage_effects", "disengaged", "escaped", "exploded", "fire", "fire_caught", "fire_grows",
    "fire_marker_removed", "fire_out", "fire_spreads", "game_end", "grapple_failed", "grappled", "hand", "hidden", "hit",
    "hit_marked", "hits", "ignored", "in_irons", "initial_broadside", "initiative", "initiative_order",
    "land_ahead", "load_marker", "load_type", "loads", "maneuver_lost", "map_edge", "map_shift", "melee",
    "melee_disengaged", "melee_goes_on", "melee_round", "morale", "morale_held", "move", "no_effect",
    "pass_through", "play_now", "possession", "prisoners_hit", "prize_crew", "prize_sails", "reload",
    "reload_delayed", "reload_lost", "reload_type", "repair", "repulsed", "reroll", "reshuffle", "retake_boarding",
    "retake_repulsed", "retake_round", "retaken", "reveal", "roll", "sail", "selected", "setup", "shoal_clear",
    "side_beaten", "smoke", "speed", "stacking", "still_aground", "strain", "strike", "struck", "tie", "turn",
    "wind", "wind_holds", "wind_speed", "would_strike"
]


class ViewEvent(TypedDict, total=False):
    """One event of the log."""

    n: Required[int]
    turn: Required[int]
    impulse: Required[int]
    type: Required[EventKind]
    rule: Required[str]
    text: Required[str]
    #: the one side that may see it (absent: every side)
    visible_to: str
    # the fields of its kind
    #: the side it is about (a roll for no side: None)
    side: str | None
    #: the ship it is about (a roll for a side, not a ship: None)
    ship: str | None
    ships: list[str]
    target: str
    source: str
    prize: str
    prize_of: str
    hulk: str
    card: str
    cards: list[str]
    played: list[Any]
    hand_size: int
    # a roll (rolls._rolled), and what its caller adds
    purpose: str
    dice: list[int]
    faces: list[int]
    modifiers: list[list[Any]]
    card_bonus: list[int]
    modified: list[int]
    why: list[str]
    aim: str
    #: the end of the target raked (bow, stern), or None
    rake: str | None
    section: str
    sections: list[str]
    boxes: list[str]
    hull_hits: int
    steps: list[int]
    ruling: str
    # damage and fire
    track: str
    hits: int
    value: int
    cancels: int
    attacker_hits: int
    defender_hits: int
    crew: int
    crew_lost: int
    hull: int
    rigging: int
    total: int
    score: int
    markers: int
    damage: list[int]
    # crew, loads and reloading
    assign: dict[str, Any]
    load: str
    loads: dict[str, Any]
    slot: str
    due: int
    # movement and the wind
    square: list[int]
    squares: int
    heading: int
    headings: list[int]
    sail: str
    speed: int
    base: int
    bonus: int
    #: a map shift's squares; a wind shift's way (veer, back) or its points (pirate wind)
    shift: list[int] | str | int
    wind: int
    wind_speed: str
    #: the wind before a change: a heading (wind), or a speed (wind_speed)
    before: int | str
    added: int
    gone: int
    relation: str
    maneuver: dict[str, Any]
    choice: Any
    reveals: bool
    # initiative, morale, prizes and the end
    streak: int
    order: list[str]
    morale: int
    men: int
    prisoners: int
    prize_crew_lost: int
    dropped: Any
    battery: str
    result: dict[str, Any]


def ship_of(event: ViewEvent) -> str:
    """The ship an event names, for the kinds that always name one (every kind with a `ship` but a roll, whose
    `ship` is None when it is a side's and not a ship's)."""
    ship = event["ship"]
    if ship is None:
        raise KeyError(f"event {event['n']} ({event['type']}) names no ship")
    return ship
