"""Size follows from design (issue 30, item 6): no class over about 25 methods, no function over about 60 lines.

The parts already over the limits are listed with their size today and why they are still that size; none may
grow, and a new part over a limit fails here. Shrink one and lower its figure (or drop it) in the same commit.
The figures are printed by `python3 scripts/sizes.py`.
"""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
_spec = importlib.util.spec_from_file_location("sizes", ROOT / "scripts" / "sizes.py")
assert _spec and _spec.loader
sizes = importlib.util.module_from_spec(_spec)
sys.modules.setdefault("sizes", sizes)
_spec.loader.exec_module(sizes)

# where -> (size today, why it is still that size)
ALLOWED: dict[str, tuple[int, str]] = {
    "cs_desktop/rules/game.py:Game": (26, "the engine contract (BRIEF §4): one method a request of a referee"),
}


def _over() -> dict[str, int]:
    m = sizes.measure()
    return {d["where"]: d["size"] for d in [*m["big_classes"], *m["long_functions"]]}


def test_no_new_part_over_the_limits() -> None:
    new = {where: size for where, size in _over().items() if where not in ALLOWED}
    assert not new, f"over {sizes.MAX_METHODS} methods or {sizes.MAX_LINES} lines: {new}"


def test_no_listed_part_grows() -> None:
    grown = {where: (size, ALLOWED[where][0]) for where, size in _over().items()
             if where in ALLOWED and size > ALLOWED[where][0]}
    assert not grown, f"grew (now, allowed): {grown}"


def test_the_list_has_no_stale_entries() -> None:
    over = _over()
    stale = [where for where in ALLOWED if where not in over]
    assert not stale, f"no longer over the limits, drop from ALLOWED: {stale}"


def test_the_measure_sees_big_parts(tmp_path: Path) -> None:
    package = tmp_path / "pkg"
    package.mkdir()
    methods = "".join(f"    def m{i}(self):\n        return {i}\n" for i in range(26))
    body = "".join(f"    x{i} = {i}\n" for i in range(60))
    (package / "m.py").write_text(f"class Big:\n{methods}\n\ndef long():\n{body}", encoding="utf-8")
    (package / "ok.py").write_text("class Small:\n    def a(self):\n        return 1\n", encoding="utf-8")
    m = sizes.measure(package, tmp_path)
    assert [(d["where"], d["size"]) for d in m["big_classes"]] == [("pkg/m.py:Big", 26)]
    assert [(d["where"], d["size"]) for d in m["long_functions"]] == [("pkg/m.py:long", 61)]
    assert m["classes"] == 2
