"""Issue 30 item 2: docs/architecture.md lists every module of the package, as the code is today."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import cs_desktop

ROOT = Path(__file__).resolve().parents[1]


def test_30_2_architecture_lists_every_module() -> None:
    text = (ROOT / "docs" / "architecture.md").read_text(encoding="utf-8")
    package = Path(cs_desktop.__file__).resolve().parent
    missing = []
    for path in sorted(package.rglob("*.py")):
        if "_data" in path.parts:
            continue
        folder = path.parent.relative_to(package.parent).as_posix()
        room = text.split(f"### `{folder}/`", 1)
        if len(room) < 2 or f"| `{path.name}` |" not in room[1].split("### ", 1)[0]:
            missing.append(path.relative_to(package.parent).as_posix())
    assert missing == []


def test_30_2_the_module_list_is_current() -> None:
    done = subprocess.run([sys.executable, str(ROOT / "scripts" / "modules_doc.py"), "--check"], capture_output=True,
                          text=True)
    assert done.returncode == 0, done.stderr
