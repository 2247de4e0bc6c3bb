"""Build small games in exact positions and drive them to the moment a test needs.

    game = duel(a=(10, 12, 3), b=(14, 12, 7), wind=5)      # ships at squares with headings
    drive(game, until=lambda g: g.state.segment == "select")
    answer(game, "us", {...})                                 # asserts the answer is accepted

`drive` answers every request with `scripted` answers (a dict kind -> function(game, request) -> answer)
or, failing that, a plain default: medium sail and round shot, guns fully manned, hold fire, first option.
Bridge Cards are off unless a test turns them on (options={"bridge_cards": True}).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

from cs_desktop import SCENARIOS
from cs_desktop.formats.files import load_ship
from cs_desktop.rules.cards import SECTION_NAMES, Scenario, ShipCard
from cs_desktop.rules.decisions import Request, sample
from cs_desktop.rules.dice import Dice
from cs_desktop.rules.game import Game
from cs_desktop.rules.crew import man_the_guns

Policy = dict[str, Callable[[Game, Request], Any]]


def ship_card(ship_id: str, **changes: Any) -> ShipCard:
    card = load_ship(SCENARIOS / "ships" / f"{ship_id}.json")
    return card.model_copy(update=changes) if changes else card


def duel(a: tuple[int, int, int] = (10, 12, 3), b: tuple[int, int, int] = (22, 12, 7), *, wind: int = 5,
         ships: tuple[str, str] = ("constitution", "java"), seed: int = 0, options: dict[str, Any] | None = None,
         qualities: tuple[str | None, str | None] = (None, None), engagement: str = "meeting",
         cards: dict[str, ShipCard] | None = None, extra: dict[str, list[tuple[str, tuple[int, int, int]]]] | None = None,
         relativity: str = "standard", victory_override: dict[str, dict[str, float]] | None = None,
         terrain: list[dict[str, Any]] | None = None) -> Game:
    """Side 'us' sails ships[0] from a=(x, y, heading); side 'gb' sails ships[1] from b. `victory_override`
    prints a side's own terms (20.0) in place of the computed 20.1 ones; `terrain` is the scenario's islands and
    shoals (left out when None)."""
    cards = dict(cards or {})
    for sid in ships:
        cards.setdefault(sid, ship_card(sid))
    side_ships: dict[str, list[dict[str, Any]]] = {
        "us": [{"ship": ships[0], "start": [a[0], a[1]], "heading": a[2], "crew_quality": qualities[0]}],
        "gb": [{"ship": ships[1], "start": [b[0], b[1]], "heading": b[2], "crew_quality": qualities[1]}],
    }
    for side, more in (extra or {}).items():
        for sid, (x, y, h) in more:
            cards.setdefault(sid, ship_card(sid))
            side_ships[side].append({"ship": sid, "start": [x, y], "heading": h, "crew_quality": None})
    scenario = Scenario.model_validate({
        "id": "test-duel", "title": "Test duel", "date": "1812-01-01", "engagement": engagement, "wind": wind,
        "sides": [
            {"id": "us", "name": "United States", "nation": "US", "ships": side_ships["us"]},
            {"id": "gb", "name": "Britain", "nation": "GB", "ships": side_ships["gb"]},
        ],
        "options": {"relativity": relativity},
        "victory_override": victory_override or {},
        **({"terrain": terrain} if terrain is not None else {}),
    })
    opts = {"bridge_cards": False, "bonus_cards": False}
    opts.update(options or {})
    return Game(scenario, cards, seed, opts)


def full_gunnery(game: Game, request: Request) -> dict[str, Any]:
    return {ship_id: man_the_guns(lim, sailing=False) for ship_id, lim in request.info["limits"].items()}


def _first_non_strain(game: Game, request: Request) -> dict[str, Any]:
    assert request.ships is not None
    out = {}
    for ship_id, opts in request.ships.items():
        plain = [o for o in opts if not o.get("strain")]
        out[ship_id] = (plain or list(opts))[0]
    return out


DEFAULTS: Policy = {
    "setup": lambda g, r: {s: {"sail": "medium", "loads": {sec: "round" for sec in SECTION_NAMES}}
                           for s in r.info["ships"]},
    "assign_crew": full_gunnery,
    "select_maneuver": _first_non_strain,
    "fire": lambda g, r: {s: opts[0] for s, opts in (r.ships or {}).items()},  # hold fire
    "select_load": lambda g, r: {k: "round" for k in (r.ships or {})},
    "bonus_move": lambda g, r: {s: 0 for s in (r.ships or {})},
    "bonus_cards": lambda g, r: [],
    "grapple": lambda g, r: False,
    "melee": lambda g, r: False,
    "disengage": lambda g, r: False,
    "sail_change": lambda g, r: False,
    "move_order": lambda g, r: "initiative_first",
    "advance_turn": lambda g, r: {s: opts[0] for s, opts in (r.ships or {}).items()},
}


def answer(game: Game, side: str, value: Any) -> list[dict[str, Any]]:
    result = game.submit(side, value)
    assert result, f"refused: {result}"
    return result.events  # type: ignore[union-attr]


def respond(game: Game, request: Request, policy: Policy | None = None, rng: Dice | None = None) -> Any:
    chosen = (policy or {}).get(request.kind) or DEFAULTS.get(request.kind)
    if chosen is not None:
        return chosen(game, request)
    return sample(game.state, request, rng or Dice(7))


def drive(game: Game, until: Callable[[Game], bool] | None = None, policy: Policy | None = None,
          limit: int = 20_000) -> Game:
    """Answer requests until `until(game)` is true (checked before each answer) or the game ends."""
    rng = Dice(11)
    for _ in range(limit):
        if until is not None and until(game):
            return game
        pending = game.pending
        if not pending:
            return game
        request = pending[0]
        answer(game, request.side, respond(game, request, policy, rng))
    raise AssertionError("drive(): limit reached")


def pending_kind(game: Game) -> str | None:
    return game.pending[0].kind if game.pending else None


def at(kind: str, side: str | None = None) -> Callable[[Game], bool]:
    """until= predicate: a request of `kind` (for `side`) is pending."""
    return lambda g: any(r.kind == kind and (side is None or r.side == side) for r in g.pending)


def events_of(game: Game, kind: str) -> list[dict[str, Any]]:
    return [e for e in game.events if e["type"] == kind]


def random_requests(scenario_file: str, seeds: range, options: dict[str, Any] | None = None,
                    limit: int = 1500) -> Iterator[tuple[Game, Request]]:
    """Every request of random-captain games of a shipped scenario (game seed `seed`, captains seeded from it),
    with its game as it stands when the request is pending; the game goes on after the caller has looked."""
    from cs_desktop.ai.random_policy import RandomCaptain
    from cs_desktop.ai.seat import Seat
    from cs_desktop.formats.files import load_scenario_with_ships

    scenario, ships = load_scenario_with_ships(SCENARIOS / scenario_file)
    for seed in seeds:
        game = Game(scenario, ships, seed, options)
        captains = {s.id: RandomCaptain(seed * 10 + i) for i, s in enumerate(scenario.sides)}
        for _ in range(limit):
            if not game.pending:
                break
            for request in game.pending:
                yield game, request
            r = game.pending[0]
            answer(game, r.side, captains[r.side].choose(Seat(game, r)))
