"""`captains-sea campaign new|status|play`: campaigns without a window (docs/campaign-engine.md)."""

from __future__ import annotations

import argparse
import json
import sys

EXIT_PROBLEM = 2


def register_campaign(sub: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    p = sub.add_parser("campaign", help="start, inspect and play campaigns headless (computer captains)")
    csub = p.add_subparsers(dest="campaign_command", required=True)
    q = csub.add_parser("new", help="start a career in a campaign and write its campaign file")
    q.add_argument("campaign", metavar="CAMPAIGN", help="a shipped campaign's id (e.g. constitution-1812) or a "
                                                        "campaign folder")
    q.add_argument("--seed", type=int, default=1, help="the campaign's dice (default 1)")
    q.add_argument("--out", required=True, metavar="FILE", help="campaign file to write")
    q.add_argument("--nation", choices=("US", "GB", "FR"), help="an open career: the player's nation")
    q.add_argument("--year", type=int, help="an open career: the start year (e.g. 1798-1812)")
    q.set_defaults(func=cmd_new)
    q = csub.add_parser("status", help="where a campaign stands")
    q.add_argument("file", metavar="FILE")
    q.add_argument("--json", action="store_true", help="print JSON")
    q.set_defaults(func=cmd_status)
    q = csub.add_parser("play", help="play on with computer captains on every side; prints the story and "
                                     "writes the file back")
    q.add_argument("file", metavar="FILE")
    q.add_argument("--months", type=int, default=None, help="stop after this many months (default: to the end)")
    q.add_argument("--captains", default="simple,simple", help="captains of the player's and the enemy's ships "
                                                              "in battle (default simple,simple)")
    q.add_argument("--json", action="store_true", help="print the journal lines as JSON")
    q.set_defaults(func=cmd_play)
    q = csub.add_parser("journal", help="the captain's journal as Markdown or HTML, each battle told")
    q.add_argument("file", metavar="FILE")
    q.add_argument("--format", choices=("md", "html"), default="md", help="md (default) or html")
    q.add_argument("--out", metavar="FILE", help="write it here (default: print it)")
    q.set_defaults(func=cmd_journal)


def _problem(e: Exception) -> int:
    from cs_desktop.formats.jsonread import FileFormatError

    lines = e.lines() if isinstance(e, FileFormatError) else [str(e)]
    for line in lines:
        print(line, file=sys.stderr)
    return EXIT_PROBLEM


def cmd_new(args: argparse.Namespace) -> int:
    from cs_desktop.campaign.headless import new, save
    from cs_desktop.formats.jsonread import FileFormatError

    try:
        engine = new(args.campaign, args.seed, args.nation, args.year)
    except (FileFormatError, ValueError) as e:
        return _problem(e)
    save(engine, args.out)
    s = engine.state
    print(f"{args.out}: {engine.c.campaign.title}, seed {s.seed}: Captain {s.captain} in {s.flagship.name} at "
          f"{engine.c.port(s.port).name if s.port else s.area}, {s.date}")
    return 0


def cmd_status(args: argparse.Namespace) -> int:
    from cs_desktop.campaign.headless import load, status
    from cs_desktop.formats.jsonread import FileFormatError

    try:
        engine = load(args.file)
    except FileFormatError as e:
        return _problem(e)
    st = status(engine)
    if args.json:
        print(json.dumps(st, indent=2, sort_keys=True))
        return 0
    where = engine.c.port(st["port"]).name if st["port"] else engine.c.area(st["area"]).name
    print(f"{engine.c.campaign.title}: {st['date']}, Captain {st['captain']} at {where}; money {st['money']}, "
          f"reputation {st['reputation']}")
    for x in st["ships"]:
        print(f"  {x['name']} ({x['role']}, {x['quality']}): crew {x['crew']}, rigging {x['rigging']}, gunnery "
              f"{sum(x['gunnery'].values())}, morale {x['morale']}, stores {x['stores']}, shot {x['shot']}, "
              f"prisoners {x['prisoners']}")
    print("ended: " + st["end_reason"] + f", score {st['score']['total']}" if st["ended"]
          else f"waiting for: {st['pending']}")
    return 0


def cmd_play(args: argparse.Namespace) -> int:
    from cs_desktop.ai.captains import CAPTAINS
    from cs_desktop.campaign.headless import load, play, save, story
    from cs_desktop.formats.jsonread import FileFormatError

    captains = tuple(c.strip() for c in args.captains.split(","))
    if len(captains) != 2 or any(c not in CAPTAINS for c in captains):
        print(f"--captains: give two of {', '.join(CAPTAINS)}, comma separated", file=sys.stderr)
        return EXIT_PROBLEM
    if args.months is not None and args.months < 1:
        print("--months: give a number of months, 1 or more", file=sys.stderr)
        return EXIT_PROBLEM
    try:
        engine = load(args.file)
    except FileFormatError as e:
        return _problem(e)
    lines = play(engine, (captains[0], captains[1]), args.months)
    save(engine, args.file)
    if args.json:
        print(json.dumps(lines, indent=1, sort_keys=True, ensure_ascii=False))
    else:
        print(story(lines))
    return 0


def cmd_journal(args: argparse.Namespace) -> int:
    from cs_desktop.campaign.journal_export import export
    from cs_desktop.campaign.headless import load
    from cs_desktop.formats.files import atomic_write_text
    from cs_desktop.formats.jsonread import FileFormatError

    try:
        engine = load(args.file)
    except FileFormatError as e:
        return _problem(e)
    text = export(args.format, engine.c.campaign.title, engine.state.captain, engine.state.journal)
    if args.out:
        atomic_write_text(args.out, text)
        print(f"{args.out}: {len(engine.state.journal)} journal entries ({args.format})")
    else:
        sys.stdout.write(text)
    return 0
