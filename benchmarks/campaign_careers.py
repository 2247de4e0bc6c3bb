"""Computer-played open careers (issue 29, item 8): what a career holds, per nation and start year.

    python3 benchmarks/campaign_careers.py [--careers 5] [--nations US,GB,FR] [--years 1798,1801,1803,1806,1809,1812]
                                          [--captains simple,simple] [--seed 1] [--json]

Every career is the open career played to its end by the campaign policy, battles by the named computer
captains; career k of a group uses seed `--seed` + k. Printed per nation and start year: months, battles a year,
the share of months with a decision (a sighting, a mission, a prize, a promotion or command, a court), distinct
enemy ships met, sightings of ships no longer at sea (counted from the journal alone: a name sighted after the
player took or burnt her and before any recapture), how careers end (a peace reached on half-pay or in captivity's aftermath counted "ashore"), promotions and
commands after half-pay,
captures and exchanges, missions offered and completed, courts martial; then per nation the aim of issue 29 item 4: at least 40% reach
the peace or retirement, at most 40% end in capture without exchange. Prints figures; asserts nothing.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from collections import Counter
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from cs_desktop.campaign.folder import find_campaign, load_campaign  # noqa: E402
from cs_desktop.campaign.headless import play, start  # noqa: E402
from cs_desktop.campaign.state import CampaignState  # noqa: E402

ENDS = ("peace", "retired", "captured", "dismissed", "death")


def months_between(a: str, b: str) -> int:
    ya, ma = (int(x) for x in a[:7].split("-"))
    yb, mb = (int(x) for x in b[:7].split("-"))
    return (yb - ya) * 12 + mb - ma + 1


def gone_sightings(s: CampaignState) -> int:
    """Sightings naming a ship the player had taken or burnt and the enemy had not retaken."""
    gone: set[str] = set()
    n = 0
    for e in s.journal:
        if e["kind"] == "prize" and e.get("fate") in ("taken", "burnt"):
            gone.add(e["ship"])
        elif e["kind"] == "recapture":
            gone.discard(e.get("ship", ""))
        elif e["kind"] == "sighting":
            n += sum(1 for name in e.get("ships", []) if name in gone)
    return n


def months_with_a_decision(s: CampaignState) -> int:
    """Months in which the player had a choice beyond the routine: a sighting, a mission offered or in hand, a
    prize, a court's aftermath on half-pay, a promotion (from the journal's kinds)."""
    kinds = {"sighting", "mission", "prize", "promotion", "command", "court"}
    return len({e["date"] for e in s.journal if e["kind"] in kinds})


def career_figures(s: CampaignState) -> dict[str, Any]:
    months = months_between(s.journal[0]["date"], s.date)
    enemies = {n for e in s.journal if e["kind"] == "sighting" and ", enemy" in e["text"] for n in e.get("ships", [])}
    return {"months": months, "battles": s.stats["battles"], "enemy_ships": len(enemies),
            "gone_sightings": gone_sightings(s), "end": s.end_reason, "ashore": s.status != "command",
            "promotions": sum(1 for e in s.journal if e["kind"] == "promotion" and " is given " in e["text"]),
            "commands": s.stats.get("commands", 0), "captured": s.stats.get("captured", 0),
            "exchanged": s.stats.get("exchanged", 0), "courts": [c["verdict"] for c in s.courts],
            "offered": len(s.missions_offered), "completed": sum(1 for m in s.missions if m["outcome"] == "success"),
            "decisions": months_with_a_decision(s)}


def group(rows: list[dict[str, Any]]) -> dict[str, Any]:
    years = sum(r["months"] for r in rows) / 12
    return {"careers": len(rows), "months": statistics.mean(r["months"] for r in rows),
            "battles_a_year": sum(r["battles"] for r in rows) / years if years else 0.0,
            "enemy_ships": statistics.mean(r["enemy_ships"] for r in rows),
            "gone_sightings": sum(r["gone_sightings"] for r in rows),
            "ends": dict(Counter(r["end"] for r in rows)),
            "peace_ashore": sum(1 for r in rows if r["end"] == "peace" and r["ashore"]),
            "promotions": sum(r["promotions"] for r in rows), "commands": sum(r["commands"] for r in rows),
            "captured": sum(r["captured"] for r in rows), "exchanged": sum(r["exchanged"] for r in rows),
            "courts": dict(Counter(v for r in rows for v in r["courts"])),
            "offered": sum(r["offered"] for r in rows), "completed": sum(r["completed"] for r in rows),
            "decision_months": sum(r["decisions"] for r in rows) / max(1, sum(r["months"] for r in rows))}


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--careers", type=int, default=5, help="careers per nation and start year")
    ap.add_argument("--nations", default="US,GB,FR")
    ap.add_argument("--years", default="1798,1801,1803,1806,1809,1812")
    ap.add_argument("--captains", default="simple,simple")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args()
    c = load_campaign(find_campaign("open-career"))
    captains = tuple(x.strip() for x in args.captains.split(","))
    table: dict[str, dict[str, Any]] = {}
    by_nation: dict[str, list[dict[str, Any]]] = {}
    t0 = time.process_time()
    for nation in args.nations.split(","):
        for year in (int(y) for y in args.years.split(",")):
            rows = []
            for k in range(args.careers):
                engine = start(c, args.seed + k, nation, year)
                play(engine, (captains[0], captains[1]))
                rows.append(career_figures(engine.state))
            table[f"{nation} {year}"] = group(rows)
            by_nation.setdefault(nation, []).extend(rows)
    cpu = time.process_time() - t0
    aims = {}
    for nation, rows in by_nation.items():
        ends = Counter(r["end"] for r in rows)
        good = (ends["peace"] + ends["retired"]) / len(rows)
        captured = ends["captured"] / len(rows)
        afloat = sum(1 for r in rows if r["end"] == "peace" and not r["ashore"]) / len(rows)
        aims[nation] = {"careers": len(rows), "peace_or_retired": round(good, 3), "captured": round(captured, 3),
                        "peace_in_command": round(afloat, 3), "aim_met": good >= 0.4 and captured <= 0.4}
    if args.json:
        print(json.dumps({"groups": table, "aims": aims, "cpu_seconds": round(cpu, 1)}, indent=1, sort_keys=True))
        return 0
    print(f"open careers, {args.careers} per nation and start year, captains {args.captains}, seeds "
          f"{args.seed}..{args.seed + args.careers - 1}; {cpu:.0f} CPU s")
    print(f"{'group':9} {'months':>6} {'bt/yr':>5} {'dec%':>4} {'enemies':>7} {'gone':>4} {'promo':>5} {'cmds':>4} "
          f"{'capt':>4} {'exch':>4} {'miss':>4} {'done':>4}  ends; courts")
    for key, g in table.items():
        ends = ", ".join(f"{k} {g['ends'][k]}" + (f" ({g['peace_ashore']} ashore)" if k == "peace" and
                                                    g["peace_ashore"] else "")
                         for k in ENDS if k in g["ends"])
        courts = ", ".join(f"{k} {v}" for k, v in sorted(g["courts"].items()))
        print(f"{key:9} {g['months']:6.1f} {g['battles_a_year']:5.2f} {100 * g['decision_months']:4.0f} "
              f"{g['enemy_ships']:7.1f} {g['gone_sightings']:4d} {g['promotions']:5d} {g['commands']:4d} "
              f"{g['captured']:4d} {g['exchanged']:4d} {g['offered']:4d} {g['completed']:4d}  {ends}"
              + (f"; {courts}" if courts else ""))
    print("aim (issue 29 item 4): >= 40% peace or retirement, <= 40% captured without exchange, per nation")
    for nation, a in aims.items():
        print(f"  {nation}: {a['careers']} careers, peace or retired {100 * a['peace_or_retired']:.0f}% (the peace "
              f"in command of a ship {100 * a['peace_in_command']:.0f}%), captured {100 * a['captured']:.0f}% -> "
              f"{'met' if a['aim_met'] else 'NOT met'}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
