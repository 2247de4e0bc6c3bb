"""Build configuration that pyproject.toml cannot say: the data folders travel inside the package.

The program's data lives in the top-level `resources/` (rules tables, rule summaries) and `scenarios/` (the
shipped scenarios and ship cards). A checkout and an editable install read them there (`cs_desktop.ROOT`). A built
install (`pip install .`, a wheel) carries the same files as package data in `cs_desktop/_data/resources/` and
`cs_desktop/_data/scenarios/`, mapped from the top-level folders here, so that it reads nothing outside its
install (`cs_desktop/__init__.py` finds whichever copy is there). Everything else is in pyproject.toml.
"""

from setuptools import find_packages, setup

#: installed package name -> the top-level folder it is built from
DATA_PACKAGES = {
    "cs_desktop._data.resources": "resources",
    "cs_desktop._data.scenarios": "scenarios",
}

setup(
    packages=find_packages(include=["cs_desktop", "cs_desktop.*"]) + sorted(DATA_PACKAGES),
    package_dir=DATA_PACKAGES,
    package_data={name: ["**/*"] for name in DATA_PACKAGES},  # every file below the folder
)
