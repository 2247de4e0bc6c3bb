"""Run a balance job: its batches in this process, or on a Dask cluster, through one code path.

`Pool` is where batches are played. `InProcess` plays them one after another here (`--workers 1`,
`--no-cluster`: tests, debugging, the window's small checks). `DaskPool` submits each batch to a Dask
`Client`: an embedded `LocalCluster` of worker processes (one per core by default; nothing to start) or a
scheduler given by address (`tcp://host:port`), the same calls either way. The task is
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


def worker_probe() -> str:
    """Run on each worker when a pool opens: where it imports cs_desktop from."""
    import cs_desktop.balance.games

    return str(Path(cs_desktop.balance.games.__file__).resolve().parent.parent.parent)


class DaskPool:
    """Batches on a Dask cluster: `scheduler` an address (`tcp://host:port`), or None for an embedded
    LocalCluster of `workers` processes (default: one per core), one thread each (the engine is pure Python)."""

    def __init__(self, workers: int | None = None, scheduler: str | None = None) -> None:
        import logging

        from distributed import Client, LocalCluster

        self.cluster: Any = None
        if scheduler:
            self.name = f"cluster at {scheduler}"
            try:
                self.client: Any = Client(scheduler, timeout="20s")  # type: ignore[no-untyped-call]
            except (OSError, TimeoutError) as e:
                raise JobError(f"--scheduler {scheduler}: cannot reach a Dask scheduler there ({e})") from e
        else:
            n = workers or os.cpu_count() or 1
            self.name = f"local cluster of {n} process{'es' if n > 1 else ''}"
            root = _package_root()
            path = os.pathsep.join(p for p in (root, os.environ.get("PYTHONPATH", "")) if p)
            self.cluster = LocalCluster(n_workers=n, threads_per_worker=1, processes=True, dashboard_address=":0",
                                        silence_logs=logging.CRITICAL, env={"PYTHONPATH": path})  # type: ignore[no-untyped-call]
            self.client = Client(self.cluster)  # type: ignore[no-untyped-call]
        try:
            self.workers = self.client.run(worker_probe)
        except Exception as e:  # noqa: BLE001 - any failure to unpickle or import on a worker
            self.close()
            raise JobError(f"{self.name}: the workers cannot import the cs_desktop package ({type(e).__name__}: "
                           f"{e}); install it on every worker (pip install captains-sea-desktop)") from e

    def run(self, job: Job, batches: list[Batch], finished: Callable[[Batch, Records], None],
            cancelled: Callable[[], bool]) -> None:
        from distributed import as_completed

        tag = job.fingerprint()[:12]
        futures = {}
        for batch in batches:
            future = self.client.submit(play_batch, batch_spec(job, *batch), key=f"balance-{tag}-{batch[0]}-{batch[1]}",
                                        pure=False)
            futures[future] = batch
        try:
            for future in as_completed(list(futures)):  # type: ignore[no-untyped-call]
                finished(futures[future], future.result())
                if cancelled():
                    break
        finally:
            self.client.cancel([f for f in futures if not f.done()])

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
