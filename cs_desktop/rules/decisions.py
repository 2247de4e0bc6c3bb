"""What the engine waits for (BRIEF §3): requests for decisions, and refusals of illegal answers.

A segment of the turn yields a list of `Request`s — one per side that must decide now; several at once for
simultaneous secret choices (crew assignment, maneuver selection) — and receives a dict side -> answer.
Answers are plain JSON values. A request either lists its legal answers (`options`, or `ships` for one
option list per ship, the answer then being ``{ship_id: option}``) or names a validator (`VALIDATORS`) for
answers too many to list (a crew assignment), with a sampler for random play.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from cs_desktop.rules.answers import among, same, show

if TYPE_CHECKING:
    from cs_desktop.rules.dice import Dice
    from cs_desktop.rules.state import GameState


@dataclass(frozen=True, slots=True, init=False)
class Request:
    kind: str
    side: str
    rule: str
    prompt: str
    options: tuple[Any, ...] | None
    ships: dict[str, tuple[Any, ...]] | None
    info: dict[str, Any]
    #: a Hold-card offer's roll: what it needs (rolls.needs, 1.7.3). Derived from the state, like a view, so it
    #: is left out of `to_dict` and so of the game's fingerprint; a request sent elsewhere goes without it
    needs: dict[str, Any] | None

    def __init__(self, kind: str, side: str, rule: str, prompt: str, options: tuple[Any, ...] | None = None,
                 ships: dict[str, tuple[Any, ...]] | None = None, info: dict[str, Any] | None = None,
                 needs: dict[str, Any] | None = None) -> None:
        # written out as the dataclass would make it: the compiled build compiles a written __init__ (about 0.03
        # against 0.45 µs), while the one @dataclass generates stays interpreted; a request is made per question
        object.__setattr__(self, "kind", kind)
        object.__setattr__(self, "side", side)
        object.__setattr__(self, "rule", rule)
        object.__setattr__(self, "prompt", prompt)
        object.__setattr__(self, "options", options)
        object.__setattr__(self, "ships", ships)
        object.__setattr__(self, "info", {} if info is None else info)
        object.__setattr__(self, "needs", needs)

    def to_dict(self) -> dict[str, Any]:
        return {
            "kind": self.kind,
            "side": self.side,
            "rule": self.rule,
            "prompt": self.prompt,
            "options": list(self.options) if self.options is not None else None,
            "ships": {k: list(v) for k, v in self.ships.items()} if self.ships is not None else None,
            "info": self.info,
        }


@dataclass(frozen=True, slots=True)
class Refusal:
    """An illegal answer: why, and the rule that forbids it. The game state is unchanged."""

    rule: str
    message: str

    def __str__(self) -> str:
        return f"Refused ({self.rule}): {self.message}"

    def __bool__(self) -> bool:  # a refusal is never "ok"
        return False


Validator = Callable[["GameState", Request, Any], "Refusal | None"]
Sampler = Callable[["GameState", Request, "Dice"], Any]

#: kind -> validator for requests without listed options.
VALIDATORS: dict[str, Validator] = {}
#: kind -> random legal answer, for random play and property tests.
SAMPLERS: dict[str, Sampler] = {}
#: kinds whose validator and sampler read only the request (its `info`), never the state: a captain's seat
#: checks and samples answers to them without a copy of the state with the hidden parts wiped.
REQUEST_ONLY: set[str] = set()


def validate(state: GameState | None, request: Request, answer: Any) -> Refusal | None:
    """None if the canonical `answer` (see `answers.canonical`) is legal for `request`, else the refusal.
    Legal choices are matched strictly: ``True`` is not ``1`` and ``1.0`` is not ``1``. `state` may be None
    when `sampling_reads_state(request)` is false (the request lists its legal answers)."""
    if request.options is not None:
        if not among(answer, request.options):
            return Refusal(request.rule, f"{show(answer)} is not one of the legal choices: "
                                         f"{show(list(request.options), 400)}")
        return None
    if request.ships is not None:
        refusal = every_ship(request.rule, answer, request.ships)
        if refusal is not None:
            return refusal
        for ship_id in sorted(answer):
            choice = answer[ship_id]
            legal = request.ships[ship_id]
            if not among(choice, legal):
                return Refusal(
                    _rule_for(request, ship_id, choice),
                    f"{ship_id}: {show(choice)} is not legal now; legal: {show(list(legal), 400)}",
                )
        return None
    validator = VALIDATORS.get(request.kind)
    if validator is None:
        raise KeyError(f"no validator for request kind {request.kind!r}")
    if state is None and request.kind not in REQUEST_ONLY:
        raise ValueError(f"checking an answer to {request.kind!r} needs the state")
    return validator(state, request, answer)  # type: ignore[arg-type]  # None only for REQUEST_ONLY kinds


def offered(request: Request, answer: Any) -> bool:
    """Whether `answer` is, object for object, a choice the request lists: one of its `options`, or for each of
    its `ships` one of that ship's options. Such an answer is legal (`validate` finds it so, whatever it holds), and
    `Game.submit` need not look for it among the choices again."""
    options = request.options
    if options is not None:
        for option in options:
            if option is answer:
                return True
        return False
    ships = request.ships
    if ships is None or type(answer) is not dict or answer.keys() != ships.keys():
        return False
    for ship_id, choice in answer.items():
        for option in ships[ship_id]:
            if option is choice:
                break
        else:
            return False
    return True


def every_ship(rule: str, answer: Any, ships: Mapping[str, Any]) -> Refusal | None:
    """A refusal unless `answer` is an object with exactly one entry per ship in `ships`."""
    if type(answer) is dict and answer.keys() == ships.keys():
        return None
    if not isinstance(answer, dict):
        return Refusal(rule, f"answer with one choice for each ship, as {{ship: choice}}: {sorted(ships)}")
    unknown = sorted(k for k in answer if k not in ships)
    if unknown:
        return Refusal(rule, f"{show(unknown[0])} is not one of the ships asked about: {sorted(ships)}")
    missing = sorted(k for k in ships if k not in answer)
    if missing:
        return Refusal(rule, f"no choice given for {', '.join(missing)}")
    return None


def _rule_for(request: Request, ship_id: str, choice: Any) -> str:
    """The rule that forbids a choice, when the request explains forbidden choices in info['forbidden']."""
    forbidden = request.info.get("forbidden", {}).get(ship_id, [])
    for entry in forbidden:
        if same(choice, entry.get("choice")):
            return str(entry["rule"])
    return request.rule


def explain_forbidden(request: Request, ship_id: str, choice: Any) -> str | None:
    """Why a choice is not offered: the rule and reason, if the request recorded one."""
    for entry in request.info.get("forbidden", {}).get(ship_id, []):
        if entry.get("choice") == choice:
            return f"{entry['rule']}: {entry['why']}"
    return None


def sampling_reads_state(request: Request) -> bool:
    """Whether `sample` and `validate` need the state for this request (most requests list their legal
    answers, and a few kinds carry all their checks in the request: `REQUEST_ONLY`)."""
    return request.options is None and request.ships is None and request.kind not in REQUEST_ONLY


def sample(state: GameState | None, request: Request, rng: Dice) -> Any:
    """A random legal answer (`state` may be None when `sampling_reads_state(request)` is false)."""
    if request.options is not None:
        return rng.choice(request.options)
    if request.ships is not None:
        return {ship_id: rng.choice(opts) for ship_id, opts in request.ships.items()}
    if state is None and request.kind not in REQUEST_ONLY:
        raise ValueError(f"a random answer to {request.kind!r} needs the state")
    return SAMPLERS[request.kind](state, request, rng)  # type: ignore[arg-type]  # None only for REQUEST_ONLY
