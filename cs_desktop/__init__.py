"""Captain's Sea desktop: the board wargame of frigate duels, 1799-1815, with every rule automated."""

from pathlib import Path

__version__ = "0.1.0"

_PACKAGE = Path(__file__).resolve().parent

#: The project root when running from a checkout (or an editable install): the data folders live beside the
#: package. In a built install this is the folder the package was installed into, which the program never reads.
ROOT = _PACKAGE.parent

#: Where a built install (`pip install .`, a wheel) carries the data folders: inside the package, copied there from
#: the top-level folders at build time (setup.py). A checkout has no such folder.
INSTALLED_DATA = _PACKAGE / "_data"


def _data_folder(name: str) -> Path:
    """The installed copy of the data folder `name` when this is a built install, else the checkout's."""
    installed = INSTALLED_DATA / name
    return installed if installed.is_dir() else ROOT / name


#: the rules tables (tables/) and our rule summaries (rules/summaries.json)
RESOURCES = _data_folder("resources")
#: the shipped scenarios and their ship cards (ships/)
SCENARIOS = _data_folder("scenarios")
#: the Qt Designer forms (*.ui) of the dialogs, editors and the ship card, loaded at run time (gui/forms.py)
UI = _data_folder("ui")
