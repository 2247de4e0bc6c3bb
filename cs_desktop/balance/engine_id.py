"""Which engine plays a balance job's games: a fingerprint every worker is checked against (issue 31, item 8).

A cluster's workers may run another copy of `cs_desktop` than the program that sends the job (a machine not
upgraded, a local edit): their games would differ and be counted as the same job's. The fingerprint is a digest of
everything that decides a game: the package's version, the sources of the rules engine and the computer captains
(`rules/`, `ai/`), the game runner (`batch/simulate.py`, `batch/turn_limit.py`, `balance/games.py`, `balance/job.py`), and the
data they read (`resources/tables`, `resources/ai`). The compiled engine (`scripts/build_compiled.py`) plays the
same games and has the same fingerprint: the two lines its build adds to its copy of the sources are left out.

A pool checks every worker when it opens (`runner.DaskPool`), and each batch checks the worker it lands on before
it plays (`games.play_batch`), so a worker that joins later is checked too.
"""

from __future__ import annotations

import functools
import hashlib
import socket
from pathlib import Path

import cs_desktop

#: the folders and files of the package whose sources decide a game
ENGINE_FOLDERS = ("rules", "ai")
ENGINE_FILES = ("batch/simulate.py", "batch/turn_limit.py", "balance/games.py", "balance/job.py")
#: the data folders (of resources/) the engine and the captains read
ENGINE_DATA = ("tables", "ai")
#: what scripts/build_compiled.py adds to its copy of the sources (the same engine, compiled)
BUILD_LINES = frozenset({"@mypyc_attr(allow_interpreted_subclasses=True)", "from mypy_extensions import mypyc_attr"})


class EngineMismatch(RuntimeError):
    """A worker's engine is not the one of the program that sent the job; the message names the worker."""


def _source(path: Path) -> bytes:
    lines = path.read_text(encoding="utf-8").splitlines()
    return "\n".join(line for line in lines if line.strip() and line.strip() not in BUILD_LINES).encode("utf-8")


@functools.cache
def engine_fingerprint() -> str:
    """The digest of this process's engine (computed once a process)."""
    return fingerprint_of(Path(cs_desktop.__file__).resolve().parent, cs_desktop.RESOURCES, cs_desktop.__version__)


def fingerprint_of(package: Path, resources: Path, version: str) -> str:
    """The engine digest of the package folder `package` (a `cs_desktop`), its `resources` folder and version."""
    digest = hashlib.sha256(f"cs_desktop {version}\n".encode())
    files = sorted(p for folder in ENGINE_FOLDERS for p in (package / folder).rglob("*.py"))
    files += [package / name for name in ENGINE_FILES]
    for path in files:
        digest.update(f"\n{path.relative_to(package).as_posix()}\n".encode())
        digest.update(_source(path))
    for folder in ENGINE_DATA:
        for path in sorted((resources / folder).rglob("*")):
            if path.is_file():
                digest.update(f"\n{folder}/{path.relative_to(resources / folder).as_posix()}\n".encode())
                digest.update(path.read_bytes())
    return digest.hexdigest()


def where() -> str:
    """This worker, for a message: its host and the folder it imports cs_desktop from."""
    return f"{socket.gethostname()} ({Path(cs_desktop.__file__).resolve().parent})"


def check_engine(expected: str | None) -> None:
    """Raise EngineMismatch unless this process's engine is `expected` (None: nothing to check)."""
    if expected is not None and expected != engine_fingerprint():
        raise EngineMismatch(f"the worker on {where()} runs engine {engine_fingerprint()[:16]}, not the job's "
                             f"{expected[:16]}: install the same version of cs_desktop on every worker")
