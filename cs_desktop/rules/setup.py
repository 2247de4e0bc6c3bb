"""2.0 Setup: ships on their start squares, tracks at their highest boxes, sail state and loads chosen,
three Bridge Cards drawn (Play Now cards set aside and replaced, no reshuffle)."""

from __future__ import annotations

from collections.abc import Generator, Mapping
from typing import TYPE_CHECKING, Any

from cs_desktop.rules.cards import SECTION_NAMES, Scenario, ShipCard, StartState
from cs_desktop.rules.decisions import VALIDATORS, SAMPLERS, Refusal, Request
from cs_desktop.rules.dice import Dice
from cs_desktop.rules.state import FAIR, HANDY, UNFIT, GameState, ShipState, SideState
from cs_desktop.rules.tables import get_tables

if TYPE_CHECKING:
    from cs_desktop.rules.referee import Referee

LOAD_TYPES = ("round", "chain", "double")
SAIL_STATES = ("medium", "fighting")


def ship_ids(scenario: Scenario) -> list[tuple[str, int, int]]:
    """Game ids of the scenario's ships: the card id, suffixed when a card appears more than once."""
    seen: dict[str, int] = {}
    out = []
    for si, side in enumerate(scenario.sides):
        for k, entry in enumerate(side.ships):
            base = entry.ship_id
            seen[base] = seen.get(base, 0) + 1
            out.append((base if seen[base] == 1 else f"{base}-{seen[base]}", si, k))
    return out


def options_problem(scenario: Scenario, options: Mapping[str, Any]) -> str | None:
    """Why the game options (over the scenario's) cannot make a game, or None: the prize crews option
    needs the fleet rules (R18.0j)."""
    fleet = bool(options.get("fleet_rules", scenario.options.fleet_rules))
    if bool(options.get("prize_crews", scenario.options.prize_crews)) and not fleet:
        return ("prize_crews needs fleet_rules: prize crews go aboard the hulks and captures of the fleet rules "
                "(R18.0j); set fleet_rules to true as well, or leave prize_crews out")
    if bool(options.get("prize_sails", scenario.options.prize_sails)):
        if not bool(options.get("prize_crews", scenario.options.prize_crews)):
            return ("prize_sails needs prize_crews: a prize sails under her prize crew (R18.0v); set prize_crews "
                    "(and fleet_rules) to true as well, or leave prize_sails out")
        if len(scenario.sides) > 2:
            return f"prize_sails is for two sides; {scenario.id} has {len(scenario.sides)} (R18.0v)"
    return None


def initial_state(scenario: Scenario, cards: Mapping[str, ShipCard], seed: int,
                  options: Mapping[str, Any]) -> GameState:
    problem = options_problem(scenario, options)
    if problem:
        raise ValueError(problem)
    tables = get_tables()
    sides: dict[str, SideState] = {}
    ships: dict[str, ShipState] = {}
    for side in scenario.sides:
        sides[side.id] = SideState(side.id, side.name, side.nation, [])
    for ship_id, si, k in ship_ids(scenario):
        side = scenario.sides[si]
        entry = side.ships[k]
        card = entry.ship if isinstance(entry.ship, ShipCard) else cards[entry.ship]
        x, y = tables.map.start[entry.start] if isinstance(entry.start, str) else entry.start
        ship = ShipState(
            id=ship_id, side=side.id, card=card,
            quality=entry.crew_quality or card.historical_crew_quality,
            x=x, y=y, heading=entry.heading, morale=HANDY,
            crew=card.crew_points, rigging=card.rigging_points,
            gunnery={s: len(card.gunnery[s]) for s in SECTION_NAMES},
            loads={s: None for s in SECTION_NAMES},
            chasers={end: card.chasers.get(end, 0) > 0 for end in ("bow", "stern")},
        )
        if entry.start_state is not None:
            _carry_over(ship, entry.start_state)
        ships[ship_id] = ship
        sides[side.id].ships.append(ship_id)
    relativity = options.get("relativity", scenario.options.relativity)
    state = GameState(
        scenario_id=scenario.id, wind=scenario.wind, sides=sides, ships=ships, dice=Dice(seed),
        map_size=(tables.map.width, tables.map.height), relativity=relativity,
        turn_limit=options.get("turn_limit", scenario.options.turn_limit),
        fleet_rules=bool(options.get("fleet_rules", scenario.options.fleet_rules)),
        variable_wind=bool(options.get("variable_wind", scenario.options.variable_wind)),
        initial_broadside=bool(options.get("initial_broadside", scenario.options.initial_broadside)),
        heavy_guns=bool(options.get("heavy_guns", scenario.options.heavy_guns)),
        fire_spreads=bool(options.get("fire_spreads", scenario.options.fire_spreads)),
        terrain=scenario.terrain_squares(),
        prize_crews=bool(options.get("prize_crews", scenario.options.prize_crews)),
        pirate_fire=bool(options.get("pirate_fire", scenario.options.pirate_fire)),
        pirate_wind=bool(options.get("pirate_wind", scenario.options.pirate_wind)),
        sloop_damage=bool(options.get("sloop_damage", scenario.options.sloop_damage)),
        heavy_frigate_damage=bool(options.get("heavy_frigate_damage", scenario.options.heavy_frigate_damage)),
        wsim_melee=bool(options.get("wsim_melee", scenario.options.wsim_melee)),
        prize_sails=bool(options.get("prize_sails", scenario.options.prize_sails)),
    )
    if options.get("bridge_cards", True):
        from cs_desktop.rules.deck import new_deck

        state.deck = new_deck(state.dice)
    return state


