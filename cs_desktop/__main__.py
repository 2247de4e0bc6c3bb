"""`python3 -m cs_desktop`: the `captains-sea` command (cli/main.py)."""

from cs_desktop.cli.main import main

# guarded: worker processes started by spawn (the balance lab's local cluster) import this module again and must
# not run the command
if __name__ == "__main__":
    raise SystemExit(main())
