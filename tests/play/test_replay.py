"""The replay model (issue 11, item 5; cs_desktop/play/replay.py): positions, steps by decision, impulse and turn,
jumps, bookmarks kept across reopening, and secrets hidden while the game is not over.

Every position is checked against the game rebuilt from scratch (`Game.replay` of the first p decisions) and
its `view(side)`: the checkpoints must give exactly the same game.
"""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest

from cs_desktop.play.replay import Replay
from cs_desktop.play.replay_bookmarks import BOOKMARKS_NAME, BookmarkStore
from cs_desktop.rules.game import Game
from cs_desktop.formats.savegame import SaveError
from tests.batch.replay_games import cut, finished, write


def rebuilt(game: Game, p: int) -> Game:
    return Game.replay(game.scenario, game.cards, game.seed, game.decisions[:p], game.options)


def same(view: dict[str, Any]) -> dict[str, Any]:
    """The view, but for one part of one kind of event: the engine's "crew" event (rules/crew.py) holds the ship's
    live assignment, which that game goes on changing (the gunners of a section hit later); a copy of the game
    does not share it, so after a checkpoint the event keeps the assignment as it was then. The log shows the
    event's text, which never changes. Everything else must be equal."""
    out = dict(view)
    out["events"] = [{k: v for k, v in e.items() if not (e["type"] == "crew" and k == "assign")}
                     for e in view.get("events", [])]
    return out


def test_every_position_matches_the_game_rebuilt_from_scratch(tmp_path: Path) -> None:
    game = finished()
    r = Replay.from_file(write(game, tmp_path / "g.csgame"), every=16)
    assert r.length == len(game.decisions) and r.over
    order = list(range(r.length + 1))
    random.Random(3).shuffle(order)  # any order: forward a little, back, far jumps
    for p in order[:60] + [0, r.length, 15, 16, 17, 31, 32, 33, r.length - 1]:
        assert r.goto(p) == p
        assert same(r.view()) == same(rebuilt(game, p).view(None)), p
    assert r.goto(r.length + 50) == r.length and r.goto(-3) == 0


def test_steps_by_one_decision(tmp_path: Path) -> None:
    game = finished()
    r = Replay.from_file(write(game, tmp_path / "g.csgame"))
    assert r.back() == 0
    for p in range(1, 40):
        assert r.forward() == p
        assert same(r.view()) == same(rebuilt(game, p).view(None))
    assert r.back() == 38
    assert same(r.view()) == same(rebuilt(game, 38).view(None))
    r.last()
    assert r.forward() == r.length
    assert r.view()["ended"] is True


def test_steps_by_impulse_go_to_the_first_position_of_the_next_phase(tmp_path: Path) -> None:
    r = Replay.from_file(write(finished(), tmp_path / "g.csgame"))
    seen = []
    while r.position < r.length:
        before = r.place()
        p = r.forward_impulse()
        assert r.place(p - 1).phase == before.phase  # nothing of the old phase was skipped
        assert p == r.length or r.place(p).phase != before.phase
        seen.append(r.place())
    assert any(pl.segment.startswith("impulse:") for pl in seen) and any(pl.segment == "crew" for pl in seen)
    # back: first to the start of this phase, then to the start of the previous one
    r.goto(0)
    r.forward_impulse()
    r.forward_impulse()
    start = r.position
    r.forward()
    if r.place().phase == r.place(start).phase:
        assert r.back_impulse() == start
    prev = r.back_impulse()
    assert prev < start and r.place(prev).phase != r.place(start).phase
    assert prev == 0 or r.place(prev - 1).phase != r.place(prev).phase


def test_steps_by_turn_and_jump_to_a_turn(tmp_path: Path) -> None:
    game = finished()
    r = Replay.from_file(write(game, tmp_path / "g.csgame"))
    assert (r.timeline.first_turn, r.timeline.last_turn) == (1, game.state.turn)
    p = r.forward_turn()
    assert r.place().turn == 2 and r.place(p - 1).turn == 1
    p3 = r.jump_to_turn(3)
    assert r.place().turn == 3 and r.place(p3 - 1).turn == 2
    assert same(r.view()) == same(rebuilt(game, p3).view(None))
    r.forward()
    assert r.back_turn() == p3  # to the start of this turn
    assert r.back_turn() == p  # then to the start of the previous one
    assert r.jump_to_turn(99) == r.length
    assert r.jump_to_turn(-1) == 0


