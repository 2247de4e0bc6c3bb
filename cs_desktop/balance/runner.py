"""Run a balance job: its batches in this process, or on a Dask cluster, through one code path.

`Pool` is where batches are played. `InProcess` plays them one after another here (`--workers 1`,
`--no-cluster`: tests, debugging, the window's small checks). `DaskPool` submits each batch to a Dask
`Client`: an embedded `LocalCluster` of worker processes (one per core by default; nothing to start; on loopback
over mutual TLS with a certificate made at start) or a scheduler given by address (`tls://host:port`), the same
calls either way; every worker's engine is checked before it plays, a failed batch is played again. The task is
`cs_desktop.balance.games.play_batch`, which workers import by name: a local cluster's workers get the
package's folder on their PYTHONPATH; a remote cluster's workers must have the package installed (checked
when the pool opens). Results do not depend on the pool: every game's seed comes from the job alone and the
records are put back in game order.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Protocol

from cs_desktop.balance.engine_id import EngineMismatch, engine_fingerprint, where
from cs_desktop.balance.games import batch_spec, play_batch
from cs_desktop.balance.job import Job, JobError
from cs_desktop.balance.store import Store

Records = list[dict[str, Any]]
Batch = tuple[int, int, int]  # pairing index, first game, end game


@dataclass
class Progress:
    done: int  # games finished (those kept from an earlier run included)
    total: int
    kept: int  # games found finished in the output folder
    pairing: str  # the pairing of the batch just finished ("" before any)
    records: Records = field(default_factory=list)  # the games of that batch


@dataclass
class Outcome:
    job: Job
    records: dict[int, Records] = field(default_factory=dict)  # pairing index -> its finished games, in order
    complete: bool = False
    kept: int = 0


class Pool(Protocol):
    name: str

    def run(self, job: Job, batches: list[Batch], finished: Callable[[Batch, Records], None],
            cancelled: Callable[[], bool]) -> None: ...

    def close(self) -> None: ...


class InProcess:
    """Batches played here, one after another; a cancel stops between games."""

    name = "in-process"

    def run(self, job: Job, batches: list[Batch], finished: Callable[[Batch, Records], None],
            cancelled: Callable[[], bool]) -> None:
        for batch in batches:
            if cancelled():
                return
            records = play_batch(batch_spec(job, *batch), cancelled)
            if len(records) != batch[2] - batch[1]:
                return  # stopped inside the batch: not kept
            finished(batch, records)

    def close(self) -> None:
        pass


def _package_root() -> str:
    import cs_desktop

    return str(Path(cs_desktop.__file__).resolve().parent.parent)


#: how many more times Dask plays a batch that failed on a worker (a worker lost or out of memory, a machine's
#: hiccup); the games are the same whichever worker plays them
RETRIES = 2
#: the web pages of an embedded cluster's scheduler and workers (plain HTTP, no TLS): only /health
HTTP_HEALTH_ONLY = {"distributed.scheduler.http.routes": ["distributed.http.health"],
                    "distributed.worker.http.routes": ["distributed.http.health"]}


def worker_probe() -> dict[str, str]:
    """Run on each worker when a pool opens: where it imports cs_desktop from, and its engine (engine_id.py)."""
    import cs_desktop.balance.games

    return {"root": str(Path(cs_desktop.balance.games.__file__).resolve().parent.parent.parent),
            "engine": engine_fingerprint(), "where": where()}


class DaskPool:
    """Batches on a Dask cluster: `scheduler` an address (`tls://host:port`, `tcp://...`), or None for an embedded
    LocalCluster of `workers` processes (default: one per core), one thread each (the engine is pure Python).

    The embedded cluster listens on 127.0.0.1 only, over TLS with a certificate and key made when it starts, in
    memory, held by this process and its worker processes alone; every connection must present them (Dask's
    `Security.temporary()`: mutual TLS), so no other user of the machine can reach it (Dask moves pickles). Every
    worker's engine is checked before it plays (engine_id.py); a batch that fails is played again up to `retries`
    times. `processes` False runs the workers as threads of this process (tests); `task` is what a batch runs
    (`games.play_batch`)."""

    def __init__(self, workers: int | None = None, scheduler: str | None = None, processes: bool = True,
                 task: Callable[[dict[str, Any]], Records] = play_batch, retries: int = RETRIES) -> None:
        self.task, self.retries = task, retries
        self.cluster: Any = None
        if scheduler:
            self._connect(scheduler)
        else:
            self._start_local(workers or os.cpu_count() or 1, processes)
        self.workers = self._checked_workers()

    def _connect(self, scheduler: str) -> None:
        from distributed import Client

        self.name = f"cluster at {scheduler}"
        try:  # TLS credentials, if the cluster asks for them, come from Dask's configuration (docs/balance-lab.md)
            self.client: Any = Client(scheduler, timeout="20s")  # type: ignore[no-untyped-call]
        except (OSError, TimeoutError, ValueError) as e:
            raise JobError(f"--scheduler {scheduler}: cannot reach a Dask scheduler there ({e})") from e

    def _start_local(self, n: int, processes: bool) -> None:
        import logging

        import dask
        from distributed import Client, LocalCluster
        from distributed.security import Security

        self.name = f"local cluster of {n} {'process' if processes else 'thread'}{'es' if n > 1 else ''}"
        self.security = Security.temporary()  # type: ignore[no-untyped-call]
        extra: dict[str, Any] = {}
        if processes:
            root = _package_root()
            extra["env"] = {"PYTHONPATH": os.pathsep.join(p for p in (root, os.environ.get("PYTHONPATH", "")) if p)}
        with dask.config.set(HTTP_HEALTH_ONLY):  # its web pages: only "is it up", and on loopback
            self.cluster = LocalCluster(n_workers=n, threads_per_worker=1, processes=processes, host="127.0.0.1",
                                        protocol="tls://", security=self.security, dashboard_address="127.0.0.1:0",
                                        worker_dashboard_address="127.0.0.1:0", silence_logs=logging.CRITICAL,
                                        **extra)  # type: ignore[no-untyped-call]
        self.client = Client(self.cluster, security=self.security)  # type: ignore[no-untyped-call]

    def _checked_workers(self) -> dict[str, dict[str, str]]:
        """Every worker's package and engine; JobError if one cannot import cs_desktop or runs another engine."""
        try:
            found: dict[str, Any] = self.client.run(worker_probe)
        except Exception as e:  # noqa: BLE001 - any failure to unpickle or import on a worker
            self.close()
            raise JobError(f"{self.name}: the workers cannot import the cs_desktop package ({type(e).__name__}: "
                           f"{e}); install it on every worker (pip install captains-sea-desktop)") from e
        mine = engine_fingerprint()
        wrong = {addr: info for addr, info in found.items() if not isinstance(info, dict) or info["engine"] != mine}
        if wrong:
            self.close()
            said = "; ".join(f"{addr} on {info['where']}: engine {info['engine'][:16]}" if isinstance(info, dict)
                             else f"{addr}: an older cs_desktop" for addr, info in sorted(wrong.items()))
            raise JobError(f"{self.name}: {len(wrong)} of {len(found)} workers run another engine than this "
                           f"program's ({mine[:16]}), so their games would not be this job's: {said}; install the "
                           "same version of cs_desktop on every worker")
        return found

    def run(self, job: Job, batches: list[Batch], finished: Callable[[Batch, Records], None],
            cancelled: Callable[[], bool]) -> None:
        from distributed import as_completed

        tag = job.fingerprint()[:12]
        futures = {}
        for batch in batches:
            future = self.client.submit(self.task, batch_spec(job, *batch), key=f"balance-{tag}-{batch[0]}-{batch[1]}",
                                        pure=False, retries=self.retries)
            futures[future] = batch
        try:
            for future in as_completed(list(futures)):  # type: ignore[no-untyped-call]
                finished(futures[future], self._records(job, futures[future], future))
                if cancelled():
                    break
        finally:
            self.client.cancel([f for f in futures if not f.done()])

    def _records(self, job: Job, batch: Batch, future: Any) -> Records:
        try:
            records: Records = future.result()
        except EngineMismatch as e:
            raise JobError(f"{self.name}: {e}") from e
        except Exception as e:  # noqa: BLE001 - any failure of a batch, after its retries, named
            tries = self.retries + 1
            raise JobError(f"{self.name}: games {batch[1]}-{batch[2] - 1} of {job.pairings[batch[0]].id} failed "
                           f"{tries} time{'s' if tries > 1 else ''}; the last time: {type(e).__name__}: {e}") from e
        return records

    def close(self) -> None:
        self.client.close()
        if self.cluster is not None:
            self.cluster.close()


