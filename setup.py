"""Build configuration that pyproject.toml cannot say: the data folders travel inside the package.

The program's data lives in the top-level `resources/` (rules tables, rule summaries), `scenarios/` (the
shipped scenarios and ship cards) and `ui/` (the Qt Designer forms, loaded at run time). A checkout and an editable install read them there (`cs_desktop.ROOT`). A built
install (`pip install .`, a wheel) carries the same files as package data in `cs_desktop/_data/resources/` and
`cs_desktop/_data/scenarios/`, mapped from the top-level folders here, so that it reads nothing outside its
install (`cs_desktop/__init__.py` finds whichever copy is there). Everything else is in pyproject.toml.
"""

from pathlib import Path

from setuptools import find_packages, setup

HERE = Path(__file__).resolve().parent
DATA_FOLDERS = ("resources", "scenarios", "ui")


def data_packages() -> dict[str, str]:
    """`cs_desktop._data.<folder>[.<subfolder>...]` -> the folder it is built from, for every folder below the
    data folders (each listed, so that setuptools carries every file of each)."""
    out = {}
    for top in DATA_FOLDERS:
        below = sorted(p for p in (HERE / top).rglob("*") if p.is_dir() and p.name != "__pycache__")
        for folder in [HERE / top, *below]:
            relative = folder.relative_to(HERE)
            out[".".join(("cs_desktop", "_data", *relative.parts))] = relative.as_posix()
    return out


DATA_PACKAGES = data_packages()

setup(
    packages=find_packages(include=["cs_desktop", "cs_desktop.*"]) + sorted(DATA_PACKAGES),
    package_dir=DATA_PACKAGES,
    package_data={name: ["*"] for name in DATA_PACKAGES},  # every file of each data folder
)
