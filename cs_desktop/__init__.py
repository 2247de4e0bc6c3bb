"""Captain's Sea desktop: the board wargame of frigate duels, 1799-1815, with every rule automated."""

from pathlib import Path

__version__ = "0.1.0"

#: The project root when running from a checkout; data folders live beside the package.
ROOT = Path(__file__).resolve().parent.parent
RESOURCES = ROOT / "resources"
SCENARIOS = ROOT / "scenarios"
