"""Mutation run of the rules engine: does every listed wrong rule make a test fail?

    nice -n 10 python3 scripts/mutate.py              # every mutant in scripts/mutants.json
    nice -n 10 python3 scripts/mutate.py fire-check-on-two tack-on-four   # only these ids
    python3 scripts/mutate.py --list

The mutants are data (scripts/mutants.json): a file, an exact snippet of it, its replacement and the rule the
change breaks, with the test files that should notice. The checkout is never edited: the package, its data and
the tests are copied once to a temporary folder; each mutant is written into the copy, its tests run there with
pytest (-x -q, a time limit per mutant; a time-out counts as killed), and the file is put back.

Prints killed/survived per mutant and the kill rate; exits 1 if any mutant survived (or the unmutated copy
fails its tests), 0 otherwise. Not part of scripts/test.sh (it takes minutes); see docs/conventions.md.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
MUTANTS = ROOT / "scripts" / "mutants.json"
COPIED = ("cs_desktop", "tests", "resources", "scenarios", "pyproject.toml", "setup.py", "README.md")
KEYS = ("id", "file", "original", "replacement", "rule", "tests")


def load_mutants(path: Path = MUTANTS) -> list[dict[str, object]]:
    """The mutant list, checked: every field present, ids unique, replacement differs from the original."""
    data = json.loads(path.read_text(encoding="utf-8"))
    mutants = data.get("mutants") if isinstance(data, dict) else None
    if not isinstance(mutants, list):
        raise SystemExit(f"{path}: field 'mutants' must be a list")
    seen: set[str] = set()
    for i, m in enumerate(mutants):
        missing = [k for k in KEYS if k not in m]
        if missing:
            raise SystemExit(f"{path}: mutants[{i}] lacks {', '.join(missing)}")
        if m["id"] in seen:
            raise SystemExit(f"{path}: mutants[{i}].id {m['id']!r} is used twice")
        seen.add(m["id"])
        if m["original"] == m["replacement"]:
            raise SystemExit(f"{path}: mutants[{i}] ({m['id']}): replacement equals the original")
        if not m["tests"]:
            raise SystemExit(f"{path}: mutants[{i}] ({m['id']}): no tests listed")
    return mutants


def snippet_count(root: Path, mutant: dict[str, object]) -> int:
    """How often the mutant's original snippet occurs in its file under `root` (it must be exactly once)."""
    return (root / str(mutant["file"])).read_text(encoding="utf-8").count(str(mutant["original"]))


def copy_tree(dest: Path) -> None:
    ignore = shutil.ignore_patterns("__pycache__", "*.pyc", ".mypy_cache", ".pytest_cache", ".ruff_cache")
    for name in COPIED:
        src = ROOT / name
        if src.is_dir():
            shutil.copytree(src, dest / name, ignore=ignore)
        else:
            shutil.copy2(src, dest / name)


def run_tests(copy: Path, tests: list[str], timeout: float) -> tuple[str, str]:
    """('passed' | 'failed' | 'timeout', last lines of output) for pytest on `tests` inside the copy."""
    env = dict(os.environ, PYTHONPATH=str(copy), PYTHONDONTWRITEBYTECODE="1", QT_QPA_PLATFORM="offscreen")
    cmd = [sys.executable, "-m", "pytest", "-x", "-q", "-p", "no:cacheprovider", *tests]
    try:
        proc = subprocess.run(cmd, cwd=copy, env=env, capture_output=True, text=True, timeout=timeout)
    except subprocess.TimeoutExpired:
        return "timeout", ""
    tail = "\n".join((proc.stdout + proc.stderr).strip().splitlines()[-3:])
    return ("passed" if proc.returncode == 0 else "failed"), tail


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("ids", nargs="*", help="run only these mutant ids")
    ap.add_argument("--timeout", type=float, default=180.0, help="seconds per mutant (default 180)")
    ap.add_argument("--list", action="store_true", help="list the mutants and stop")
    ap.add_argument("--mutants", type=Path, default=MUTANTS, help="the mutant list (default scripts/mutants.json)")
    args = ap.parse_args(argv)
    mutants = load_mutants(args.mutants)
    if args.list:
        for m in mutants:
            print(f"{m['id']:36} {m['file']:36} {m['rule']}")
        return 0
    if args.ids:
        unknown = set(args.ids) - {str(m["id"]) for m in mutants}
        if unknown:
            print(f"unknown mutant id(s): {', '.join(sorted(unknown))}", file=sys.stderr)
            return 2
        mutants = [m for m in mutants if m["id"] in args.ids]
    rotten = [m["id"] for m in mutants if snippet_count(ROOT, m) != 1]
    if rotten:
        print(f"snippet not found exactly once for: {', '.join(map(str, rotten))}", file=sys.stderr)
        return 2
    started = time.monotonic()
    with tempfile.TemporaryDirectory(prefix="cs-mutate-") as tmp:
        copy = Path(tmp)
        copy_tree(copy)
        # The unmutated copy must pass every test subset, or a 'kill' would mean nothing.
        subsets = sorted({tuple(m["tests"]) for m in mutants})  # type: ignore[arg-type]
        everything = sorted({t for s in subsets for t in s})
        status, tail = run_tests(copy, everything, args.timeout * 2)
        if status != "passed":
            print(f"the unmutated copy does not pass {' '.join(everything)}:\n{tail}", file=sys.stderr)
            return 1
        probe = subprocess.run([sys.executable, "-c", "import cs_desktop; print(cs_desktop.__file__)"], cwd=copy,
                               env=dict(os.environ, PYTHONPATH=str(copy)), capture_output=True, text=True)
        if not probe.stdout.strip().startswith(str(copy)):
            print(f"the copy imports the wrong package: {probe.stdout.strip()}", file=sys.stderr)
            return 1
        survived: list[str] = []
        for m in mutants:
            target = copy / str(m["file"])
            original = target.read_text(encoding="utf-8")
            target.write_text(original.replace(str(m["original"]), str(m["replacement"]), 1), encoding="utf-8")
            t0 = time.monotonic()
            try:
                status, tail = run_tests(copy, list(m["tests"]), args.timeout)  # type: ignore[call-overload]
            finally:
                target.write_text(original, encoding="utf-8")
            verdict = {"failed": "killed", "timeout": "killed (time-out)", "passed": "SURVIVED"}[status]
            if status == "passed":
                survived.append(str(m["id"]))
            print(f"{verdict:18} {m['id']:36} {m['rule']}  [{time.monotonic() - t0:.0f} s]", flush=True)
    total = len(mutants)
    killed = total - len(survived)
    print(f"\n{killed} of {total} mutants killed ({100.0 * killed / total:.0f}%) in "
          f"{time.monotonic() - started:.0f} s" + (f"; survived: {', '.join(survived)}" if survived else ""))
    return 1 if survived else 0


if __name__ == "__main__":
    sys.exit(main())
