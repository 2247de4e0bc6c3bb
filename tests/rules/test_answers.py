"""Issue 9: every answer has one canonical form, and every malformed answer is refused and changes nothing.

Random games (shipped scenarios with random captains; a close-quarters duel whose captains board at every
chance, for the melee requests) are played, and at every request malformed answers are thrown at the engine
first: type swaps of the legal answer (True or 1.0 for 1, text for a number), extra and missing keys, wrong
ship ids, nested junk, huge text and lists, NaN and infinity, huge numbers, non-text keys, values that are not
JSON at all, and answers from a side that is not asked. Each must be a `Refusal` naming a rule, and leave the
game exactly as it was. Legal answers written in another key order (and with tuples for lists, and the sides
of a simultaneous request answering in the other order) must give the identical game."""

from __future__ import annotations

import json
import math
import random
import re
from collections.abc import Iterator
from decimal import Decimal
from functools import lru_cache
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import cs_desktop.rules
from cs_desktop import SCENARIOS
from cs_desktop.ai.random_policy import RandomCaptain
from cs_desktop.ai.seat import Seat
from cs_desktop.formats.files import load_scenario_with_ships
from cs_desktop.rules import answers
from cs_desktop.rules.crew import man_the_guns
from cs_desktop.rules.decisions import Refusal, Request
from cs_desktop.rules.game import UNCHECKABLE, Accepted, Game

from tests.rules.harness import duel

SCENARIO_FILES = sorted(p.name for p in SCENARIOS.glob("*.json"))
BOARDING = "boarding duel"
HULK = "fleet: alongside a hulk"  # the fleet rules: Java struck in Constitution's square (take_possession)
PRIZE = "prize crews: a hulk and a prize"  # the same with prize crews and Congress alongside, held by Britain's
# prize crew (prize_crew, retake: R18.0k, R18.0m)
RULE = re.compile(r"R?\d+(\.\d+)*")


def request_kinds_in_source() -> set[str]:
    """Every kind of request the engine can make: each `Request("kind", ...)` in cs_desktop/rules."""
    found: set[str] = set()
    for path in Path(cs_desktop.rules.__file__).parent.glob("*.py"):
        found |= set(re.findall(r'Request\(\s*"([a-z_]+)"', path.read_text(encoding="utf-8")))
    return found


ALL_KINDS = request_kinds_in_source()


# ------------------------------------------------------------------------------------------ games to play
@lru_cache(maxsize=None)
def _load(name: str):  # type: ignore[no-untyped-def]
    return load_scenario_with_ships(SCENARIOS / name)


