"""Where simulated games are played: one seam (`simulate.Executor`, a
`concurrent.futures.Executor` and what it hands each task), two kinds.

- `local`: a process pool on this machine (`--jobs` processes, started with the plan:
  `simulate.run`).
- `dask`: a Dask cluster (`dask.distributed`): the scheduler at `--scheduler ADDRESS`, whose
  workers may be on other machines (each needs pnp installed, in the same version), or, with
  no address, a `LocalCluster` of one single-threaded worker process per core. The plan (the
  game's model, the seed and the settings) is sent to each worker once (`Client.scatter`);
  the games go in batches (`simulate._spans`), never one task a game.

Results do not depend on the kind: game `i` of a run seeded `S` is played with the seed
`game_seed(S, i)` wherever it is played, and the batches are gathered in game order.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from pnp.simulate import Executor, Plan

KINDS = ("local", "dask")


class ExecutorError(Exception):
    """The executor cannot be had: Dask missing, a scheduler that does not answer."""


@contextmanager
def dask(scheduler: str | None = None, workers: int | None = None) -> Iterator[Executor]:
    """A Dask cluster's executor: the scheduler at `scheduler`, or a LocalCluster of
    `workers` single-threaded processes (default: one per core)."""
    try:
        from distributed import Client, LocalCluster
    except ImportError:
        raise ExecutorError(
            "--executor dask needs Dask: pip install 'dask[distributed]' "
            "(or install pnp with its 'dask' extra)"
        ) from None
    cluster: Any = None
    try:
        if scheduler:
            client = Client(scheduler, timeout="20s")
        else:
            cluster = LocalCluster(
                n_workers=workers or os.cpu_count() or 1,
                threads_per_worker=1,
                processes=True,
                dashboard_address=None,
            )
            client = Client(cluster)
    except (OSError, TimeoutError) as exc:
        if cluster is not None:
            cluster.close()
        where = f"the scheduler at {scheduler}" if scheduler else "a local Dask cluster"
        raise ExecutorError(f"cannot reach {where}: {exc}") from None
    try:
        count = max(1, len(client.scheduler_info().get("workers", {})))
        shared: dict[int, Any] = {}

        def share(p: Plan) -> Any:
            """The plan as a future every worker holds: sent once per worker and plan."""
            if id(p) not in shared:
                shared.clear()
                shared[id(p)] = client.scatter(p, broadcast=True, hash=False)
            return shared[id(p)]

        yield Executor(client.get_executor(pure=False), count, share)
    finally:
        client.close()
        if cluster is not None:
            cluster.close()


def executor(kind: str, jobs: int, scheduler: str | None = None) -> Any:
    """The context manager of one kind of executor; None for `local`: `simulate.run` then
    makes the local pool of `jobs` processes for each plan (its workers start with it), or
    plays in this process."""
    if kind == "dask":
        return dask(scheduler, None if scheduler else jobs if jobs > 1 else None)
    if kind != "local":
        raise ExecutorError(f"unknown executor {kind!r} (executors: {', '.join(KINDS)})")
    if scheduler:
        raise ExecutorError("--scheduler is for --executor dask")
    return None
