"""Copy the rulings of docs/rulings.md into resources/rules/summaries.json (its "rulings" part).

Run after editing docs/rulings.md: `python3 scripts/update_ruling_summaries.py`. The section summaries are
left as they are; tests/formats/test_rules_text.py checks that both files agree.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from cs_desktop.formats.rules_text import SUMMARIES_FILE, parse_rulings_table  # noqa: E402


def main() -> None:
    data = json.loads(SUMMARIES_FILE.read_text(encoding="utf-8"))
    data["rulings"] = parse_rulings_table((ROOT / "docs" / "rulings.md").read_text(encoding="utf-8"))
    SUMMARIES_FILE.write_text(json.dumps(data, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    print(f"{SUMMARIES_FILE}: {len(data['sections'])} section summaries, {len(data['rulings'])} rulings")


if __name__ == "__main__":
    main()
