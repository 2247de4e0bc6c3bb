"""Headless subcommands of `captains-sea` (validate, simulate, vp, replay)."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

#: exit status of a subcommand that found a problem with its input files
EXIT_PROBLEM = 2


def register(sub: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    """Add every headless subcommand to the parser."""
    p = sub.add_parser("validate", help="check ship and scenario files (folders: every .json below them)")
    p.add_argument("files", nargs="+", metavar="FILE", help="ship or scenario file, or a folder")
    p.set_defaults(func=cmd_validate)

    p = sub.add_parser("vp", help="a scenario's victory point multipliers and bonuses (19.0, 20.1, 21.3)")
    p.add_argument("scenario", metavar="SCENARIO", help="scenario file")
    p.add_argument("--json", action="store_true", help="print JSON instead of text")
    p.set_defaults(func=cmd_vp)


def cmd_validate(args: argparse.Namespace) -> int:
    """One line per problem (exit 2), or one 'ok' line per good file (exit 0)."""
    from cs_desktop.files import expand_paths, validate_path

    paths = expand_paths(args.files)
    if not paths:
        print("no .json files found in " + ", ".join(args.files), file=sys.stderr)
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
    return EXIT_PROBLEM if bad else 0


def _fmt(x: float) -> str:
    return f"{x:g}"


def cmd_vp(args: argparse.Namespace) -> int:
    from cs_desktop.files import FileFormatError, load_scenario_with_ships
    from cs_desktop.rules.ratings import victory_terms

    try:
        scenario, ships = load_scenario_with_ships(Path(args.scenario))
    except FileFormatError as e:
        for line in e.lines():
            print(line, file=sys.stderr)
        return EXIT_PROBLEM
    terms = victory_terms(scenario, ships)
    if args.json:
        out = {"scenario": scenario.id, "title": scenario.title, "engagement": scenario.engagement,
               **terms.to_dict()}
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
    return 0
