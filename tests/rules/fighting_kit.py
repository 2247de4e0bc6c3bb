"""Helpers for the fighting-half rules tests: scripted dice, a game stopped after set-up in exact positions,
and a runner that drives one rules generator (fire step, hull hits, housekeeping step...) on its own.

    game = ready(a=(10, 12, 1), b=(14, 12, 1), wind=3)   # crew assigned, initiative fixed to 'us'
    script(game, [5, 6, 2, ...])                          # the next d6 results, in order
    run(game, fire_stages(game), fire={"us": {...}})
    assert dice_left(game) == []
"""

from __future__ import annotations

from collections.abc import Callable, Generator
from typing import Any

from cs_desktop.rules.cards import SECTION_NAMES
from cs_desktop.rules.decisions import Request, validate
from cs_desktop.rules.dice import Dice
from cs_desktop.rules.game import Game

from tests.rules.harness import at, drive, duel


class ScriptedDice:
    """A stand-in for the game's dice: d6() returns the scripted values in order (and fails when they run
    out, so a test sees every die the engine rolls); shuffles use an ordinary seeded generator."""

    def __init__(self, values: list[int], fallback: Dice | None = None) -> None:
        self.values = list(values)
        self.fallback = fallback or Dice(1)
        self.seed = self.fallback.seed

    @property
    def counter(self) -> int:
        return self.fallback.counter

    def d6(self) -> int:
        if not self.values:
            raise AssertionError("the engine rolled more dice than the test scripted")
        v = self.values.pop(0)
        assert 1 <= v <= 6
        return v

    def below(self, n: int) -> int:
        return self.fallback.below(n)

    def shuffle(self, items: list) -> None:  # type: ignore[type-arg]
        self.fallback.shuffle(items)

    def choice(self, items):  # type: ignore[no-untyped-def]
        return self.fallback.choice(items)

    def clone(self) -> ScriptedDice:
        return ScriptedDice(self.values, self.fallback.clone())


def script(game: Game, values: list[int]) -> None:
    game.state.dice = ScriptedDice(values)  # type: ignore[assignment]


def dice_left(game: Game) -> list[int]:
    return list(game.state.dice.values)  # type: ignore[attr-defined]


def ready(a: tuple[int, int, int] = (10, 12, 1), b: tuple[int, int, int] = (14, 12, 1), *, wind: int = 5,
          initiative: str = "us", **kw: Any) -> Game:
    """A duel driven to the first maneuver selection (crew fully on the guns), initiative set to `initiative`,
    the ships put back on `a` and `b`."""
    game = duel(a=a, b=b, wind=wind, **kw)
    drive(game, until=at("select_maneuver"))
    state = game.state
    state.initiative = initiative
    for ship, (x, y, h) in zip(state.ships.values(), (a, b)):
        ship.x, ship.y, ship.heading = x, y, h
    state.wind = wind
    state.smoke = {}
    state.step = ()  # the game waits inside the selection segment; the tests run rules generators by hand from their start
    return game


def mark(game: Game) -> int:
    return len(game.events)


def rolls_since(game: Game, start: int, purpose: str | None = None) -> list[dict[str, Any]]:
    return [e for e in game.events[start:] if e["type"] == "roll"
            and (purpose is None or e["purpose"] == purpose or e["purpose"].startswith(purpose))]


def events_since(game: Game, start: int, kind: str) -> list[dict[str, Any]]:
    return [e for e in game.events[start:] if e["type"] == kind]


def mods_of(event: dict[str, Any]) -> dict[str, int]:
    return {label: value for label, value in event["modifiers"]}


Responder = Callable[[Request], Any]

DEFAULT_ANSWERS: dict[str, Responder] = {
    "bonus_cards": lambda r: [],
    "select_load": lambda r: {k: "round" for k in (r.ships or {})},
    "hull_first": lambda r: r.options[0],  # type: ignore[index]
    "discard_card": lambda r: r.options[0],  # type: ignore[index]
    "fire": lambda r: {s: opts[0] for s, opts in (r.ships or {}).items()},
    "disengage": lambda r: False,
    "sail_change": lambda r: False,
    "melee_continue": lambda r: False,
    "melee_support": lambda r: list(r.info["suggested"]),
    "grapple": lambda r: False,
    "melee": lambda r: False,
}


def run(game: Game, gen: Generator[list[Request], dict[str, Any], Any], log: list[Request] | None = None,
        **answers: Any) -> Any:
    """Drive `gen` to its end. `answers[kind]` is a value or a callable(request) used for every request of
    that kind, or a tuple of them used in turn; other kinds get DEFAULT_ANSWERS. Every answer must be legal.
    Requests are appended to `log`."""
    queues = {k: list(v) if isinstance(v, tuple) else v for k, v in answers.items()}
    try:
        requests = gen.send(None)  # type: ignore[arg-type]
        while True:
            reply = {}
            for r in requests:
                if log is not None:
                    log.append(r)
                if r.kind in queues:
                    value = queues[r.kind].pop(0) if isinstance(answers[r.kind], tuple) else queues[r.kind]
                else:
                    value = DEFAULT_ANSWERS[r.kind]
                if callable(value):
                    value = value(r)
                refusal = validate(game.state, r, value)
                assert refusal is None, f"test answer refused: {refusal}"
                reply[r.side] = value
            requests = gen.send(reply)
    except StopIteration as stop:
        return stop.value


def man(game: Game, ship_id: str, **gunnery: int) -> None:
    """Set the crew on each named section's guns (others 0)."""
    ship = game.state.ships[ship_id]
    ship.assign["gunnery"] = {s: gunnery.get(s, 0) for s in SECTION_NAMES}


def unload(game: Game, ship_id: str) -> None:
    ship = game.state.ships[ship_id]
    ship.loads = {s: None for s in SECTION_NAMES}
    ship.chasers = {"bow": False, "stern": False}
