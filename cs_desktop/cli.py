"""The `captains-sea` command: with no subcommand it opens the window; subcommands work headless."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="captains-sea",
        description="Captain's Sea: frigate duels 1799-1815. With no subcommand, opens the program window.",
    )
    parser.add_argument("--data-dir", metavar="DIR",
                        help="folder of the library, saves and autosaves (default: the user data folder; "
                             "the environment variable CAPTAINS_SEA_DATA does the same)")
    sub = parser.add_subparsers(dest="command")
    from cs_desktop import commands

    commands.register(sub)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    if args.data_dir:
        import os

        os.environ["CAPTAINS_SEA_DATA"] = str(args.data_dir)
    if args.command is None:
        from cs_desktop.gui.app import run_app

        return run_app()
    result: int = args.func(args)
    return result


if __name__ == "__main__":
    sys.exit(main())
