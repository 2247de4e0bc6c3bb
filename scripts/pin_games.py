"""Record the games whose fingerprints `tests/rules/test_pinned_games.py` pins (issue 12).

    python3 scripts/pin_games.py            # writes tests/data/pinned-games.json.gz
    python3 scripts/pin_games.py constitution-vs-java.json   # records that scenario's games again, keeps the rest

A speed-up of the engine must play exactly the games it played before: this records, for a few hundred games
over every shipped scenario, the scenario, seed, options and every decision, with the sha256 of the game's
fingerprint (state, events and pending requests). The test replays the stored decisions through
`Game.replay` and compares. Re-run this only for a deliberate rules fix, in its own commit, saying why.
"""

from __future__ import annotations

import gzip
import hashlib
import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from cs_desktop.formats.files import load_scenario_with_ships  # noqa: E402
from cs_desktop.batch.simulate import play_game  # noqa: E402

OUT = ROOT / "tests" / "data" / "pinned-games.json.gz"

#: (captains, options, games a scenario): mostly random play (it reaches the odd corners of the rules), some
#: games of the heuristic and judgment captains (they reach close action, boarding and the reload track).
PLAN = [
    (("random", "random"), {"turn_limit": 30}, 14),
    (("random", "random"), {"turn_limit": 12, "bonus_cards": False, "bridge_cards": False}, 4),
    (("simple", "random"), {"turn_limit": 30}, 4),
    (("judgment", "simple"), {"turn_limit": 30}, 3),
    (("simple", "judgment"), {"turn_limit": 20}, 2),
]
RELATIVITY = ("fractional", "zero")


def digest(text: str) -> str:
    return hashlib.sha256(text.encode()).hexdigest()


def main() -> None:
    """Every scenario's games; with scenario file names as arguments, only theirs (a deliberate change to those
    scenarios), the other games kept as they are (each scenario's seeds start at 7000, so nothing else moves)."""
    only = set(sys.argv[1:])
    kept = []
    if only:
        kept = [g for g in json.loads(gzip.decompress(OUT.read_bytes()))["games"] if g["scenario"] not in only]
    games = []
    for path in sorted((ROOT / "scenarios").glob("*.json")):
        if only and path.name not in only:
            continue
        scenario, ships = load_scenario_with_ships(path)
        seed = 7000
        for captains, options, n in PLAN:
            for k in range(n):
                opts = dict(options)
                if len(ships) > 2 and k % 2:
                    opts["relativity"] = RELATIVITY[k // 2 % 2]
                game = play_game(scenario, ships, seed, captains, opts)
                games.append({"scenario": path.name, "seed": seed, "options": opts, "captains": list(captains),
                              "decisions": game.decisions, "fingerprint": digest(game.fingerprint())})
                seed += 1
        print(f"{path.name}: {seed - 7000} games", file=sys.stderr)
    games = sorted(kept + games, key=lambda g: (g["scenario"], g["seed"])) if only else games
    data = json.dumps({"format": "captains-sea/pinned-games", "version": 1, "games": games},
                      sort_keys=True, separators=(",", ":"))
    OUT.write_bytes(gzip.compress(data.encode(), mtime=0))
    print(f"{len(games)} games, {OUT.stat().st_size} bytes -> {OUT.relative_to(ROOT)}", file=sys.stderr)


if __name__ == "__main__":
    main()
