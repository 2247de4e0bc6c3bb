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
    parser.add_argument("--smoke-test", action="store_true",
                        help="open the real main window on the current display, check that it is interactive, and "
                             "exit 0 (or non-zero with the reason); uses a temporary data folder unless --data-dir "
                             "is given")
    sub = parser.add_subparsers(dest="command")
    from cs_desktop.cli import commands

    commands.register(sub)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    import os

    if args.data_dir:
        os.environ["CAPTAINS_SEA_DATA"] = str(args.data_dir)
    if args.command is None:
        from cs_desktop.gui.app import run_app

        if args.smoke_test:
            import tempfile

            with tempfile.TemporaryDirectory(prefix="captains-sea-smoke-") as scratch:
                if not args.data_dir:
                    os.environ["CAPTAINS_SEA_DATA"] = scratch
                return run_app(smoke_test=True)
        return run_app()
    if args.smoke_test:
        parser.error("--smoke-test opens the window; it takes no subcommand")
    try:
        result: int = args.func(args)
    except BrokenPipeError:  # the output was piped into a reader that stopped early (`| head`): not an error
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())  # so the interpreter's own final flush cannot fail again
        return 0
    return result


if __name__ == "__main__":
    sys.exit(main())
