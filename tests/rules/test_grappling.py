"""12.0 Grappling: who may try and in what order, every modifier, success on 5+, alignment, and the end of
the turn's impulses."""

from __future__ import annotations

from typing import Any

from cs_desktop.rules import geometry as geo
from cs_desktop.rules.contacts import is_grappled
from cs_desktop.rules.grappling import grapple_modifiers, grapple_step
from cs_desktop.rules.state import FAIR, UNFIT

from tests.rules.fighting_kit import dice_left, events_since, man, mark, ready, rolls_since, run, script
from tests.rules.harness import drive, ship_card


def _pair(hc: int = 1, hj: int = 3, **kw: Any) -> Any:
    game = ready((10, 12, hc), (10, 12, hj), **kw)
    man(game, "constitution", port_bow=7, port_aft=7, starboard_bow=2)  # 16 of 18: Melee 2
    man(game, "java", port_bow=6, port_aft=6, starboard_bow=1)  # 13 of 16: Melee 3
    return game


def test_12_0_every_modifier() -> None:
    """12.0: Constitution (Handy +1) vs Java (Fair: 0), Melee 2 vs 3, headings 2 points apart -1; for Java:
    enemy Handy -1, Melee +3 -2, headings -1."""
    game = _pair()
    game.state.ships["java"].morale = FAIR
    c, j = game.state.ships["constitution"], game.state.ships["java"]
    assert grapple_modifiers(game.state, c, j) == [("own Crew Morale +1", 1), ("own Melee crew +2", 2),
                                                   ("enemy Melee crew -3", -3), ("headings differ by 2 -1", -1)]
    assert grapple_modifiers(game.state, j, c) == [("enemy Crew Morale -1", -1), ("own Melee crew +3", 3),
                                                   ("enemy Melee crew -2", -2), ("headings differ by 2 -1", -1)]


def test_12_0_heading_difference_three_or_four_is_minus_two_and_unfit_enemy_plus_one() -> None:
    """12.0: headings 1 and 5 (4 points) -2; an Unfit enemy gives +1; same heading no modifier."""
    game = _pair(1, 5)
    game.state.ships["java"].morale = UNFIT
    mods = dict(grapple_modifiers(game.state, game.state.ships["constitution"], game.state.ships["java"]))
    assert mods["headings differ by 4 -2"] == -2 and mods["enemy Crew Morale +1"] == 1
    game = _pair(1, 1)
    assert not any("headings" in label for label, _ in
                   grapple_modifiers(game.state, game.state.ships["constitution"], game.state.ships["java"]))


def test_12_0_french_ship_grapples_at_plus_one() -> None:
    """12.0: +1 if the ship attempting to grapple is French (only for that ship)."""
    game = _pair(cards={"constitution": ship_card("constitution", nation="FR")})
    c, j = game.state.ships["constitution"], game.state.ships["java"]
    assert ("French +1", 1) in grapple_modifiers(game.state, c, j)
    assert ("French +1", 1) not in grapple_modifiers(game.state, j, c)


def test_12_0_ip_tries_first_then_nip_after_a_failure_and_ships_align_opposite() -> None:
    """12.0: Java Fair. Constitution (IP, total -1) rolls 5 -> 4 fails; Java (-1) rolls 6 -> 5 succeeds; headings 1 and 3
    (2 apart): the IP keeps 1, the NIP turns to 5; the step reports a grapple."""
    game = _pair()
    game.state.ships["java"].morale = FAIR
    log: list = []
    script(game, [5, 6])
    start = mark(game)
    grappled = run(game, grapple_step(game), log=log, grapple=True)
    assert grappled is True and dice_left(game) == []
    assert [(r.kind, r.side) for r in log] == [("grapple", "us"), ("grapple", "gb")]
    r1, r2 = rolls_since(game, start, "grapple")
    assert r1["modified"] == [4] and r2["modified"] == [5]
    c, j = game.state.ships["constitution"], game.state.ships["java"]
    assert (c.heading, j.heading) == (1, 5) and is_grappled(game.state, c)
    assert events_since(game, start, "grappled")[0]["headings"] == [1, 5]