class Boarder(RandomCaptain):
    """A random captain who keeps crew back for Melee and grapples and boards whenever he may."""

    def choose(self, seat: Seat) -> Any:
        request = seat.request
        if request.kind in ("grapple", "melee", "melee_continue"):
            return True
        if request.kind == "melee_split" and request.options:
            return request.options[len(request.options) // 2]
        if request.kind == "assign_crew":
            return {s: man_the_guns(lim, reserve=8) for s, lim in request.info["limits"].items()}
        return super().choose(seat)


def start(source: str, seed: int, turn_limit: int) -> tuple[Game, dict[str, RandomCaptain]]:
    if source == BOARDING:  # both ships in one square, sailing the same way: grapples and melees follow
        game = duel(a=(10, 12, 1), b=(10, 12, 1), seed=seed,
                    options={"bridge_cards": True, "bonus_cards": True, "turn_limit": turn_limit})
        return game, {side: Boarder(seed + i) for i, side in enumerate(game.state.sides)}
    if source in (HULK, PRIZE):
        extra = {"gb": [("guerriere", (25, 20, 7))]}
        if source == PRIZE:
            extra["us"] = [("congress", (10, 12, 1))]
        game = duel(a=(10, 12, 1), b=(10, 12, 1), seed=seed, extra=extra,
                    options={"turn_limit": turn_limit, "fleet_rules": True, "prize_crews": source == PRIZE})
        game.state.ships["java"].struck = True
        if source == PRIZE:
            congress, guerriere = game.state.ships["congress"], game.state.ships["guerriere"]
            congress.struck = congress.captured = True
            congress.prize_crew, congress.prize_crew_from = 1, "guerriere"
            guerriere.crew, guerriere.crew_detached = guerriere.crew - 1, 1
        return game, {side: Boarder(seed + i) for i, side in enumerate(game.state.sides)}
    scenario, ships = _load(source)
    game = Game(scenario, ships, seed, {"turn_limit": turn_limit})
    return game, {s.id: RandomCaptain(seed + i) for i, s in enumerate(scenario.sides)}


# ------------------------------------------------------------------------------------------ malformed answers
class BrokenDict(dict):  # type: ignore[type-arg]
    """A mapping whose own methods fail: junk a GUI bug could hand over."""

    def __iter__(self) -> Iterator[Any]:
        raise RuntimeError("broken")

    def items(self) -> Any:
        raise RuntimeError("broken")


class BrokenList(list):  # type: ignore[type-arg]
    def __iter__(self) -> Iterator[Any]:
        raise RuntimeError("broken")

    def __len__(self) -> int:
        raise RuntimeError("broken")


class Text(str):
    """A str subclass: not plain text."""


def _plain_copy(value: Any) -> Any:
    return json.loads(json.dumps(value))


def _nodes(value: Any, path: tuple[Any, ...] = ()) -> Iterator[tuple[tuple[Any, ...], Any]]:
    yield path, value
    if isinstance(value, dict):
        for k, v in value.items():
            yield from _nodes(v, path + (k,))
    elif isinstance(value, list):
        for i, v in enumerate(value):
            yield from _nodes(v, path + (i,))


def _replace(value: Any, path: tuple[Any, ...], new: Any) -> Any:
    if not path:
        return new
    copy = _plain_copy(value)
    node = copy
    for step in path[:-1]:
        node = node[step]
    node[path[-1]] = new
    return copy


def _type_swaps(x: Any) -> list[Any]:
    """Values of another JSON type than `x` that Python may still call equal to it (True == 1 == 1.0)."""
    if isinstance(x, bool):
        return [int(x), float(x), str(x).lower(), [x]]
    if isinstance(x, int):
        swaps: list[Any] = [float(x), str(x), [x]]
        swaps.append(x == 1 if x in (0, 1) else True)
        return swaps
    if isinstance(x, str):
        return [[x], 0, x.encode(), Text(x), {x: x}]
    if x is None:
        return [False, 0, "", [], {}]
    return []


def _deep(depth: int) -> Any:
    junk: Any = 0
    for _ in range(depth):
        junk = [junk]
    return junk


def malformed(legal: Any, rng: random.Random) -> Iterator[tuple[str, Any]]:
    """(what, answer) pairs, each illegal, built from the legal answer `legal`."""
    plain = _plain_copy(legal)
    nodes = list(_nodes(plain))
    leaves = [(p, v) for p, v in nodes if not isinstance(v, (dict, list))]
    dicts = [(p, v) for p, v in nodes if isinstance(v, dict)]
    lists = [(p, v) for p, v in nodes if isinstance(v, list)]
    for path, value in rng.sample(leaves, min(3, len(leaves))):
        for swap in _type_swaps(value):
            yield f"type swap at {path}: {value!r} -> {swap!r}", _replace(plain, path, swap)
    if not isinstance(plain, (dict, list)):
        for swap in _type_swaps(plain):
            yield f"type swap {plain!r} -> {swap!r}", swap
    any_path = rng.choice(nodes)[0]
    yield "nested junk", _replace(plain, any_path, _deep(answers.MAX_DEPTH + 5))
    cycle: list[Any] = []
    cycle.append(cycle)
    yield "a list that contains itself", _replace(plain, any_path, cycle)
    yield "huge text", _replace(plain, any_path, "x" * (answers.MAX_TEXT + 1))
    yield "huge list", _replace(plain, any_path, [0] * (answers.MAX_VALUES + 1))
    yield "huge answer", "x" * 1_000_000
    yield "huge answer list", list(range(200_000))
    for bad in (math.nan, math.inf, -math.inf):
        yield f"{bad}", _replace(plain, any_path, bad)
    for big in (2**64, -(10**30), 10**5000):
        yield "huge number", _replace(plain, any_path, big)
    for foreign in (object(), b"bytes", {1, 2}, complex(1, 2), Decimal("1"), len, range(3), BrokenList([1])):
        yield f"not JSON: {type(foreign).__name__}", _replace(plain, any_path, foreign)
    yield "broken mapping", BrokenDict(plain if isinstance(plain, dict) else {})
    for path, node in dicts:
        yield "extra key", _replace(plain, path, dict(node, zz_extra=0))
        for key in (1, None, ("a",), True, 1.5, 10**5000):
            yield f"non-text key {type(key).__name__}", _replace(plain, path, {**node, key: 0})  # type: ignore[dict-item]
        if node and len(path) <= 1:  # deeper, a smaller dict may be legal (fewer firing sections)
            gone = rng.choice(sorted(node))
            yield f"missing key {gone!r}", _replace(plain, path, {k: v for k, v in node.items() if k != gone})
        if node and not path:
            first = sorted(node)[0]
            renamed = {("HMS Nowhere" if k == first else k): v for k, v in node.items()}
            yield "wrong ship id", renamed
        yield "object as list", _replace(plain, path, list(node.items()))
    for path, node in lists:
        yield "extra element", _replace(plain, path, node + ["no-such-card" if node and isinstance(node[0], str)
                                                            else 0] * (1 if node else 7))
        yield "list as object", _replace(plain, path, {str(i): v for i, v in enumerate(node)})


def wrong_sides(game: Game) -> list[Any]:
    asked = {r.side for r in game.pending}
    idle = [s for s in game.state.sides if s not in asked]
    return idle + ["nobody", "", None, 7, ["us"], {"side": "us"}, "x" * 100_000, Text("us")]


def assert_refused(result: Accepted | Refusal, what: str) -> Refusal:
    assert isinstance(result, Refusal), f"{what}: accepted"
    assert not result
    assert RULE.fullmatch(result.rule), (what, result)
    assert result.message and len(result.message) < 2_000, (what, result)
    assert UNCHECKABLE not in result.message, f"{what}: a validator failed instead of refusing: {result}"
    return result


def fuzz_request(game: Game, request: Request, legal: Any, rng: random.Random, tries: int) -> None:
    """Throw malformed answers for `request` at the game; nothing may change."""
    before, decisions = game.fingerprint(), list(game.decisions)
    cases = list(malformed(legal, rng))
    for what, junk in rng.sample(cases, min(tries, len(cases))):
        assert_refused(game.submit(request.side, junk), f"{request.kind} {what}")
    for side in rng.sample(wrong_sides(game), 3):
        refusal = assert_refused(game.submit(side, legal), f"{request.kind} from side {str(side)[:20]!r}")
        assert refusal.rule == "4.0"
    assert game.decisions == decisions
    assert game.fingerprint() == before, f"a refused {request.kind} answer changed the game"


def fuzz_game(game: Game, captains: dict[str, RandomCaptain], rng: random.Random, tries: int) -> set[str]:
    """Play `game` to its end; at every request first throw `tries` malformed answers. The kinds seen."""
    seen: set[str] = set()
    while game.pending:
        request = game.pending[0]
        legal = captains[request.side].choose(Seat(game, request))
        if request.kind not in seen or rng.random() < 0.3:
            fuzz_request(game, request, legal, rng, tries)
        seen.add(request.kind)
        assert game.submit(request.side, legal)
    assert game.ended
    return seen


@settings(max_examples=24, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow])
@given(source=st.sampled_from(SCENARIO_FILES + [BOARDING, BOARDING]), seed=st.integers(0, 2**31),
       junk=st.integers(0, 2**31))
