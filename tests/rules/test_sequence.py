"""4.0 Sequence of Play, 8.0 Activation Cycle (maneuver before reload/fire/grapple; the Initiative Player
orders simultaneous maneuvers), 13.0 Empty Impulses, 14.0 Repeat for Next Impulse (12 impulses, then Melee,
Bonus Move, Housekeeping, next turn)."""

from __future__ import annotations

from tests.rules.harness import answer, at, drive, duel, events_of

from tests.rules.sailing_kit import fix_speeds, hold_still, to_select


def test_8_0_no_order_is_asked_when_only_one_side_completes(monkeypatch):
    """8.0 step 1: Constitution's Wear (1 MP, A->C) completes in impulse 1 while Java's Back Sail does not:
    no move_order request."""
    fix_speeds(monkeypatch, {"constitution": 12, "java": 12})
    game = duel(a=(10, 12, 4), b=(28, 20, 7), seed=1)
    drive(game, until=at("select_maneuver"))
    answer(game, "us", {"constitution": {"maneuver": "wear", "turn": 1, "to": "C", "cost": 1, "strain": 0}})
    answer(game, "gb", {"java": {"maneuver": "back_sail", "strain": 0}})
    assert [(r.kind, r.side, game.state.impulse) for r in game.pending] == [("select_maneuver", "us", 1)]


def record_segments(monkeypatch):
    """Every segment started is appended to the returned list as (turn, segment name)."""
    from cs_desktop.rules import turn as turn_module

    started = []
    for name, run in list(turn_module.SEGMENTS.items()):
        def wrapped(g, run=run):
            started.append((g.state.turn, g.state.segment))
            return run(g)
        monkeypatch.setitem(turn_module.SEGMENTS, name, wrapped)
    return started


def advance_both(game, request):
    """Select a plain Advance for every listed ship."""
    return {s: {"maneuver": "advance", "strain": 0} for s in request.ships}


def test_4_0_phases_run_in_order_crew_initiative_movement_select_impulses_melee_bonus_housekeeping(monkeypatch):
    """4.0 / 14.0: both ships at speed 12 (every impulse active): turn 1 runs crew, initiative, movement,
    select, impulses 1-12, melee, bonus, housekeeping, then turn 2 starts with crew."""
    fix_speeds(monkeypatch, {"constitution": 12, "java": 12})
    started = record_segments(monkeypatch)
    game = duel(a=(4, 4, 3), b=(4, 20, 3), seed=2)
    drive(game, until=lambda g: g.state.turn == 2)
    assert started == [(1, "setup"), (1, "crew"), (1, "initiative"), (1, "movement"), (1, "select"),
                       *((1, f"impulse:{i}") for i in range(1, 13)), (1, "melee"), (1, "bonus"),
                       (1, "housekeeping"), (2, "crew")]


def test_8_0_a_maneuver_is_made_before_fire_in_the_same_impulse(monkeypatch):
    """8.0 steps 1 and 3: Constitution (speed 12, Advancing east from (10,12)) and Java 6 squares south-east
    in her starboard arc: at impulse 1's fire request she is still at (10,12); at impulse 2's she has
    already moved to (11,12) and selected her next maneuver."""
    fix_speeds(monkeypatch, {"constitution": 12, "java": 0})
    game = duel(a=(10, 12, 3), b=(14, 16, 3), seed=3)
    hold_still(game, "java")
    seen = []

    def hold(g, r):
        if r.side == "us":
                seen.append((g.state.impulse, g.state.ships["constitution"].square,
                         len([e for e in events_of(g, "selected") if e["ship"] == "constitution"])))
        return {s: opts[0] for s, opts in r.ships.items()}

    drive(game, until=lambda g: g.state.impulse >= 3, policy={"fire": hold, "select_maneuver": advance_both})
    assert seen[:2] == [(1, (10, 12), 1), (2, (11, 12), 2)]
    move = next(e for e in events_of(game, "move") if e["ship"] == "constitution")
    assert move["impulse"] == 2 and move["rule"] == "9.1.1"


