"""Damaged and tampered saved games, as the bytes a player could end up with (issue 9, points 6 and 7).

`BAD_SAVES` maps a case name to (write the file, where the message points, words of the message). The
files are made from a real saved game, so everything but the one damage is valid. Used by the loader and
CLI tests (tests/formats/test_bad_saves.py) and the window test (tests/gui/window/test_open_bad_save.py).
"""

from __future__ import annotations

import json
from collections.abc import Callable
from functools import cache
from pathlib import Path
from typing import Any

import cs_desktop
from cs_desktop.ai.captains import make_captain
from cs_desktop.ai.seat import Seat
from cs_desktop.formats.files import load_scenario_with_ships
from cs_desktop.rules.game import Game
from cs_desktop.formats.savegame import MAX_SAVE_BYTES, save_text

Writer = Callable[[Path], None]


@cache
def good_text() -> str:
    """A saved game of Constitution vs Java, a turn and a half into play (seed 9, turn limit 2)."""
    scenario, ships = load_scenario_with_ships(cs_desktop.SCENARIOS / "constitution-vs-java.json")
    game = Game(scenario, ships, seed=9, options={"turn_limit": 2})
    captains = {s.id: make_captain("random", i) for i, s in enumerate(scenario.sides)}
    for _ in range(40):
        request = game.pending[0]
        assert game.submit(request.side, captains[request.side].choose(Seat(game, request)))
    return save_text(game, {"seats": {"us": "human", "gb": "simple"}})


def good_data() -> dict[str, Any]:
    data: dict[str, Any] = json.loads(good_text())
    return data


def _changed(change: Callable[[dict[str, Any]], None]) -> Writer:
    def write(path: Path) -> None:
        data = good_data()
        change(data)
        path.write_text(json.dumps(data, indent=1), encoding="utf-8")

    return write


def _literal(change: Callable[[dict[str, Any]], None], literal: str) -> Writer:
    """Put `literal` (JSON that json.dumps would never write) where `change` puts the marker."""

    def write(path: Path) -> None:
        data = good_data()
        change(data)
        text = json.dumps(data, indent=1)
        assert text.count('"@@"') == 1
        path.write_bytes(text.replace('"@@"', literal).encode("utf-8"))

    return write


def _raw(make: Callable[[bytes], bytes]) -> Writer:
    def write(path: Path) -> None:
        path.write_bytes(make(good_text().encode("utf-8")))

    return write


def _huge(path: Path) -> None:
    with path.open("wb") as fh:
        fh.truncate(MAX_SAVE_BYTES + 1)  # a sparse file: refused by its size, never read


def _opt(**values: Any) -> Callable[[dict[str, Any]], None]:
    return lambda d: d["options"].update(values)


def _decision(index: int, **values: Any) -> Callable[[dict[str, Any]], None]:
    return lambda d: d["decisions"][index].update(values)


def _set(**values: Any) -> Callable[[dict[str, Any]], None]:
    return lambda d: d.update(values)


_FULL_SAIL = {"constitution": {"sail": "full", "loads": {"port_bow": "round", "port_aft": "round",
                                                         "starboard_bow": "round", "starboard_aft": "round"}}}

