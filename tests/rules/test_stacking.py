"""9.2 Stacking: a ship entering the enemy's square; parallel (the Initiative Player picks the side), crossing
(only the Initiative Player fires, a rake), angled (the side nearest where the mover came in); who may fire.

Wind 5 (heading -> wind position: 1 H, 2 F, 3 D, 4 A, 5 C, 6 B, 7 E, 8 G). Constitution ('us') starts at
(10, 12) heading 3 and Advances east into (11, 12), where Java ('gb', speed 0) lies.
"""

from __future__ import annotations

from cs_desktop.rules.firing import line_of_fire

from tests.rules.harness import answer, at, drive, events_of

from tests.rules.sailing_kit import to_select


def test_9_2_note_a_wear_that_turns_angled_into_crossing_leaves_only_the_initiative_player_firing(monkeypatch):
    """9.2 note, 9.2.2, R9.2a: angled (Java heading 4; both fire); gb holds the initiative; Constitution
    (NIP) Wears D->F (heading 2, two points from Java's 4): crossing, only Java fires (a bow rake)."""
    game = into_java(monkeypatch, 4, ip="gb")
    _wear_in_square(game, {"maneuver": "wear", "turn": -1, "to": "F", "cost": 2, "strain": 0})
    (record,) = game.state.stacks
    assert record["relation"] == "crossing"
    mine, theirs = lines(game)
    assert mine is None
    assert theirs is not None and theirs.rake == "bow"


def into_java(monkeypatch, java_heading, ip="us", turn=0, side=None):
    """Java (speed 0) lies at (11,12) with `java_heading`; `ip` holds the initiative; Constitution (speed 12)
    Advances east from (10,12), taking the free turn `turn` (0, or +1 to A), and enters Java's square in
    impulse 2. A parallel_side request is answered with `side` if given, else left pending."""
    game = to_select(monkeypatch, (10, 12, 3), (11, 12, java_heading), {"constitution": 12, "java": 0}, ip=ip)
    answer(game, "us", {"constitution": {"maneuver": "advance", "strain": 0}})
    drive(game, until=at("advance_turn"))
    (choice,) = [o for o in game.pending[0].ships["constitution"] if o["turn"] == turn]
    answer(game, "us", {"constitution": choice})
    if side is not None and at("parallel_side")(game):
        answer(game, ip, side)
    return game


def lines(game):
    """(Constitution's line of fire at Java, Java's at Constitution)."""
    state = game.state
    con, java = state.ships["constitution"], state.ships["java"]
    return line_of_fire(state, con, java), line_of_fire(state, java, con)


def _wear_in_square(game, choice):
    """Constitution (selecting at impulse 2, in Java's square) makes the Wear `choice`."""
    assert game.pending_for("us").kind == "select_maneuver"
    answer(game, "us", {"constitution": choice})
    drive(game, until=lambda g: any(e["type"] == "turn" and e.get("ship") == "constitution" and e["rule"] == "9.1.2"
                                    for e in g.events))


def test_9_2_1_parallel_same_heading_the_initiative_player_chooses_even_when_not_moving(monkeypatch):
    """9.2.1, R9.2.1: Java heading 3 like Constitution; gb (IP, not moving) is asked which side of Java
    Constitution passes; 'starboard': Java shows starboard, Constitution port; both fire, each at the
    other's facing sections."""
    game = into_java(monkeypatch, 3, ip="gb")
    (request,) = game.pending
    assert (request.kind, request.side, request.rule, request.options) == (
        "parallel_side", "gb", "9.2.1", ("port", "starboard"))
    assert request.info == {"mover": "constitution", "other": "java"}
    assert game.state.ships["constitution"].square == (11, 12)
    answer(game, "gb", "starboard")
    (record,) = game.state.stacks
    assert (record["relation"], record["mover_side"], record["other_side"], record["firer"]) == (
        "parallel", "port", "starboard", "both")
    mine, theirs = lines(game)
    assert (mine.mp, mine.side, mine.rake, mine.hit) == (0, "port", None, ("starboard_bow", "starboard_aft"))
    assert (theirs.side, theirs.hit) == ("starboard", ("port_bow", "port_aft"))


def test_9_2_1_parallel_opposite_headings_show_the_same_side(monkeypatch):
    """9.2.1, R9.2.1: Java heading 7 (opposite); us (IP, moving) chooses 'port': port to port, both fire."""
    game = into_java(monkeypatch, 7, ip="us")
    assert [(r.kind, r.side) for r in game.pending] == [("parallel_side", "us")]
    answer(game, "us", "port")
    (record,) = game.state.stacks
    assert (record["relation"], record["mover_side"], record["other_side"]) == ("parallel", "port", "port")
    mine, theirs = lines(game)
    assert mine.side == "port" and theirs.side == "port"


def test_9_2_2_crossing_with_the_initiative_player_moving_stern_rake_only_he_fires(monkeypatch):
    """9.2.2, R9.2.2: Java heading 5 (crossing); us (IP) moves in: Constitution passes Java's stern and
    stern-rakes her with the starboard broadside; Java may not fire."""
    game = into_java(monkeypatch, 5, ip="us")
    (record,) = game.state.stacks
    assert (record["relation"], record["rake"], record["firer"]) == ("crossing", "stern", "mover")
    mine, theirs = lines(game)
    assert (mine.side, mine.rake, mine.hit) == ("starboard", "stern", ("port_aft", "starboard_aft"))
    assert theirs is None


