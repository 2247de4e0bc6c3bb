"""The `captains-sea` command line: the parser (main.py), the headless subcommands, and `validate`'s checks of any
file or folder the program reads."""