def test_bookmarks_persist_across_reopening(tmp_path: Path) -> None:
    game = finished()
    path = write(game, tmp_path / "g.csgame")
    data = tmp_path / "data"
    r = Replay.from_file(path, BookmarkStore(data))
    r.goto(57)
    r.bookmarks.add("Java rakes", r.position)
    r.bookmarks.add("", 120)  # a default name saying where it is
    r.bookmarks.add("start", 0)
    assert [b.position for b in r.bookmarks.items] == [0, 57, 120]
    again = Replay.from_file(path, BookmarkStore(data))
    assert again.bookmarks.items == r.bookmarks.items
    assert again.goto(again.bookmarks.position_of("Java rakes")) == 57
    assert again.bookmarks.items[2].name.startswith(f"Turn {again.place(120).turn}, ")
    assert again.bookmarks.remove("start") and not again.bookmarks.remove("start")
    assert [b.name for b in Replay.from_file(path, BookmarkStore(data)).bookmarks.items] == ["Java rakes",
                                                                                       again.bookmarks.items[1].name]
    # the same game still in play (a prefix of it) shows the bookmarks it reached, and only those
    early = Replay.from_game(cut(game, 100), {"us": "human", "gb": "easy"}, bookmarks=BookmarkStore(data))
    assert [b.position for b in early.bookmarks.items] == [57]


def test_bookmarks_of_another_game_from_the_same_start_are_kept_apart(tmp_path: Path) -> None:
    game = finished()
    data = tmp_path / "data"
    r = Replay.from_file(write(game, tmp_path / "g.csgame"), BookmarkStore(data))
    r.bookmarks.add("mine", 30)
    other = cut(game, 20)  # the same start, then other answers (a random captain) from decision 20 on
    from cs_desktop.ai.captains import make_captain
    from cs_desktop.ai.seat import Seat

    cap = make_captain("random", 5)
    for _ in range(30):
        req = other.pending[0]
        assert other.submit(req.side, cap.choose(Seat(other, req)))
    o = Replay.from_game(other, bookmarks=BookmarkStore(data))
    assert other.decisions[:30] != game.decisions[:30]
    assert o.bookmarks.items == []
    o.bookmarks.add("theirs", 25)
    assert [b.name for b in Replay.from_file(tmp_path / "g.csgame", BookmarkStore(data)).bookmarks.items] == ["mine"]
    assert [b.name for b in Replay.from_game(other, bookmarks=BookmarkStore(data)).bookmarks.items] == ["theirs"]


def test_secrets_are_hidden_while_the_game_is_not_over(tmp_path: Path) -> None:
    game = cut(finished(), 150)
    r = Replay.from_file(write(game, tmp_path / "g.csgame", {"us": "human", "gb": "easy"}))
    assert not r.over
    assert r.viewer_choices == ["us"] and r.viewer == "us"
    with pytest.raises(ValueError, match="not over"):
        r.set_viewer(None)
    with pytest.raises(ValueError):
        r.set_viewer("gb")
    differs = 0
    for p in (0, 10, 40, 75, 99, 120, 149, 150):
        r.goto(p)
        ref = rebuilt(game, p)
        assert same(r.view()) == same(ref.view("us"))
        differs += same(r.view()) != same(ref.view(None))
    assert differs >= 6  # there were secrets to hide (the enemy's hand, loads, dice to come)
    view = r.view()
    assert type(view["sides"]["gb"]["hand"]) is int and type(view["deck"]) is int and "dice" not in view
    assert all(type(v) is bool for v in view["ships"]["java"]["loads"].values())
    # both seats human (hotseat): either side, one at a time, never both
    both = Replay.from_file(write(game, tmp_path / "h.csgame", {"us": "human", "gb": "human"}))
    assert both.viewer_choices == ["us", "gb"]
    both.set_viewer("gb")
    both.goto(99)
    assert same(both.view()) == same(rebuilt(game, 99).view("gb"))
    # the game in play, seen from the screen's side only
    live = Replay.from_game(game, {"us": "human", "gb": "human"}, viewers=["gb"])
    assert live.viewer_choices == ["gb"]
    assert len(game.decisions) == 150 and not game.ended  # the game in play is not touched