def test_8_0_only_the_initiative_player_sets_the_move_order(monkeypatch):
    """8.0 / 9.0: both ships complete an Advance in impulse 2; only gb (the Initiative Player) is asked.
    'non_initiative_first' moves Constitution first; 'initiative_first' moves Java first."""
    for order, first in (("non_initiative_first", "constitution"), ("initiative_first", "java")):
        game = to_select(monkeypatch, (4, 4, 3), (4, 20, 3), {"constitution": 12, "java": 12}, ip="gb")
        answer(game, "us", {"constitution": {"maneuver": "advance", "strain": 0}})
        answer(game, "gb", {"java": {"maneuver": "advance", "strain": 0}})
        drive(game, until=at("move_order"), policy={"select_maneuver": advance_both})
        (request,) = game.pending
        assert (request.side, request.rule, request.options, game.state.impulse) == (
            "gb", "8.0", ("initiative_first", "non_initiative_first"), 2)
        assert not game.submit("us", "initiative_first")
        answer(game, "gb", order)
        drive(game, until=lambda g: len(events_of(g, "move")) == 2, policy={"select_maneuver": advance_both})
        moved = [e["ship"] for e in events_of(game, "move")]
        assert moved[0] == first and sorted(moved) == ["constitution", "java"]


def test_13_0_empty_impulses_are_skipped_without_events(monkeypatch):
    """13.0: Constitution at speed 6 (boxes 2, 4, ... 12), Java at 0, no load markers: impulses 1, 3, 5,
    7, 9, 11 are never started and no event carries their number."""
    fix_speeds(monkeypatch, {"constitution": 6, "java": 0})
    started = record_segments(monkeypatch)
    game = duel(a=(10, 12, 3), b=(28, 20, 7), seed=1)
    hold_still(game, "java")
    drive(game, until=lambda g: g.state.turn == 2)
    impulses = [s for t, s in started if t == 1 and s.startswith("impulse")]
    assert impulses == [f"impulse:{i}" for i in (2, 4, 6, 8, 10, 12)]
    played = {e["impulse"] for e in game.events if e["turn"] == 1 and 0 < e["impulse"] <= 12}
    assert played <= {2, 4, 6, 8, 10, 12}
    assert not [e for e in game.events if e["impulse"] in (1, 3, 5, 7, 9, 11)]
    assert [e["impulse"] for e in events_of(game, "move")] == [4, 8, 12]


def test_14_0_no_selection_after_a_maneuver_completing_in_impulse_12(monkeypatch):
    """14.0 / 4.0: speed 13 (twice in impulse 12): six Advances complete in impulses 2, 4, 6, 8, 10 and in
    impulse 12's first activation; she is asked to select at impulses 0, 2, 4, 6, 8, 10 only (not 12,
    though one activation remains), ends the turn at (16,12) with no maneuver, and selects again in turn 2's
    select segment."""
    fix_speeds(monkeypatch, {"constitution": 13, "java": 0})
    game = duel(a=(10, 12, 3), b=(28, 20, 7), seed=1)
    hold_still(game, "java")
    asked = []

    def choose(g, r):
        asked.append((g.state.turn, g.state.impulse))
        return advance_both(g, r)

    drive(game, until=lambda g: g.state.turn == 2 and at("select_maneuver")(g), policy={"select_maneuver": choose})
    assert asked == [(1, 0), (1, 2), (1, 4), (1, 6), (1, 8), (1, 10)]
    moves = [e["impulse"] for e in events_of(game, "move") if e["ship"] == "constitution" and e["turn"] == 1]
    assert moves == [2, 4, 6, 8, 10, 12]
    con = game.state.ships["constitution"]
    assert con.square == (16, 12) and con.maneuver is None
    assert (game.state.segment, game.state.impulse) == ("select", 0)


def test_14_0_after_impulse_12_comes_melee_never_a_13th_impulse(monkeypatch):
    """14.0: speed 12; after impulse 12 the next segment is melee; no segment impulse:13 and no event of
    impulse 13 in two turns."""
    fix_speeds(monkeypatch, {"constitution": 12, "java": 12})
    started = record_segments(monkeypatch)
    game = duel(a=(4, 4, 3), b=(4, 20, 3), seed=2)
    drive(game, until=lambda g: g.state.turn == 3)
    names = [s for _, s in started]
    assert "impulse:13" not in names
    assert [names[i + 1] for i, s in enumerate(names) if s == "impulse:12"] == ["melee", "melee"]
    assert not [e for e in game.events if e["impulse"] == 13]