def test_4_0_malformed_answers_are_refused_and_change_nothing(source: str, seed: int, junk: int) -> None:
    game, captains = start(source, seed, 6 if source == BOARDING else 2)
    fuzz_game(game, captains, random.Random(junk), tries=6)


#: Games that between them ask every kind of request (found by playing; the test below checks the claim).
COVERING = [(BOARDING, 3, 8), (BOARDING, 14, 8), ("constellation-vs-insurgente.json", 7, 4),
            ("united-states-vs-macedonian.json", 20, 9), ("congress-vs-curlew.json", 3, 4),
            ("chesapeake-vs-shannon.json", 13, 4), ("congress-vs-curlew.json", 26, 8),
            ("constellation-vs-insurgente.json", 35, 8), ("constitution-vs-java.json", 10, 8), (HULK, 1, 2), (PRIZE, 1, 2)]


def test_4_0_every_kind_of_request_refuses_malformed_answers() -> None:
    seen: set[str] = set()
    for source, seed, turns in COVERING:
        game, captains = start(source, seed, turns)
        seen |= fuzz_game(game, captains, random.Random(seed), tries=8)
    assert seen == ALL_KINDS, f"not covered: {sorted(ALL_KINDS - seen)}; unknown: {sorted(seen - ALL_KINDS)}"


