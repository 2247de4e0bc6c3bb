"""Whole campaigns (issue 15): CPU seconds a career, with how they ended and what they held.

    python3 benchmarks/campaign.py [--campaigns 10] [--captains simple,simple] [CAMPAIGN] [--nation N --year Y]

Prints figures; asserts nothing. Campaign k uses seed k. CPU time (steadier than wall time on a shared machine).
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from cs_desktop.campaign.folder import find_campaign, load_campaign  # noqa: E402
from cs_desktop.campaign.headless import play, start  # noqa: E402


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("campaign", nargs="?", default="constitution-1812")
    ap.add_argument("--campaigns", type=int, default=10)
    ap.add_argument("--captains", default="simple,simple")
    ap.add_argument("--nation", help="an open career's nation")
    ap.add_argument("--year", type=int, help="an open career's start year")
    args = ap.parse_args()
    c = load_campaign(find_campaign(args.campaign))
    a, b = args.captains.split(",")
    cpu, months, battles, won, taken, ends, scores = [], [], [], [], [], Counter(), []
    for seed in range(args.campaigns):
        t = time.process_time()
        engine = start(c, seed, args.nation, args.year)
        play(engine, (a, b))
        cpu.append(time.process_time() - t)
        s = engine.state
        first = c.campaign.calendar.start
        months.append((s.year - int(first[:4])) * 12 + s.month - int(first[5:]) + 1)
        battles.append(s.stats["battles"])
        won.append(s.stats["won"])
        taken.append(s.stats["taken"])
        ends[s.end_reason] += 1
        scores.append(s.score["total"] if s.score else 0)
    print(f"{args.campaigns} careers of {c.campaign.title}, battles by {args.captains}")
    print(f"  CPU seconds a career: median {statistics.median(cpu):.2f} (min {min(cpu):.2f}, max {max(cpu):.2f})")
    print(f"  months served: mean {statistics.mean(months):.1f}; battles: mean {statistics.mean(battles):.1f}, "
          f"won {statistics.mean(won):.1f}; prizes taken: mean {statistics.mean(taken):.1f}")
    print(f"  ended by: {dict(sorted(ends.items()))}; score: median {statistics.median(scores)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
