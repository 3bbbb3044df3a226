#!/usr/bin/env bash
# Instructions a hand through the engine bench, counted by valgrind's callgrind: a measure that does not
# drift with the machine's speed (wall time on a shared machine does). The difference between a run of
# 1,000 and one of 3,000 hands a round, divided by the 4,000 extra hands (the warm-up round counts too),
# leaves start-up out. Repeatable to about ±2 %; takes about two minutes.
#
#   scripts/engine-instructions.sh [DIR]   DIR: a checkout's root (default: this one), e.g. an older commit's
#                                          `git archive` beside it, to compare two engines
set -euo pipefail
here="$(cd "$(dirname "$0")/.." && pwd)"
root="$(cd "${1:-$here}" && pwd)"
command -v valgrind > /dev/null || { echo "engine-instructions: valgrind is needed (apt-get install valgrind)" >&2; exit 2; }
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
(cd "$here" && npx esbuild "$root/bench/engine.ts" --bundle --platform=node --format=esm --packages=external --outfile="$work/bench.mjs" --log-level=warning)
count() {
  valgrind --tool=callgrind --callgrind-out-file="$work/callgrind.out" node --single-threaded "$work/bench.mjs" --no-peer --rounds 1 --hands "$1" 2>&1 \
    | sed -n 's/.*Collected : \([0-9]*\).*/\1/p'
}
small="$(count 1000)"
large="$(count 3000)"
echo "$(( (large - small) / 4000 )) instructions a hand ($root)"
