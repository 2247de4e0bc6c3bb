"""BRIEF §6: random legal games checked after every decision — positions on the map, tracks in bounds, crew
never over-assigned, hits on the cards equal the hits in the log, VP recomputes from the log, and replay
equals the original."""

from __future__ import annotations

from functools import lru_cache

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cs_desktop.ai.seat import Seat
from cs_desktop import SCENARIOS
from cs_desktop.ai.random_policy import RandomCaptain
from cs_desktop.formats.files import load_scenario_with_ships
from cs_desktop.rules.cards import SECTION_NAMES
from cs_desktop.rules.game import Game
from cs_desktop.rules.ratings import victory_terms
from cs_desktop.rules.state import ShipState, assigned_total

SCENARIO_FILES = sorted(p.name for p in SCENARIOS.glob("*.json"))


@lru_cache(maxsize=None)
def _load(name: str):  # type: ignore[no-untyped-def]
    return load_scenario_with_ships(SCENARIOS / name)


def check_invariants(game: Game) -> None:
    state = game.state
    width, height = state.map_size
    for ship in state.ships.values():
        card = ship.card
        assert 0 <= ship.x < width and 0 <= ship.y < height, (ship.id, ship.square)
        assert 1 <= ship.heading <= 8
        assert 0 <= ship.crew <= card.crew_points
        assert 0 <= ship.rigging <= card.rigging_points
        assert 0 <= ship.morale <= 3
        for section in SECTION_NAMES:
            assert 0 <= ship.gunnery[section] <= len(card.gunnery[section])
            assert 0 <= ship.assign["gunnery"][section] <= ship.gunnery[section], "5.1 note: never a damaged box"
            assert 0 <= ship.assign["hull_dc"][section] <= 2
        assert assigned_total(ship.assign) <= ship.crew, "5.0: crew over-assigned"
        assert ship.assign["sailing"] <= 1 and ship.assign["rigging_dc"] <= 2 and ship.assign["rigging_change"] <= 2
        assert ship.sail in ("medium", "fighting")
        if ship.rigging <= card.fighting_sail_only and state.segment == "crew" and ship.afloat:  # 17.5: fighting ships
            assert ship.sail == "fighting", "17.5: F boxes force Fighting Sail"
    discarding = {r.side for r in game.pending if r.kind == "discard_card"}
    for side in state.sides.values():
        assert len(side.hand) <= 6 or side.id in discarding
    for values in state.smoke.values():
        assert all(v in (1, 2) for v in values)


def hits_from_log(game: Game) -> dict[str, int]:
    """Damage on each ship's card rebuilt from the hit and repair events."""
    damage = {sid: 0 for sid in game.state.ships}
    for e in game.events:
        if e["type"] == "hit":
            damage[e["ship"]] += e["hits"]
        elif e["type"] == "repair":
            damage[e["ship"]] -= 1
        elif e["type"] == "prisoners_hit":  # WS&IM D.11: a sailing prize's prisoners hit (R19.0i)
            damage[e["ship"]] += e["hits"]
        elif e["type"] == "retaken":  # R19.0i: her prize crew's losses leave her card with it
            damage[e["ship"]] -= e.get("dropped", 0)
    return damage


def check_tally_from_log(game: Game) -> None:
    """19.0 (R19.0f under the fleet rules): every card's damage equals the hits and repairs in the log, and each
    side's VP at the end is rebuilt from the log alone -- hits less the enemy's own (16.0, 11.4.9, 1.7.1) times the
    multiplier, +5 a ship struck (not taken, under the fleet rules), +10 a ship captured, the bonus and the bid."""
    from cs_desktop.rules.ratings import victory_terms

    logged = hits_from_log(game)
    for sid, ship in game.state.ships.items():
        assert logged[sid] == sum(ship.damage().values()), sid
    if len(game.state.sides) > 2:
        check_tally_of_sides(game)
        return
    terms = victory_terms(game.scenario, game.cards)
    own = {sid: 0 for sid in game.state.ships}
    for e in game.events:
        if e["type"] == "hit" and e["rule"] in ("16.0", "11.4.9", "1.7.1"):
            own[e["ship"]] += e["hits"]
    fleet = game.state.fleet_rules
    sailing = [s for s in game.state.ships.values() if s.prize_of]  # WS&IM D.5 prizes held at the end (R19.0i)
    for side, info in game.events[-1]["result"]["sides"].items():
        enemy = [s for s in game.state.ships.values() if s.side != side and not s.prize_of]
        hits = sum(logged[s.id] - min(own[s.id], logged[s.id]) for s in enemy)
        hits += sum(_prize_part(game, s, side) for s in sailing)
        struck = sum(s.struck and not (fleet and s.captured) for s in enemy)
        captured = sum(s.captured for s in enemy) + sum(s.prize_of != side for s in sailing)
        vp = (hits * terms.side(side).multiplier + 5 * struck + 10 * captured
              + terms.side(side).bonus + terms.side(side).bid_points)
        assert info["vp"] == round(vp, 2)


