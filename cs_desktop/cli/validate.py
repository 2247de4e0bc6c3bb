"""The `validate` subcommand's checks: any file or folder the program reads -- a ship, a scenario with its
ships, a saved game with its decisions replayed, a campaign folder -- judged whole, one line a problem.

It sits above the formats it dispatches to (files, savegame, campaign.folder), so that none of them needs
another's checker.
"""

from __future__ import annotations

import os
from collections.abc import Iterable
from pathlib import Path

from cs_desktop.campaign.folder import is_campaign_folder, validate_campaign
from cs_desktop.formats.files import GAME_FORMAT, MAX_FILE_BYTES, card_of, resolve_ships, ship_search_dirs
from cs_desktop.formats.jsonread import FileFormatError, decode_text, parse_json, read_bytes
from cs_desktop.rules.cards import Scenario
from cs_desktop.formats.savegame import MAX_SAVE_BYTES, MAX_SAVE_VALUES, SaveError, game_from_save, parse_save


def expand_paths(paths: Iterable[str | os.PathLike[str]]) -> list[Path]:
    """Files to validate: each path as given, a folder as every *.json and *.csgame file below it (sorted); a
    campaign folder (one holding campaign.json, docs/campaign-format.md) is checked whole, as one path."""
    out: list[Path] = []
    for p in map(Path, paths):
        if is_campaign_folder(p):
            out.append(p)
        elif p.is_dir():
            campaigns = sorted(q.parent for q in p.rglob("campaign.json") if is_campaign_folder(q.parent))
            files = [q for q in p.rglob("*") if q.suffix in (".json", ".csgame") and q.is_file()
                     and not any(c in q.parents for c in campaigns)]
            out.extend(sorted(files + campaigns))
        else:
            out.append(p)
    return out


def validate_path(path: str | os.PathLike[str]) -> list[str]:
    """Problems with one ship, scenario or saved-game file (a scenario with its ships, a saved game with its
    decisions replayed), one line each; [] if good."""
    p = Path(path)
    if is_campaign_folder(p):
        return validate_campaign(p)
    try:
        raw = read_bytes(p, max(MAX_SAVE_BYTES, MAX_FILE_BYTES))
        text = decode_text(raw, p)
        data = parse_json(text, p, max_values=MAX_SAVE_VALUES)
        if isinstance(data, dict) and data.get("format") == GAME_FORMAT:
            del data
            game_from_save(parse_save(text, p), p)
            return []
        if len(raw) > MAX_FILE_BYTES:
            raise FileFormatError(p, [("(file)", f"file is {len(raw)} bytes; the limit is {MAX_FILE_BYTES} "
                                                 "bytes")])
        card = card_of(text, data, str(p))
        if isinstance(card, Scenario):
            resolve_ships(card, str(p), ship_search_dirs(p))  # and its ships, as load_scenario_with_ships
    except FileFormatError as e:
        return e.lines()
    except SaveError as e:
        return e.lines()
    return []


def validate_paths(paths: Iterable[str | os.PathLike[str]]) -> list[str]:
    """Messages for the `validate` subcommand: one line per problem in any file; empty = all good."""
    out: list[str] = []
    for p in expand_paths(paths):
        out.extend(validate_path(p))
    return out
