"""Old against new determinized copies (issue 12): a speed-up of `rules/determinize.py` or `rules/redraw.py` must
give the same copies. For games stopped at many decision points (the determinize tests' games, Constitution vs
Java, the 3-ship President vs Belvidera, fleet_scenario(4), every scenarios/fleets game under the fleet rules,
and games whose draws are often refused), for every side, it makes the public record with both codes, draws copies
in a row from one generator with each, and compares the records, each copy (fingerprint, checkpoint, answers,
decisions, pending requests, the copy's dice) and its next random decisions, and where each generator stopped.

    git archive <old commit> | tar -x -C /tmp/old-tree
    python3 scripts/compare_copies.py /tmp/old-tree [scale]     # scale 4: a quarter of the points

The old tree's determinize.py, redraw.py (and redraw_*.py) are loaded under other names; the rest of the engine is
this tree's.
"""
import glob
import sys
import tempfile
import time
from pathlib import Path


WT = str(Path(__file__).resolve().parents[1])
OLD = Path(sys.argv[1])
_tmp = tempfile.mkdtemp()
# the old tree's drawing modules (redraw_loads.py and redraw_answers.py since they were split off), importing each other
OWN = [m for m in ("determinize", "redraw", "redraw_loads", "redraw_answers")
       if (OLD / f"cs_desktop/rules/{m}.py").exists()]
for module in OWN:
    text = (OLD / f"cs_desktop/rules/{module}.py").read_text()
    for other in OWN:
        text = text.replace(f"from cs_desktop.rules.{other} import", f"from old_{other} import")
    (Path(_tmp) / f"old_{module}.py").write_text(text)
sys.path[:0] = [WT, WT + "/benchmarks", _tmp]

import old_determinize as O  # noqa: E402
import cs_desktop.rules.determinize as N  # noqa: E402
from fleets import fleet_scenario  # noqa: E402
from cs_desktop.formats.files import load_scenario_with_ships  # noqa: E402
from cs_desktop.rules import decisions  # noqa: E402
from cs_desktop.rules.dice import Dice  # noqa: E402
from cs_desktop.rules.game import Game  # noqa: E402
from tests.rules.test_determinize import _games, _walk  # noqa: E402

stats = {"points": 0, "copies": 0, "errors": 0, "rejected_old": 0}
_old_build = O._build


def counting_build(record, rng):
    c = _old_build(record, rng)
    if c is None:
        stats["rejected_old"] += 1
    return c


O._build = counting_build


def dice_state(d):
    return (type(d).__name__, d.seed, d.counter) + tuple(getattr(d, a) for a in ("faces", "used", "tops", "shuffles") if hasattr(d, a))


def full(copy):
    cp = copy._checkpoint
    return (copy.fingerprint(), repr(cp[0].to_dict()) if cp else None, cp[1] if cp else None,
            repr(copy._segment_answers), repr(copy.decisions), repr(copy._answers), repr(copy.events),
            [r.to_dict() for r in copy._pending], dice_state(copy.state.dice),
            dice_state(cp[0].dice) if cp else None, copy._start_events, copy.seed, copy._gen is None,
            copy._marks, copy._step_at, copy._lazy, copy._checkpoints, copy.view_tops is None)


def cont(copy, seed, n=6):
    g = copy.clone()
    rng = Dice(seed)
    out = []
    for _ in range(n):
        p = g.pending
        if not p:
            break
        g.submit(p[0].side, decisions.sample(g.state, p[0], rng))
        out.append(g.fingerprint())
    return out


def rec_fields(r):
    return (r.side, r.enemies, repr(r.state.to_dict()), r.before, r.segment, r.answers, r.own_pending,
            r.has_pending_own, r.running, r.view)


def compare(g, tag, seeds=(0, 1), draws=3, cont_every=4):
    for side in g.state.sides:
        stats["points"] += 1
        ro, rn = O.public_record(g, side), N.public_record(g, side)
        assert rec_fields(ro) == rec_fields(rn), (tag, side, "record")
        for s in seeds:
            rgo, rgn = Dice(1000 + s), Dice(1000 + s)
            for k in range(draws):
                try:
                    co = O.from_record(ro, rgo)
                except O.DeterminizeError as e:
                    co = str(e)
                try:
                    cn = N.from_record(rn, rgn)
                except N.DeterminizeError as e:
                    cn = str(e)
                if isinstance(co, str) or isinstance(cn, str):
                    stats["errors"] += 1
                    assert co == cn, (tag, side, s, k, co, cn)
                else:
                    stats["copies"] += 1
                    assert full(co) == full(cn), (tag, side, s, k)
                    if (stats["copies"] % cont_every) == 0:
                        assert cont(co, s) == cont(cn, s), (tag, side, s, k, "continuation")
                assert (rgo.seed, rgo.counter) == (rgn.seed, rgn.counter), (tag, side, s, k, "rng")


def walk(game, seed, every):
    rng = Dice(seed)
    step = 0
    while game.pending:
        if step % every == 0:
            yield step, game
        step += 1
        r = game.pending[0]
        game.submit(r.side, decisions.sample(game.state, r, rng))


def main(scale=1):
    t0 = time.time()
    # the determinize tests' games (every request kind, melee forced)
    for gi, (game, seed) in enumerate(_games()):
        for step, g in enumerate(_walk(game, seed)):
            if step % (3 * scale) == 0:
                compare(g, ("tests", gi, step))
    print("tests games", stats, round(time.time() - t0), flush=True)
    root = Path(WT) / "scenarios"
    for name, seeds, every in (("constitution-vs-java.json", range(4), 5), ("president-vs-belvidera-3-ship.json", range(3), 7)):
        scen, ships = load_scenario_with_ships(root / name)
        for sd in seeds:
            for step, g in walk(Game(scen, ships, 100 + sd, {"turn_limit": 6}), sd, every * scale):
                compare(g, (name, sd, step))
    print("scenarios", stats, round(time.time() - t0), flush=True)
    scen, ships = fleet_scenario(4)
    for sd in range(2):
        for step, g in walk(Game(scen, ships, 200 + sd, {"turn_limit": 4}), sd, 11 * scale):
            compare(g, ("fleet4", sd, step), seeds=(0,), draws=2)
    print("fleet4", stats, round(time.time() - t0), flush=True)
    for path in sorted(glob.glob(str(root / "fleets" / "*.json"))):
        scen, ships = load_scenario_with_ships(Path(path))
        for step, g in walk(Game(scen, ships, 300, {"turn_limit": 3, "fleet_rules": True}), 3, 17 * scale):
            compare(g, (Path(path).name, step), seeds=(0,), draws=2)
        print(Path(path).name, stats, round(time.time() - t0), flush=True)
    # games whose copies are often refused (found with the old code), walked further
    for name, opts, seeds in (("president-vs-belvidera-3-ship.json", {"turn_limit": 8}, (13, 18)),
                              ("fleets/lake-erie.json", {"turn_limit": 4, "fleet_rules": True}, (13, 17, 18))):
        scen, ships = load_scenario_with_ships(root / name)
        for sd in seeds:
            for step, g in walk(Game(scen, ships, sd, opts), sd, 6 * scale):
                compare(g, (name, sd, step), seeds=(0,), draws=2)
        print(name, stats, round(time.time() - t0), flush=True)
    print("ALL SAME", stats)


if __name__ == "__main__":
    main(int(sys.argv[2]) if len(sys.argv) > 2 else 1)