# ------------------------------------------------------------------------------------------ canonical answers
def shuffled(value: Any, rng: random.Random) -> Any:
    """The same answer written differently: every object's keys in a random order, some lists as tuples."""
    if isinstance(value, dict):
        keys = list(value)
        rng.shuffle(keys)
        return {k: shuffled(value[k], rng) for k in keys}
    if isinstance(value, (list, tuple)):
        items = [shuffled(v, rng) for v in value]
        return tuple(items) if rng.random() < 0.5 else items
    return value


def _is_canonical(value: Any) -> bool:
    return json.dumps(value) == json.dumps(value, sort_keys=True) and "(" not in repr(value)


@settings(max_examples=30, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow])
@given(source=st.sampled_from(SCENARIO_FILES + [BOARDING]), seed=st.integers(0, 2**31),
       order=st.integers(0, 2**31))
def test_4_0_key_order_and_answer_order_never_change_the_game(source: str, seed: int, order: int) -> None:
    """The same answers, written in another key order (tuples for lists) and with the sides of a simultaneous
    request answering in the other order, give the identical game, byte for byte."""
    turns = 4 if source == BOARDING else 3
    canon, captains = start(source, seed, turns)
    other, _ = start(source, seed, turns)
    rng = random.Random(order)
    while canon.pending:
        requests = canon.pending
        assert [(r.kind, r.side) for r in other.pending] == [(r.kind, r.side) for r in requests]
        chosen = [(r.side, _plain_copy(captains[r.side].choose(Seat(canon, r)))) for r in requests]
        for side, answer in chosen:
            assert canon.submit(side, json.loads(json.dumps(answer, sort_keys=True)))
        for side, answer in reversed(chosen):
            assert other.submit(side, shuffled(answer, rng))
    assert other.fingerprint() == canon.fingerprint()
    assert all(_is_canonical(d["answer"]) for d in other.decisions)
    again = Game.replay(other.scenario, other.cards, other.seed, other.decisions, other.options)
    assert again.fingerprint() == canon.fingerprint()


def test_4_0_canonical_form() -> None:
    """Keys sorted at every level, tuples as lists; the original is not changed."""
    answer = {"b": (1, {"z": None, "a": [True, "x"]}), "a": 2.5}
    out = answers.canonical(answer)
    assert json.dumps(out) == '{"a": 2.5, "b": [1, {"a": [true, "x"], "z": null}]}'
    assert list(answer) == ["b", "a"] and isinstance(answer["b"], tuple)


MALFORMED = [
    ({1: 0}, "names in an answer must be text"),
    ({10**5000: 0}, "names in an answer must be text; a int is not"),
    ({"a": math.nan}, "not a finite number"),
    ([math.inf], "not a finite number"),
    (10**5000, "far too large"),
    (_deep(answers.MAX_DEPTH + 1), "nested too deeply"),
    ("x" * (answers.MAX_TEXT + 1), "too long"),
    ([0] * (answers.MAX_VALUES + 1), "too large"),
    ({"x" * answers.MAX_TEXT: "y"}, "too long"),
    ({1, 2}, "a set is not"),
    (Text("round"), "a Text is not"),
]


@pytest.mark.parametrize("bad, problem", MALFORMED, ids=[problem for _, problem in MALFORMED])
def test_4_0_malformed_answers_are_named(bad: Any, problem: str) -> None:
    with pytest.raises(answers.MalformedAnswer, match=problem):
        answers.canonical(bad)


def test_4_0_the_deepest_legal_answer_is_within_the_limits() -> None:
    assert answers.canonical(_deep(answers.MAX_DEPTH)) == _deep(answers.MAX_DEPTH)


AT_THE_LIMITS = [  # (answer, refused?): exactly at a limit is legal, one more is not
    ([None] * (answers.MAX_VALUES - 1), False),
    ([None] * answers.MAX_VALUES, True),
    ({"k": [True] * (answers.MAX_VALUES - 2)}, False),
    ({"k": [True] * (answers.MAX_VALUES - 1)}, True),
    ([[1] * 2500, [1] * 2497], False),
    ([[1] * 2500, [1] * 2498], True),
    (["x" * answers.MAX_TEXT], False),
    ({"x" * (answers.MAX_TEXT - 1): "y"}, False),
    ({"x" * (answers.MAX_TEXT - 1): "yz"}, True),
    ([answers.MAX_INT, -answers.MAX_INT], False),
    ([answers.MAX_INT + 1], True),
]


