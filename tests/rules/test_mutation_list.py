"""The mutation run's list (scripts/mutants.json, run by scripts/mutate.py) stays true to the code: every
mutant's original snippet occurs exactly once in its engine file, and the tests meant to kill it exist."""

from __future__ import annotations

import importlib.util
from pathlib import Path

from cs_desktop import ROOT


def _mutate_module():  # type: ignore[no-untyped-def]
    spec = importlib.util.spec_from_file_location("mutate", ROOT / "scripts" / "mutate.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_every_mutant_snippet_occurs_exactly_once_and_its_tests_exist() -> None:
    mutate = _mutate_module()
    mutants = mutate.load_mutants()
    assert len(mutants) >= 29
    for m in mutants:
        assert Path(m["file"]).parts[:2] == ("cs_desktop", "rules"), m["id"]
        assert mutate.snippet_count(ROOT, m) == 1, f"{m['id']}: snippet not found exactly once in {m['file']}"
        for test in m["tests"]:
            assert (ROOT / test).is_file(), f"{m['id']}: no test file {test}"
