"""Issue 31, item 8: the balance lab's Dask path safe on a real cluster. The embedded local cluster listens on
127.0.0.1 over mutual TLS with a certificate made at start (Dask's Security.temporary()), so a client without it, or
with a certificate of its own, is refused (its web pages, on loopback too, say only whether it is up); every worker's engine is checked before it plays, and one running
another engine is refused by name; a batch that fails is played again (retries) and the sweep's results are the
same; an interrupted sweep's folder holds no path and no host name, and resumes from the folder alone wherever it
is moved.

API tested: balance.runner.DaskPool and run_job on real local Dask clusters (worker processes, or threads), a real
`dask worker` process of another engine, balance.engine_id, the `balance --resume --out DIR` command. No mocks.
"""

from __future__ import annotations

import functools
import os
import shutil
import socket
import subprocess
import sys
import urllib.error
import urllib.request
from pathlib import Path
from typing import Any

import pytest
from distributed import Client, LocalCluster
from distributed.security import Security

import cs_desktop
from cs_desktop.balance.engine_id import EngineMismatch, engine_fingerprint, fingerprint_of
from cs_desktop.balance.games import batch_spec, play_batch
from cs_desktop.balance.job import Job, JobError, ships_in, sweep_pairings
from cs_desktop.balance.output import json_text, results
from cs_desktop.balance.runner import DaskPool, InProcess, run_job
from cs_desktop.cli.main import main
from tests.balance.test_balance_runner import _folder


def _job(tmp_path: Path) -> Job:
    """The job `balance --sweep FOLDER --games 3 --batch 2 --captains random,simple --turn-limit 3 --seed 5`."""
    return Job(tuple(sweep_pairings(ships_in(_folder(tmp_path)), ["meeting", "chase"])), ("random", "simple"), 3, 5,
               3, 2)


def _refused(address: str, security: Any = None) -> str:
    try:
        client = Client(address, timeout="3s", security=security)  # type: ignore[no-untyped-call]
    except Exception as e:  # noqa: BLE001 - whatever the refusal is, it is one
        return f"{type(e).__name__}: {e}"
    client.close()
    return ""


def test_the_local_cluster_is_on_loopback_over_tls_and_refuses_whoever_lacks_its_certificate(tmp_path: Path) -> None:
    pool = DaskPool(workers=2)  # worker processes, as the lab runs them
    try:
        address = pool.client.scheduler.address
        assert address.startswith("tls://127.0.0.1:"), address
        assert len(pool.workers) == 2 and all(a.startswith("tls://127.0.0.1:") for a in pool.workers)
        port = address.rsplit(":", 1)[1]
        assert _refused(f"tcp://127.0.0.1:{port}")  # no TLS at all
        assert _refused(address, Security.temporary())  # TLS with a certificate of one's own
        web = pool.cluster.scheduler.http_server.port  # its web pages: on loopback, only "is it up"
        assert urllib.request.urlopen(f"http://127.0.0.1:{web}/health", timeout=10).status == 200
        with pytest.raises(urllib.error.HTTPError, match="404"):
            urllib.request.urlopen(f"http://127.0.0.1:{web}/info/main/workers.html", timeout=10)
        job = _job(tmp_path)
        assert run_job(job, pool).records == run_job(job, InProcess()).records  # its owner plays on it
    finally:
        pool.close()


def flaky_batch(marks: Path, spec: dict[str, Any]) -> list[dict[str, Any]]:
    """play_batch, except that each batch fails the first time it is played (a worker's hiccup)."""
    mark = marks / f"{spec['pairing']['id'].replace(':', '_')}-{spec['start']}"
    if not mark.exists():
        mark.write_text("failed once", encoding="utf-8")
        raise OSError(f"the first try of batch {spec['start']} fails")
    return play_batch(spec)


def test_a_batch_that_fails_once_is_played_again_and_the_sweep_gives_the_same_results(tmp_path: Path) -> None:
    job = _job(tmp_path)
    whole = run_job(job, InProcess())
    marks = tmp_path / "marks"
    marks.mkdir()
    pool = DaskPool(workers=2, processes=False, task=functools.partial(flaky_batch, marks))
    try:
        again = run_job(job, pool, tmp_path / "out")
    finally:
        pool.close()
    assert len(list(marks.iterdir())) == len(job.batches())  # every batch failed once ...
    assert again.complete and again.records == whole.records  # ... and was played again, the same games
    assert json_text(results(again)) == json_text(results(whole))

    for mark in marks.iterdir():
        mark.unlink()
    pool = DaskPool(workers=1, processes=False, task=functools.partial(flaky_batch, marks), retries=0)
    try:
        with pytest.raises(JobError, match=r"failed 1 time; the last time: OSError: the first try of batch"):
            run_job(job, pool)
    finally:
        pool.close()


def _another_engine(tmp_path: Path) -> Path:
    """A copy of the package whose rules differ by one line, with its data beside it (as a checkout holds it)."""
    root = tmp_path / "other"
    shutil.copytree(Path(cs_desktop.__file__).resolve().parent, root / "cs_desktop",
                    ignore=shutil.ignore_patterns("__pycache__", "*.so"))
    shutil.copytree(cs_desktop.RESOURCES, root / "resources")
    shutil.copytree(cs_desktop.SCENARIOS, root / "scenarios")
    tables = root / "cs_desktop" / "rules" / "tables.py"
    tables.write_text(tables.read_text(encoding="utf-8") + "\nANOTHER_ENGINE = True\n", encoding="utf-8")
    return root


