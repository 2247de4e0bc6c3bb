#!/usr/bin/env bash
# A long tournament, a scenario at a time, resumable: each finished scenario is kept as OUT/<scenario>.json and
# skipped next time, and the games of an unfinished one in OUT/<scenario>.json.journal; run two at once (one with --reverse) to use two cores. Merge the pieces with
#     captains-sea tournament --merge OUT/*.json
# Usage: bash scripts/tournament_by_scenario.sh CAPTAINS GAMES OUT [--reverse]
#   e.g. bash scripts/tournament_by_scenario.sh hard,simple 2 benchmarks/results/hard-vs-simple
# (seed 1 — SEED=N for another independent sample, in its own folder —, turn limit 30, one worker process a
# run: the pieces merge into exactly the report of one run).
# With COMPILED=1 the games run on the compiled engine of scripts/build_compiled.py (build/compiled): the same
# games, faster (the compiled engine is proved game-identical by `scripts/build_compiled.py --check`).
set -euo pipefail
cd "$(dirname "$0")/.."
captains=$1 games=$2 out=$3
mkdir -p "$out"
python=(python3)
if [ "${COMPILED:-}" = 1 ]; then
  [ -d build/compiled ] || { echo "COMPILED=1: build it first: python3 scripts/build_compiled.py" >&2; exit 2; }
  python=(env PYTHONPATH=build/compiled python3 -P)  # -P: the compiled copy, not the source tree in the cwd
fi
files=$(ls scenarios/*.json)
if [ "${4:-}" = "--reverse" ]; then files=$(ls scenarios/*.json | sort -r); fi
for f in $files; do
  name=$(basename "$f" .json)
  target="$out/$name.json"
  if [ -e "$target" ] || [ -e "$target.running" ]; then continue; fi
  : > "$target.running"
  status=0
  "${python[@]}" -m cs_desktop tournament --captains "$captains" --scenarios "$f" --games "$games" --seed "${SEED:-1}" \
       --turn-limit 30 --workers 1 --json --journal "$target.journal" > "$target.part" || status=$?
  if [ "$status" -le 1 ]; then  # 1: some games failed; they are listed in the report (and above), the rest count
    mv "$target.part" "$target"
    rm -f "$target.journal"
  else
    echo "$name: the tournament stopped (see above); its finished games are kept in $target.journal" >&2
    rm -f "$target.part"
  fi
  rm -f "$target.running"
done