BAD_SAVES: dict[str, tuple[Writer, str, str]] = {
    "truncated": (_raw(lambda b: b[: len(b) // 2]), "line ", "the file looks cut short"),
    "empty": (_raw(lambda b: b""), "line 1, column 1", "bad JSON"),
    "huge": (_huge, "(file)", f"the limit is {MAX_SAVE_BYTES} bytes"),
    "deeply nested": (_raw(lambda b: b"[" * 100_000 + b"]" * 100_000), "line 1, column 51", "nested too deeply"),
    "nested 60 deep": (_literal(_set(meta="@@"), "[" * 60 + "]" * 60), "line ", "nested deeper than 50"),
    "not an object": (_raw(lambda b: b"[1, 2]"), "(file)", "expected a JSON object"),
    "infinite bid": (_literal(_opt(bid={"us": "@@"}), "Infinity"), "options.bid.us", "Infinity is not a number"),
    "bid of 1e999": (_literal(_opt(bid={"us": "@@"}), "1e999"), "options.bid.us", "1e999 is too large"),
    "bid for no side": (_changed(_opt(bid={"fr": 3})), "options.bid", "names side 'fr'"),
    "NaN turn limit": (_literal(_opt(turn_limit="@@"), "NaN"), "options.turn_limit", "NaN is not a number"),
    "turn limit -3": (_changed(_opt(turn_limit=-3)), "options.turn_limit", "must be at least 1, got -3"),
    "turn limit 10**9": (_changed(_opt(turn_limit=10**9)), "options.turn_limit", "must be at most 200, got 1000000000"),
    "turn limit 2.5": (_changed(_opt(turn_limit=2.5)), "options.turn_limit", "expected a whole number"),
    "unknown option": (_changed(_opt(fog_of_war=True)), "options.fog_of_war", "unknown field; the fields here"),
    "relativity typo": (_changed(_opt(relativity="fractionnal")), "options.relativity", "fractional"),
    "seed of 5000 digits": (_literal(_set(seed="@@"), "9" * 5000), "seed", "5000 digits is far too large"),
    "seed of 30 digits": (_changed(_set(seed=10**29)), "seed", "must be at most 18446744073709551615"),
    "illegal decision": (_changed(_decision(0, answer=_FULL_SAIL)), "decisions[0]",
                         "decision 1 of 40 ('setup' by side 'us', turn 1, setup) does not replay: rule 2.0 refuses"),
    "decision for no side": (_changed(_decision(4, side="fr")), "decisions[4]",
                             "there is no side 'fr' in this game; the sides are us, gb"),
    "decision of the wrong kind": (_changed(_decision(0, kind="fire")), "decisions[0]",
                                   "the game asks side 'us' for 'setup' here (2.0), not 'fire'"),
    "decision out of turn": (_changed(lambda d: d["decisions"].insert(2, d["decisions"][2])), "decisions[3]",
                             "nothing is asked of side 'us' at this point"),
    "scenario file": (_changed(lambda d: d.update(format="captains-sea/scenario")), "format",
                      "this is a scenario file"),
    "version 2": (_changed(_set(version=2)), "version", "version 2 is not supported"),
    "version 1.0": (_raw(lambda b: b.replace(b'"version": 1,', b'"version": 1.0,', 1)), "version",
                    "expected a whole number, got a number 1.0"),
    "version true": (_raw(lambda b: b.replace(b'"version": 1,', b'"version": true,', 1)), "version",
                     "expected a whole number, got true/false true"),
    "duplicate key": (_raw(lambda b: b.replace(b'"seed": 9,', b'"seed": 9,\n "seed": 10,')), "line ",
                      "duplicate key 'seed'"),
    "control character": (_raw(lambda b: b.replace(b"Constitution vs Java", b"Constitution\x07 vs Java", 1)),
                          "line 8, column 25", "control character U+0007"),
    "invalid UTF-8": (_raw(lambda b: b.replace(b"Constitution vs Java", b"Constitution\xff vs Java", 1)),
                      "line 8, column 25", "not UTF-8 text: invalid byte 0xff"),
    "byte-order mark inside": (_raw(lambda b: b.replace(b'"seed"', b'\xef\xbb\xbf"seed"', 1)), "line ",
                               "byte-order mark (U+FEFF) inside the text"),
    "ship card damaged": (_changed(lambda d: d["ships"]["java"].update(crew_points="many")),
                          "ships.java.crew_points", 'expected a whole number, got text "many"'),
    "ship card missing": (_changed(lambda d: d["ships"].pop("java")), "scenario.sides[1].ships[0].ship",
                          "no ship card for 'java'"),
}