def test_the_engine_fingerprint_is_the_compiled_build_s_too_and_changes_with_the_rules(tmp_path: Path) -> None:
    package = Path(cs_desktop.__file__).resolve().parent
    mine = fingerprint_of(package, cs_desktop.RESOURCES, cs_desktop.__version__)
    assert mine == engine_fingerprint()
    build = tmp_path / "build"
    shutil.copytree(package, build / "cs_desktop", ignore=shutil.ignore_patterns("__pycache__", "*.so"))
    game = build / "cs_desktop" / "rules" / "game.py"  # what scripts/build_compiled.py does to its copy
    text = game.read_text(encoding="utf-8").replace(
        "from __future__ import annotations\n", "from __future__ import annotations\n\nfrom mypy_extensions import "
        "mypyc_attr\n", 1).replace("\nclass Game", "\n@mypyc_attr(allow_interpreted_subclasses=True)\nclass Game", 1)
    game.write_text(text, encoding="utf-8")
    assert fingerprint_of(build / "cs_desktop", cs_desktop.RESOURCES, cs_desktop.__version__) == mine
    other = _another_engine(tmp_path)
    assert fingerprint_of(other / "cs_desktop", other / "resources", cs_desktop.__version__) != mine
    assert fingerprint_of(package, cs_desktop.RESOURCES, "0.0.1") != mine


def test_a_batch_sent_to_a_worker_of_another_engine_is_refused_before_it_plays(tmp_path: Path) -> None:
    spec = batch_spec(_job(tmp_path), 0, 0, 2)
    assert len(play_batch(spec)) == 2
    with pytest.raises(EngineMismatch, match=f"the worker on {socket.gethostname()} .* runs engine "
                                             f"{engine_fingerprint()[:16]}, not the job's 0000000000000000"):
        play_batch({**spec, "engine": "0" * 64})


def test_a_cluster_with_a_worker_of_another_engine_is_refused_naming_it(tmp_path: Path) -> None:
    root = _another_engine(tmp_path)
    cluster = LocalCluster(n_workers=0, processes=False, host="127.0.0.1", protocol="tcp://",
                           dashboard_address="127.0.0.1:0")  # type: ignore[no-untyped-call]
    env = {**os.environ, "PYTHONPATH": str(root)}
    worker = subprocess.Popen([sys.executable, "-m", "distributed.cli.dask_worker", cluster.scheduler_address,
                               "--nthreads", "1", "--no-nanny", "--host", "127.0.0.1", "--no-dashboard"],
                              cwd=root, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        with Client(cluster) as client:  # type: ignore[no-untyped-call]
            client.wait_for_workers(1, timeout=120)
        with pytest.raises(JobError) as e:
            DaskPool(scheduler=cluster.scheduler_address)
        said = str(e.value)
        assert "1 of 1 workers run another engine than this program's" in said, said
        assert f"({root / 'cs_desktop'})" in said and "install the same version of cs_desktop" in said, said
    finally:
        worker.terminate()
        worker.wait(timeout=30)
        cluster.close()


def _texts(folder: Path) -> list[tuple[str, bytes]]:
    return [(str(p.relative_to(folder)), p.read_bytes()) for p in sorted(folder.rglob("*")) if p.is_file()]


def test_an_interrupted_sweep_resumes_from_its_folder_alone_wherever_it_is_moved(tmp_path: Path,
                                                                                capsys: Any, qapp: Any) -> None:
    # qapp: the heat map draws on the test session's QApplication
    job = _job(tmp_path)
    here = tmp_path / "machine-a" / "runs" / "sweep"
    pool = DaskPool(workers=2, processes=False)
    seen: list[int] = []
    try:
        part = run_job(job, pool, here, progress=lambda p: seen.append(p.done), cancelled=lambda: len(seen) > 3)
    finally:
        pool.close()
    assert not part.complete
    forbidden = [str(tmp_path), str(Path.home()), os.getcwd()]
    host = socket.gethostname()
    for name, data in _texts(here):  # nothing in it names where it was, or which machine
        assert not any(f.encode() in data for f in forbidden), name
        assert len(host) < 4 or host.encode() not in data, name

    there = tmp_path / "machine-b" / "elsewhere"
    there.parent.mkdir()
    shutil.move(str(here), str(there))
    shutil.rmtree(tmp_path / "ships")  # the sweep's ship folder is not needed: the job holds its cards
    assert main(["balance", "--resume", "--out", str(there), "--no-cluster", "--quiet"]) == 0
    capsys.readouterr()
    whole = run_job(job, InProcess())
    assert (there / "results.json").read_text(encoding="utf-8") == json_text(results(whole))
    assert sum(1 for _ in (there / "batches").iterdir()) == len(job.batches())


def test_resume_alone_refuses_a_folder_without_a_job_or_with_an_edited_one(tmp_path: Path, capsys: Any) -> None:
    assert main(["balance", "--resume", "--out", str(tmp_path / "none"), "--no-cluster", "--quiet"]) == 2
    assert "cannot read the job to continue" in capsys.readouterr().err
    out = tmp_path / "out"
    run_job(_job(tmp_path), InProcess(), out)
    job = out / "job.json"
    job.write_text(job.read_text(encoding="utf-8").replace('"games": 3', '"games": 4'), encoding="utf-8")
    assert main(["balance", "--resume", "--out", str(out), "--no-cluster", "--quiet"]) == 2
    assert "its fingerprint is not its content's" in capsys.readouterr().err