def test_everything_is_shown_once_the_game_is_over(tmp_path: Path) -> None:
    game = finished()
    r = Replay.from_file(write(game, tmp_path / "g.csgame"))
    assert r.viewer_choices == [None, "us", "gb"] and r.viewer is None
    r.goto(99)
    assert same(r.view()) == same(rebuilt(game, 99).view(None))
    r.set_viewer("gb")
    assert same(r.view()) == same(rebuilt(game, 99).view("gb"))
    assert not r.own("constitution") and r.own("java")


def test_a_decision_is_described_by_side_and_kind_never_its_answer(tmp_path: Path) -> None:
    game = cut(finished(), 150)
    r = Replay.from_file(write(game, tmp_path / "g.csgame"))
    for n in range(1, 151):
        text = r.decision_text(n)
        d = game.decisions[n - 1]
        name = game.state.sides[d["side"]].name
        if d["side"] == "us":  # the player's own: side and kind
            assert text.startswith(name + ": ")
        else:  # the other side's, while the game is not over: only that it decides
            assert text == f"{name} decides"
        assert json.dumps(d["answer"]) not in text or d["answer"] in ([], None, True, False)
    over = Replay.from_file(write(finished(), tmp_path / "f.csgame"))
    assert over.decision_text(2) == "Royal Navy: set-up (2.0)"


def test_a_malformed_file_names_the_file_and_the_field(tmp_path: Path) -> None:
    path = write(finished(), tmp_path / "g.csgame")
    data = json.loads(path.read_text(encoding="utf-8"))
    data["decisions"][7]["side"] = "france"
    bad = tmp_path / "bad.csgame"
    bad.write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(SaveError) as e:
        Replay.from_file(bad)
    assert str(bad) in str(e.value) and "decisions[7]" in str(e.value) and "france" in str(e.value)
    data["seed"] = "forty-two"
    bad.write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(SaveError, match="seed"):
        Replay.from_file(bad)
    with pytest.raises(SaveError, match="nothing.csgame"):
        Replay.from_file(tmp_path / "nothing.csgame")


def test_a_damaged_bookmarks_file_is_reported_and_kept(tmp_path: Path) -> None:
    data = tmp_path / "data"
    data.mkdir()
    (data / BOOKMARKS_NAME).write_text('{"format": "captains-sea/replay-bookmarks", "version": 1, "games": '
                                       '{"k": [{"name": "x", "position": -4, "check": "c"}]}}', encoding="utf-8")
    r = Replay.from_file(write(finished(), tmp_path / "g.csgame"), BookmarkStore(data))
    assert str(data / BOOKMARKS_NAME) in r.bookmarks.problem and "games.k[0].position" in r.bookmarks.problem
    assert r.bookmarks.items == []
    r.bookmarks.add("here", 5)  # the damaged file is moved aside, not overwritten
    aside = list(data.glob(BOOKMARKS_NAME + ".damaged-*"))
    assert len(aside) == 1 and "-4" in aside[0].read_text(encoding="utf-8")
    assert [b.name for b in Replay.from_file(tmp_path / "g.csgame", BookmarkStore(data)).bookmarks.items] == ["here"]


def test_a_game_of_the_library_replays_with_its_bookmarks(tmp_path: Path) -> None:
    from cs_desktop.library import Library

    game = finished()
    with Library.open(tmp_path / "data", import_shipped=False) as library:
        entry = library.games.save(game.save_data(), "Java strikes")
        r = Replay.from_library(library, entry.id, BookmarkStore(tmp_path / "data"))
        assert r.length == len(game.decisions) and r.over and r.viewer_choices == [None, "us", "gb"]
        assert r.source == f"library game {entry.id}"
        r.bookmarks.add("mid", 120)
    # the same game from a file shares the bookmarks (same start, same decisions)
    again = Replay.from_file(write(game, tmp_path / "g.csgame"), BookmarkStore(tmp_path / "data"))
    assert [b.name for b in again.bookmarks.items] == ["mid"]
