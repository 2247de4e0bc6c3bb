"""The balance lab (issue 13): many computer-vs-computer games of scenarios, or of every pairing of ships, and
what they say about each pairing's balance.

Qt-free and under `mypy --strict`. `job.py` says what to play (the pairings, the captains, the games, the
seed) and derives every game's seed from (seed, pairing, game) alone; `games.py` plays a batch of games (the
function a worker runs); `store.py` keeps finished batches in an output folder so that an interrupted sweep
continues where it stopped; `runner.py` runs the batches in this process or on a Dask cluster (an embedded
local cluster of processes, or a scheduler given by address) through one code path; `stats.py` summarises a
pairing (score and its 95% interval, VP margin distribution, endings, the suggested 19.0 bid); `output.py`
writes JSON, CSV and the table. The heat map is drawn by `cs_desktop/gui/lab/heatmap.py` (Qt).
docs/balance-lab.md describes it.
"""