@pytest.mark.parametrize("answer, refused", AT_THE_LIMITS)
def test_4_0_the_limits_hold_exactly(answer: Any, refused: bool) -> None:
    """`canonical` copies a plain answer in one quick walk and leaves anything near or over a limit to the
    checking walk: the line between legal and refused is the same either way."""
    if refused:
        with pytest.raises(answers.MalformedAnswer):
            answers.canonical(answer)
    else:
        assert answers.canonical(answer) == answer


def _asked(kind: str) -> tuple[Game, Request]:
    """A boarding duel played at random until a request of `kind` is pending (the first seed that asks it)."""
    for seed in range(40):
        game = duel(a=(10, 12, 1), b=(10, 12, 1), seed=seed, options={"bridge_cards": True})
        captains = {side: Boarder(i) for i, side in enumerate(game.state.sides)}
        while game.pending:
            request = game.pending[0]
            if request.kind == kind and (kind != "melee_split" or 1 in (request.options or ())):
                return game, request
            assert game.submit(request.side, captains[request.side].choose(Seat(game, request)))
    raise AssertionError(kind)


@pytest.mark.parametrize("answer", [True, 1.0, "1", [1], None])
def test_4_0_a_number_is_not_true_nor_a_float_nor_text(answer: Any) -> None:
    """melee_split offers whole numbers; Python calls True == 1 == 1.0, the engine does not."""
    game, request = _asked("melee_split")
    assert request.options is not None and 1 in request.options
    before = game.fingerprint()
    refusal = game.submit(request.side, answer)
    assert isinstance(refusal, Refusal) and refusal.rule == "15.0" and "not one of the legal choices" in refusal.message
    assert game.fingerprint() == before
    assert game.submit(request.side, 1)


@pytest.mark.parametrize("answer", [1, 1.0, "true", 0])
def test_4_0_true_is_not_one(answer: Any) -> None:
    game, request = _asked("grapple")
    refusal = game.submit(request.side, answer)
    assert isinstance(refusal, Refusal) and refusal.rule == "12.0"


def test_4_0_a_side_not_asked_or_unknown_is_refused() -> None:
    game, request = _asked("melee_split")
    assert len(game.pending) == 1
    other = next(s for s in game.state.sides if s != request.side)
    for side, says in ((other, "nothing is asked of"), ("nobody", "there is no side"), (None, "there is no side"),
                       (["us"], "there is no side")):
        refusal = game.submit(side, {})  # type: ignore[arg-type]
        assert isinstance(refusal, Refusal) and refusal.rule == "4.0" and says in refusal.message


def test_9_1_wrong_and_missing_ships_are_named() -> None:
    game, request = _asked("select_maneuver")
    assert request.ships is not None
    (ship, options), = request.ships.items()
    refusal = game.submit(request.side, {ship: options[0], "HMS Nowhere": options[0]})
    assert isinstance(refusal, Refusal) and "'HMS Nowhere' is not one of the ships" in refusal.message
    refusal = game.submit(request.side, {})
    assert isinstance(refusal, Refusal) and f"no choice given for {ship}" in refusal.message


def test_11_4_2_odd_defense_die_on_a_tie_goes_to_the_bow_attack_whatever_the_key_order() -> None:
    """Ruling R11.4.2: starboard bow High and aft Low at 9 MP, one to-hit die each, 5 defense dice: the bow's
    attack meets 3, the aft's 2 — whichever section the answer names first."""
    from cs_desktop.rules import firing
    from tests.rules.fighting_kit import man, ready

    game = ready((10, 12, 1), (14, 13, 1))
    man(game, "constitution", starboard_bow=1, starboard_aft=2)
    ship = game.state.ships["constitution"]
    for sections in ({"starboard_bow": "high", "starboard_aft": "low"},
                     {"starboard_aft": "low", "starboard_bow": "high"}):
        attacks = firing.plan_attacks(game, ship, {"target": "java", "sections": sections, "chaser": None})
        assert [(a.sections, a.dice, a.defense) for a in attacks] == [(["starboard_bow"], 1, 3),
                                                                       (["starboard_aft"], 1, 2)]
        assert firing.describe_fire({"sections": sections, "chaser": None}) == "starboard bow high, starboard aft low"