def test_12_0_ip_success_needs_no_nip_attempt_and_near_headings_align_on_the_ip() -> None:
    """12.0: headings 1 and 2 (1 apart), Java Fair: Constitution rolls 6, -1 -> 5 succeeds at once (Java is not
    asked); both ships take heading 1."""
    game = _pair(1, 2)
    game.state.ships["java"].morale = FAIR
    log: list = []
    script(game, [6])
    assert run(game, grapple_step(game), log=log, grapple=True) is True
    assert [r.side for r in log] == ["us"]
    assert (game.state.ships["constitution"].heading, game.state.ships["java"].heading) == (1, 1)


def test_12_0_declining_or_different_squares_means_no_grapple() -> None:
    """12.0: both decline -> no roll, no grapple; ships in different squares are never asked."""
    game = _pair()
    log: list = []
    script(game, [])
    assert run(game, grapple_step(game), log=log, grapple=False) is False
    assert [r.side for r in log] == ["us", "gb"] and game.state.grapples == []
    game.state.ships["java"].x = 11
    log = []
    assert run(game, grapple_step(game), log=log) is False and log == []


def test_12_0_alignment_table() -> None:
    """12.0: fewer than 2 points apart -> both on the IP's heading; 2 or more -> the NIP opposite the IP."""
    assert geo.grapple_alignment(1, 2) == (1, 1)
    assert geo.grapple_alignment(1, 8) == (1, 1)
    assert geo.grapple_alignment(1, 1) == (1, 1)
    assert geo.grapple_alignment(1, 3) == (1, 5)
    assert geo.grapple_alignment(2, 5) == (2, 6)
    assert geo.grapple_alignment(3, 7) == (3, 7)


def test_12_0_a_grapple_ignores_the_rest_of_the_turns_impulses() -> None:
    """12.0: ships lie in one square, speed 0; a load marker makes impulse 3 a played impulse; Constitution
    grapples there (die 6) -> the game goes straight to Melee: nothing happens in impulses 4-12."""
    game = _pair(1, 1)
    for ship in game.state.ships.values():
        ship.speed = 0
    c = game.state.ships["constitution"]
    c.chasers["bow"] = False
    game.state.reload_track = [(3, "constitution", "bow", "round", False)]
    drive(game, until=lambda g: bool(g.pending) and g.pending[0].kind == "grapple")
    assert game.state.segment == "impulse:3"
    script(game, [6])
    start = mark(game)
    drive(game, until=lambda g: g.state.segment != "impulse:3", policy={"grapple": lambda g, r: True})
    assert game.state.segment == "melee" and game.pending[0].kind == "melee" and dice_left(game) == []
    assert all(e["impulse"] in (3, 13) for e in game.events[start:])
    assert is_grappled(game.state, c) and c.chasers["bow"] is True


def test_12_0_grappled_ships_select_no_maneuver_until_they_disengage() -> None:
    """Ruling R12.0: lashed together (speed 0), a grappled ship with no maneuver is not asked to select
    (a selection would carry over and force a Strain and a Bonus Move she cannot make, 9.1 (2), R16.0);
    once the marker is flipped to Disengaged (17.5) she selects again."""
    from cs_desktop.rules.activation import needs_selection
    from cs_desktop.rules.grappling import grapple

    game = _pair(1, 1)
    c, j = game.state.ships["constitution"], game.state.ships["java"]
    c.maneuver = j.maneuver = None
    assert needs_selection(game.state, c, 0) and needs_selection(game.state, j, 0)
    grapple(game, c, j)
    assert not needs_selection(game.state, c, 0) and not needs_selection(game.state, j, 0)
    game.state.grapples[0]["state"] = "disengaged"
    assert needs_selection(game.state, c, 0) and needs_selection(game.state, j, 0)