def _prize_part(game: Game, ship: ShipState, side: str) -> int:
    """R19.0i from the log: the captor scores a sailing prize's damage when she changed hands (her last
    `prize_sails` event), the side she was taken from what she has lost since, track by track."""
    then = [e["damage"] for e in game.events if e["type"] == "prize_sails" and e["ship"] == ship.id][-1]
    if side != ship.prize_of:
        return int(sum(then))
    now = ship.damage()
    return sum(max(0, now[track] - then[i]) for i, track in enumerate(("hull", "rigging", "crew")))


def check_tally_of_sides(game: Game) -> None:
    """R19.0h, R18.0q, R18.0s with more than two sides: every ship's damage is shared out whole among the sides
    that damaged her (none if no side did), and each side's VP is its shares, strikes and captures."""
    from cs_desktop.rules.victory_sides import credited, strike_credit

    state = game.state
    terms = victory_terms(game.scenario, game.cards)
    for sid, ship in state.ships.items():
        shares = credited(state, ship)
        scored = sum(v for row in shares.values() for k, v in row.items() if k != "own")
        assert scored == (sum(ship.damage().values()) if shares else 0), sid
        assert ship.side not in shares
        if ship.captured and sid in state.captors:
            assert state.captors[sid] != ship.side
        elif ship.struck:
            assert sum(strike_credit(state, ship).values()) in (0, 1)
    result = game.events[-1]["result"]
    assert sum(float(info["struck"]) for info in result["sides"].values()) <= sum(
        s.struck and not s.captured for s in state.ships.values()) + 1e-9
    for side, info in result["sides"].items():
        term = terms.side(side)
        vp = (info["hits_total"] * term.multiplier + 5 * float(info["struck"]) + 10 * info["captured"] + term.bonus
              + term.bid_points)
        assert info["vp"] == round(vp, 2)
    placed = result["placing"]
    assert all(result["sides"][a]["vp"] >= result["sides"][b]["vp"] for a, b in zip(placed, placed[1:]))
    assert result["winner"] is None or result["winner"] == placed[0]


def play_checked(name: str, seed: int, turn_limit: int) -> Game:
    scenario, ships = _load(name)
    game = Game(scenario, ships, seed, {"turn_limit": turn_limit})
    captains = {s.id: RandomCaptain(seed + i) for i, s in enumerate(scenario.sides)}
    for _ in range(50_000):
        check_invariants(game)
        if not game.pending:
            break
        request = game.pending[0]
        assert game.submit(request.side, captains[request.side].choose(Seat(game, request)))
    assert game.ended
    return game


@settings(max_examples=250, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow])
@given(name=st.sampled_from(SCENARIO_FILES), seed=st.integers(min_value=0, max_value=2**31),
       turn_limit=st.integers(min_value=1, max_value=25))
def test_random_games_keep_every_invariant(name: str, seed: int, turn_limit: int) -> None:
    game = play_checked(name, seed, turn_limit)
    # hits recorded equal the damage on the cards
    logged = hits_from_log(game)
    for sid, ship in game.state.ships.items():
        assert logged[sid] == sum(ship.damage().values()), sid
    # VP recomputes from the log: hits scored on the enemy x multiplier + struck/captured + bonuses
    result = game.events[-1]["result"]
    terms = victory_terms(game.scenario, game.cards)
    own = {sid: 0 for sid in game.state.ships}
    for e in game.events:
        if e["type"] == "hit" and e["rule"] in ("16.0", "11.4.9", "1.7.1"):
            own[e["ship"]] += e["hits"]
    for side, info in result["sides"].items():
        hits = sum(logged[s.id] - min(own[s.id], logged[s.id]) for s in game.state.ships.values()
                   if s.side != side)
        enemy = [s for s in game.state.ships.values() if s.side != side]
        vp = (hits * terms.side(side).multiplier + 5 * sum(s.struck for s in enemy)
              + 10 * sum(s.captured for s in enemy) + terms.side(side).bonus + terms.side(side).bid_points)
        assert info["vp"] == round(vp, 2)
    # replay equals the original
    again = Game.replay(game.scenario, game.cards, game.seed, game.decisions, game.options)
    assert again.fingerprint() == game.fingerprint()


def test_every_shipped_scenario_finishes_under_random_play() -> None:
    """Issue 3 item 8: every shipped scenario plays to its end without an exception."""
    for i, name in enumerate(SCENARIO_FILES):
        for seed in (i, i + 100):
            game = play_checked(name, seed, 40)
            assert game.events[-1]["type"] == "game_end"
