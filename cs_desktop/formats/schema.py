"""JSON Schema of the ship and scenario file formats, generated from the models (docs/schema/).

`python3 -m cs_desktop.formats.schema` rewrites docs/schema/ship.schema.json and scenario.schema.json; a test
checks the committed files equal what this module generates. A tool for a checkout: an installed program has no
docs/ and never reads them.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

import cs_desktop
from cs_desktop.rules.cards import SCENARIO_FORMAT, SHIP_FORMAT, Scenario, ShipCard

SCHEMA_DIR = cs_desktop.ROOT / "docs" / "schema"
DIALECT = "https://json-schema.org/draft/2020-12/schema"


def schemas() -> dict[str, dict[str, Any]]:
    """File name -> schema document."""
    out: dict[str, dict[str, Any]] = {}
    for name, model, fmt in (("ship.schema.json", ShipCard, SHIP_FORMAT),
                             ("scenario.schema.json", Scenario, SCENARIO_FORMAT)):
        body = model.model_json_schema()
        out[name] = {"$schema": DIALECT, "$id": f"https://captains-sea.invalid/schema/{name}",
                     "title": f"{fmt} version 1", **{k: v for k, v in body.items() if k != "title"}}
    return out


def render(schema: dict[str, Any]) -> str:
    return json.dumps(schema, indent=2, ensure_ascii=False) + "\n"


def write(directory: Path = SCHEMA_DIR) -> list[Path]:
    directory.mkdir(parents=True, exist_ok=True)
    written = []
    for name, schema in schemas().items():
        path = directory / name
        path.write_text(render(schema), encoding="utf-8")
        written.append(path)
    return written


def main() -> int:
    if not (cs_desktop.ROOT / "pyproject.toml").is_file():  # an installed copy: ROOT is not a checkout
        print(f"cs_desktop.formats.schema rewrites docs/schema/ of a checkout; {cs_desktop.ROOT} is not one", file=sys.stderr)
        return 2
    for path in write():
        print(f"wrote {path}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
