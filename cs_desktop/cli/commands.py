"""Headless subcommands of `captains-sea` (validate, simulate, vp, replay)."""

from __future__ import annotations

import argparse
import json
from dataclasses import asdict
import sys
from pathlib import Path
from typing import Any

from cs_desktop.batch import turn_limit

#: exit status of a subcommand that found a problem with its input files
EXIT_PROBLEM = 2


def register(sub: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    """Add every headless subcommand to the parser."""
    p = sub.add_parser("validate", help="check ship, scenario and saved-game files and campaign folders (folders: "
                                       "every .json and .csgame below them, a campaign folder as a whole)")
    p.add_argument("files", nargs="+", metavar="FILE", help="ship, scenario or saved-game file, a campaign folder, "
                                                           "or a folder")
    p.set_defaults(func=cmd_validate)

    p = sub.add_parser("vp", help="a scenario's victory point multipliers and bonuses (19.0, 20.1, 21.3)")
    p.add_argument("scenario", metavar="SCENARIO", help="scenario file")
    p.add_argument("--json", action="store_true", help="print JSON instead of text")
    p.set_defaults(func=cmd_vp)

    p = sub.add_parser("simulate", help="play computer-vs-computer games of a scenario and report the results")
    p.add_argument("--scenario", required=True, help="scenario file")
    p.add_argument("--games", type=int, default=10, help="number of games (default 10)")
    p.add_argument("--seed", type=int, default=1, help="seed of the first game; game k uses seed+k")
    p.add_argument("--captains", default=None,
                   help="captain of each side, comma separated, one a side: easy, normal, hard (the levels), or the "
                        "baselines judgment, simple, random (default random for every side)")
    p.add_argument("--turn-limit", type=int, default=None, help=turn_limit.HELP)
    p.add_argument("--swap", action="store_true", help="swap the captains between sides every other game (more "
                   "than two sides: game k moves each captain k sides on)")
    p.add_argument("--option", action="append", default=[], metavar="NAME=VALUE",
                   help="a game option of a saved game (docs/file-formats.md), overriding the scenario's; VALUE in "
                        "JSON (plain text for a word): fleet_rules=true, variable_wind=true, relativity=zero, "
                        "bridge_cards=false, initial_broadside=true, heavy_guns=true, fire_spreads=true (a house rule), pirate_fire=true, pirate_wind=true, "
                        "sloop_damage=true, heavy_frigate_damage=true, wsim_melee=true, "
                        "prize_crews=true (needs fleet_rules), prize_sails=true (needs prize_crews); "
                        "may be repeated")
    p.add_argument("--json", action="store_true", help="print JSON (per game and summary)")
    p.set_defaults(func=cmd_simulate)

    from cs_desktop.cli.tournament import register_tournament

    register_tournament(sub)

    from cs_desktop.cli.balance import register_balance

    register_balance(sub)

    from cs_desktop.cli.ladder import register_ladder

    register_ladder(sub)

    from cs_desktop.campaign.command import register_campaign

    register_campaign(sub)

    from cs_desktop.online.command import register as register_online

    register_online(sub)

    p = sub.add_parser("replay", help="rebuild a saved game from its decisions and print its state")
    p.add_argument("save", help="saved game file")
    p.add_argument("--json", action="store_true", help="print the final state as JSON")
    p.set_defaults(func=cmd_replay)


def cmd_validate(args: argparse.Namespace) -> int:
    """One line per problem (exit 2), or one 'ok' line per good file (exit 0)."""
    from cs_desktop.cli.validate import expand_paths, validate_path

    paths = expand_paths(args.files)
    if not paths:
        print("no .json or .csgame files found in " + ", ".join(args.files), file=sys.stderr)
        return EXIT_PROBLEM
    bad = False
    for path in paths:
        problems = validate_path(path)
        if problems:
            bad = True
            for line in problems:
                print(line)
        else:
            print(f"ok: {path}")
            for line in _scenario_warnings(path):
                print(f"warning: {path}: {line}")
    return EXIT_PROBLEM if bad else 0


def _scenario_warnings(path: Path) -> list[str]:
    """A good scenario file that one side cannot win (rules/winnable.py); [] for other files."""
    from cs_desktop.formats.files import load_scenario_with_ships
    from cs_desktop.formats.jsonread import FileFormatError
    from cs_desktop.rules.winnable import cannot_win

    if not str(path).endswith(".json"):
        return []
    try:
        scenario, ships = load_scenario_with_ships(path)
    except (FileFormatError, OSError, ValueError):
        return []  # a ship card, or a file validate_path judged another way
    return cannot_win(scenario, ships)


def _fmt(x: float) -> str:
    return f"{x:g}"


def cmd_vp(args: argparse.Namespace) -> int:
    from cs_desktop.formats.files import load_scenario_with_ships
    from cs_desktop.formats.jsonread import FileFormatError
    from cs_desktop.rules.ratings import victory_terms
    from cs_desktop.rules.winnable import cannot_win, reach

    try:
        scenario, ships = load_scenario_with_ships(Path(args.scenario))
    except FileFormatError as e:
        for line in e.lines():
            print(line, file=sys.stderr)
        return EXIT_PROBLEM
    terms = victory_terms(scenario, ships)
    if args.json:
        out = {"scenario": scenario.id, "title": scenario.title, "engagement": scenario.engagement,
               **terms.to_dict(), "reach": {k: asdict(v) for k, v in reach(scenario, ships).items()},
               "warnings": cannot_win(scenario, ships)}
        print(json.dumps(out, indent=2, ensure_ascii=False))
        return 0
    print(f"{scenario.title} ({scenario.date}, {scenario.engagement} engagement)")
    for s in terms.sides:
        extra = " (scenario's own terms)" if s.overridden else ""
        bid = f", bid +{s.bid_points} VP" if s.bid_points else ""
        print(f"  {s.name}: {', '.join(s.ships)}: FP {s.fp}, CR {s.cr}, DC {s.dc}: "
              f"multiplier x{_fmt(s.multiplier)}, bonus {s.bonus} VP{bid}{extra}")
    print("How:")
    for step in terms.steps:
        print(f"  [{step.rule}] {step.text}")
    print("Reach (19.0: every enemy box damaged and every enemy ship captured, or no hit at all):")
    for r in reach(scenario, ships).values():
        print(f"  {r.name}: best {r.best:g} VP, worst {r.worst:g} VP")
    for line in cannot_win(scenario, ships):
        print(f"warning: {line}")
    return 0


def cmd_simulate(args: argparse.Namespace) -> int:
    from cs_desktop.ai.captains import CAPTAINS
    from cs_desktop.formats.files import load_scenario_with_ships
    from cs_desktop.formats.jsonread import FileFormatError
    from cs_desktop.batch.simulate import simulate, to_json

    try:
        scenario, ships = load_scenario_with_ships(args.scenario)
    except FileFormatError as e:
        print(e, file=sys.stderr)
        return EXIT_PROBLEM
    n_sides = len(scenario.sides)
    captains = tuple(c.strip() for c in args.captains.split(",")) if args.captains else ("random",) * n_sides
    if len(captains) != n_sides or any(c not in CAPTAINS for c in captains):
        many = "two" if n_sides == 2 else f"{n_sides} (one a side: the scenario has {n_sides} sides)"
        print(f"--captains: give {many} of {', '.join(CAPTAINS)}, comma separated", file=sys.stderr)
        return EXIT_PROBLEM
    if args.games < 1 or args.games > 100_000:
        print("--games: give a number from 1 to 100000", file=sys.stderr)
        return EXIT_PROBLEM
    if not turn_limit.valid(args.turn_limit):
        print(turn_limit.PROBLEM, file=sys.stderr)
        return EXIT_PROBLEM
    options = game_options(args.option, [s.id for s in scenario.sides])
    if isinstance(options, str):
        print(options, file=sys.stderr)
        return EXIT_PROBLEM
    from cs_desktop.rules.setup import options_problem

    problem = options_problem(scenario, options)
    if problem:
        print(f"--option: {problem}", file=sys.stderr)
        return EXIT_PROBLEM
    report = simulate(scenario, ships, args.games, args.seed, captains, args.turn_limit, args.swap, options)
    if args.json:
        print(to_json(report))
        return 0
    for r in report["results"]:
        vp = ", ".join(f"{k} {v}" for k, v in r["vp"].items())
        print(f"game {r['game']:>3} seed {r['seed']}: {r['winner'] or 'draw'} ({vp}) after {r['turns']} turns — "
              f"{r['how']}")
    s = report["summary"]
    print("win rate: " + ", ".join(f"{k} {v:.0%}" for k, v in s["win_rate"].items())
          + f", draws {s['draw_rate']:.0%}; mean turns {s['mean_turns']}")
    return 0


def game_options(pairs: list[str], sides: list[str]) -> dict[str, Any] | str:
    """`--option NAME=VALUE` pairs as game options, checked like a saved game's `options`; or the problem."""
    from cs_desktop.formats.jsonread import FileFormatError
    from cs_desktop.formats.modelerrors import validate_model
    from cs_desktop.formats.savegame import GameOptions

    out: dict[str, Any] = {}
    for pair in pairs:
        name, eq, text = pair.partition("=")
        name = name.strip()
        if not eq or not name:
            return f"--option {pair!r}: write NAME=VALUE, e.g. fleet_rules=true"
        try:
            out[name] = json.loads(text)
        except ValueError:
            out[name] = text.strip()  # a plain word: relativity=zero
    if "turn_limit" in out:
        return "--option turn_limit: use --turn-limit"
    try:
        validate_model(GameOptions, out, "--option")
    except FileFormatError as e:
        return "\n".join(f"--option {where}: {what}" for where, what in e.problems)
    bad = [side for side in out.get("bid", {}) if side not in sides]
    if bad:
        return f"--option bid: side {bad[0]!r} is not one of {sides}"
    return out


def cmd_replay(args: argparse.Namespace) -> int:
    from cs_desktop.formats.savegame import SaveError, load_game

    try:
        game = load_game(args.save).game
    except SaveError as e:
        for line in e.lines():
            print(line, file=sys.stderr)
        return EXIT_PROBLEM
    if args.json:
        print(json.dumps(game.view(None), sort_keys=True, indent=2, default=list))
    else:
        state = game.state
        print(f"{args.save}: {len(game.decisions)} decisions replayed; turn {state.turn}, {state.segment}"
              + (f"; ended: {state.end_reason}" if state.ended else ""))
    return 0