def make_pool(workers: int | None = None, scheduler: str | None = None, cluster: bool = True) -> Pool:
    """`workers` 1 or `cluster` False: in this process; a scheduler address: that cluster; otherwise an
    embedded local cluster of `workers` processes (default one per core)."""
    if scheduler:
        return DaskPool(scheduler=scheduler)
    if not cluster or workers == 1:
        return InProcess()
    return DaskPool(workers=workers)


def run_job(job: Job, pool: Pool, out: Path | None = None, resume: bool = False,
            progress: Callable[[Progress], None] | None = None,
            cancelled: Callable[[], bool] | None = None) -> Outcome:
    """Play every batch of `job` not already finished in `out` (if given); each finished batch is saved there
    at once. Returns the finished games by pairing, in game order; `complete` is False after a cancel."""
    store = Store(out, job, resume) if out is not None else None
    found = store.load() if store is not None else {}
    kept = sum(len(r) for r in found.values())
    by_batch: dict[tuple[int, int], Records] = dict(found)
    todo = [b for b in job.batches() if (b[0], b[1]) not in found]
    state = {"done": kept}
    stop = cancelled or (lambda: False)

    def finished(batch: Batch, records: Records) -> None:
        if store is not None:
            store.save(batch[0], batch[1], batch[2], records)
        by_batch[(batch[0], batch[1])] = records
        state["done"] += len(records)
        if progress is not None:
            progress(Progress(state["done"], job.total_games(), kept, job.pairings[batch[0]].id, records))

    if progress is not None:
        progress(Progress(kept, job.total_games(), kept, ""))
    pool.run(job, todo, finished, stop)
    outcome = Outcome(job, kept=kept)
    for p, start, _stop in job.batches():
        if (p, start) in by_batch:
            outcome.records.setdefault(p, []).extend(by_batch[(p, start)])
    outcome.complete = all((p, s) in by_batch for p, s, _e in job.batches())
    return outcome