#: crew morale boxes a ship may start in (3.4): a ship never starts a battle in the Strike Check box
START_MORALE = {"handy": HANDY, "fair": FAIR, "unfit": UNFIT}


def start_state_problems(card: ShipCard, start: StartState) -> list[tuple[str, str]]:
    """A start state that does not fit the card, as (field, problem); [] if it fits."""
    out: list[tuple[str, str]] = []
    if start.crew is not None and start.crew > card.crew_points:
        out.append(("start_state.crew", f"box {start.crew} is above the top of {card.name}'s crew track "
                                        f"({card.crew_points})"))
    if start.rigging is not None and start.rigging > card.rigging_points:
        out.append(("start_state.rigging", f"box {start.rigging} is above the top of {card.name}'s rigging "
                                           f"track ({card.rigging_points})"))
    for section, box in start.gunnery.items():
        top = len(card.gunnery[section])
        if box > top:
            out.append((f"start_state.gunnery.{section}", f"box {box} is above the top of {card.name}'s "
                                                          f"{section.replace('_', ' ')} track ({top})"))
    return out


def _carry_over(ship: ShipState, start: StartState) -> None:
    """2.0 with damage carried over: the tracks start at the given boxes. A red box at or above the crew
    box was entered in an earlier battle, so its morale check is not taken again (3.9)."""
    if start.crew is not None:
        ship.crew = start.crew
        ship.red_passed = sorted(b for b in ship.card.crew_red_boxes if ship.crew <= b)
    if start.rigging is not None:
        ship.rigging = start.rigging
    for section, box in start.gunnery.items():
        ship.gunnery[section] = box
    if start.morale is not None:
        ship.morale = START_MORALE[start.morale]


def setup_request(state: GameState, side: str) -> Request:
    ships = [s.id for s in state.ships_of(side)]
    return Request(
        "setup", side, "2.0",
        "Choose each ship's sail state (Fighting or Medium Sail) and the load of each broadside (hidden)",
        info={"ships": ships, "sail": list(SAIL_STATES), "loads": list(LOAD_TYPES), "sections": list(SECTION_NAMES)},
    )


def segment_setup(g: Referee) -> Generator[list[Request], dict[str, Any], None]:
    state = g.state
    answers = yield [setup_request(state, side) for side in state.sides]
    for side, answer in answers.items():
        for ship_id, choice in answer.items():
            ship = state.ships[ship_id]
            ship.sail = choice["sail"]
            for section in SECTION_NAMES:
                ship.loads[section] = choice["loads"][section]
            g.emit("setup", "2.0", f"{ship.card.name} sets {ship.sail} sail and loads her guns",
                   ship=ship_id, sail=ship.sail)
            loads = ", ".join(f"{sec.replace('_', ' ')} {choice['loads'][sec]}" for sec in SECTION_NAMES)
            g.emit("loads", "2.0", f"{ship.card.name} loads: {loads}", visible_to=side, ship=ship_id,
                   loads=dict(choice["loads"]))
    if state.deck:
        from cs_desktop.rules.bridge_cards import initial_draw

        initial_draw(g)
    state.segment = "crew"


def _validate_setup(state: GameState, request: Request, answer: Any) -> Refusal | None:
    ships = request.info["ships"]
    if not isinstance(answer, dict) or set(answer) != set(ships):
        return Refusal("2.0", f"give a choice for each of your ships: {ships}")
    for ship_id, choice in answer.items():
        if not isinstance(choice, dict) or set(choice) != {"sail", "loads"}:
            return Refusal("2.0", f"{ship_id}: give 'sail' and 'loads'")
        if choice["sail"] not in SAIL_STATES:
            return Refusal("2.0", f"{ship_id}: sail state must be one of {SAIL_STATES}")
        loads = choice["loads"]
        if not isinstance(loads, dict) or set(loads) != set(SECTION_NAMES):
            return Refusal("2.0", f"{ship_id}: give a load for each of {list(SECTION_NAMES)}")
        if any(v not in LOAD_TYPES for v in loads.values()):
            return Refusal("2.0", f"{ship_id}: loads are Round, Chain or Double Shot: {LOAD_TYPES}")
    return None


def _sample_setup(state: GameState, request: Request, rng: Dice) -> dict[str, Any]:
    return {
        ship_id: {"sail": rng.choice(SAIL_STATES), "loads": {s: rng.choice(LOAD_TYPES) for s in SECTION_NAMES}}
        for ship_id in request.info["ships"]
    }


VALIDATORS["setup"] = _validate_setup
SAMPLERS["setup"] = _sample_setup
