"""Write built ship cards to a folder, or check that the committed ones are what is built: shared by
scripts/build_fleet_cards.py and scripts/build_template_cards.py."""

from __future__ import annotations

from pathlib import Path


def write_or_check(texts: dict[str, str], out: Path, check: bool, noun: str, root: Path) -> int:
    """Each card id's JSON text written to out/<id>.json; with `check`, nothing written and 1 if any file differs."""
    out.mkdir(parents=True, exist_ok=True)
    stale = []
    for card_id, text in texts.items():
        path = out / f"{card_id}.json"
        if check:
            if not path.exists() or path.read_text(encoding="utf-8") != text:
                stale.append(path.name)
        else:
            path.write_text(text, encoding="utf-8")
    if stale:
        print("out of date:", ", ".join(stale))
        return 1
    print(("checked " if check else "wrote ") + f"{len(texts)} {noun} in {out.relative_to(root)}")
    return 0