def test_9_2_2_crossing_with_the_non_initiative_player_moving_the_initiative_player_bow_rakes(monkeypatch):
    """9.2.2, R9.2.2: Java heading 5; gb (IP) stationary, us moves in: Java bow-rakes Constitution with her
    starboard broadside; Constitution may not fire."""
    game = into_java(monkeypatch, 5, ip="gb")
    (record,) = game.state.stacks
    assert (record["relation"], record["rake"], record["firer"]) == ("crossing", "bow", "other")
    mine, theirs = lines(game)
    assert mine is None
    assert (theirs.side, theirs.rake, theirs.hit) == ("starboard", "bow", ("port_bow", "starboard_bow"))


def test_9_2_3_angled_the_mover_passes_the_side_it_entered_from(monkeypatch):
    """9.2.3, R9.2.3: Constitution enters from the west (10,12). Java heading 4 (SE): her starboard faces
    west, Constitution shows port; Java heading 2 (NE): her port faces west, Constitution shows starboard.
    Both ships fire in both cases."""
    for java_heading, java_side, con_side in ((4, "starboard", "port"), (2, "port", "starboard")):
        game = into_java(monkeypatch, java_heading, ip="us")
        (record,) = game.state.stacks
        assert (record["relation"], record["other_side"], record["mover_side"], record["firer"]) == (
            "angled", java_side, con_side, "both"), java_heading
        mine, theirs = lines(game)
        assert (mine.side, theirs.side) == (con_side, java_side)


def test_9_2_note_the_free_wear_is_decided_before_the_relative_position(monkeypatch):
    """9.2 note, 9.1.1: Java heading 5 would make a crossing, but Constitution takes the free turn to A
    (heading 4) on entering: the relation is angled (both fire); the turn event precedes the stacking
    event."""
    game = into_java(monkeypatch, 5, ip="us", turn=1)
    assert game.state.ships["constitution"].heading == 4
    (record,) = game.state.stacks
    assert record["relation"] == "angled" and record["firer"] == "both"
    (turned,) = [e for e in events_of(game, "turn") if e.get("ship") == "constitution"]
    (stacked,) = events_of(game, "stacking")
    assert turned["n"] < stacked["n"] and stacked["relation"] == "angled"
    mine, theirs = lines(game)
    assert mine is not None and theirs is not None


def test_9_2_leaving_the_square_ends_the_stacking(monkeypatch):
    """9.2: angled with Java (heading 4); Constitution Advances on to (12,12) in impulse 4: no stack record
    is left and the ships bear on each other across squares again at 2 MP (Java dead astern of Constitution,
Constitution on Java's port bow)."""
    game = into_java(monkeypatch, 4, ip="us")
    assert len(game.state.stacks) == 1
    answer(game, "us", {"constitution": {"maneuver": "advance", "strain": 0}})
    drive(game, until=lambda g: len([e for e in events_of(g, "move") if e["ship"] == "constitution"]) == 2)
    assert game.state.ships["constitution"].square == (12, 12)
    assert game.state.stacks == []
    mine, theirs = lines(game)
    assert (mine.mp, mine.side, mine.chaser) == (2, None, "stern")  # Java now dead astern: stern chaser only
    assert (theirs.mp, theirs.side, theirs.hit) == (2, "port", ("port_aft", "starboard_aft"))


def test_9_2_note_a_wear_that_turns_crossing_into_angled_lets_both_fire(monkeypatch):
    """9.2 note, R9.2.4: crossing (Java heading 5, us IP moving: only Constitution fires); Constitution
    Wears D->F (heading 2, three points from Java's 5): angled, both fire."""
    game = into_java(monkeypatch, 5, ip="us")
    assert lines(game)[1] is None
    _wear_in_square(game, {"maneuver": "wear", "turn": -1, "to": "F", "cost": 2, "strain": 0})
    (record,) = game.state.stacks
    assert (record["relation"], record["firer"]) == ("angled", "both")
    mine, theirs = lines(game)
    assert mine is not None and theirs is not None
    assert mine.rake is None and theirs.rake is None


def test_9_2_note_falling_off_from_in_irons_in_a_shared_square_rebuilds_the_relation():
    """9.2 note with ruling R9.1.4: Constitution lies In Irons (heading 1) in Java's square (Java heading 3):
    crossing. When she selects, she falls off to F (heading 2), one point from Java's heading 3: the relation
    is rebuilt as angled and both may fire (it must not stay a stale crossing)."""
    from cs_desktop.rules import geometry as geo
    from cs_desktop.rules.activation import segment_select

    from tests.rules.fighting_kit import ready, run
    from tests.rules.sailing_kit import hold_still

    game = ready((11, 12, 1), (11, 12, 3))
    hold_still(game, "java")
    record = geo.stacked_sides(1, 1, 3, None, True)
    record.update(ships=["constitution", "java"], mover="constitution")
    game.state.stacks = [record]
    assert record["relation"] == "crossing"
    fall_off = {"constitution": {"maneuver": "fall_off", "turn": 1, "to": "F", "strain": 0}}
    run(game, segment_select(game), select_maneuver=(fall_off, lambda r: {"constitution": r.ships["constitution"][0]}))
    (record,) = game.state.stacks
    assert record["relation"] == "angled" and record["firer"] == "both"
    mine, theirs = lines(game)
    assert mine is not None and theirs is not None
