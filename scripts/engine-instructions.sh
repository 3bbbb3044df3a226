#!/usr/bin/env bash
# Instructions a hand through the engine bench, counted by valgrind's callgrind: a measure that does not
# drift with the machine's speed (wall time on a shared machine does). The difference between a run of
# 4,000 and one of 8,000 hands a round, divided by the 8,000 extra hands (the warm-up round counts too),
# leaves start-up out, and with it V8's tier-up: the last engine functions reach optimized code after
# about 6,000 hands, so a marginal taken earlier (1,000 against 3,000 hands) counted their unoptimized
# runs as if every hand paid for them, 18 % more than the warm engine does. Repeatable to about ±0.5 %;
# the two runs go side by side and take about a minute. The bench runs unpinned here (`--no-pin`): pinned,
# it would run its hands in a child process that callgrind does not follow.
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
# As `npm run build` ships it: the bundle's top-level functions made constants (scripts/constant-functions.mjs).
(cd "$here" && node --input-type=module -e "
import { readFileSync, writeFileSync } from 'node:fs';
import { constantFunctions } from './scripts/constant-functions.mjs';
writeFileSync('$work/bench.mjs', constantFunctions(readFileSync('$work/bench.mjs', 'utf8'), null).code);")
count() {
  valgrind --tool=callgrind --callgrind-out-file="$work/callgrind.$1.out" node --single-threaded "$work/bench.mjs" --no-peer --no-pin --rounds 1 --hands "$1" 2>&1 \
    | sed -n 's/.*Collected : \([0-9]*\).*/\1/p' > "$work/count.$1"
}
count 4000 &
count 8000 &
wait
small="$(cat "$work/count.4000")"
large="$(cat "$work/count.8000")"
[ -n "$small" ] && [ -n "$large" ] || { echo "engine-instructions: callgrind gave no count" >&2; exit 1; }
per_hand=$(( (large - small) / 8000 ))
# The bench pins itself to a CPU by running again as a child unless told --no-pin; callgrind would then
# count only the launcher. A count this small means the hands ran somewhere it did not look.
[ "$per_hand" -gt 10000 ] || { echo "engine-instructions: $per_hand instructions a hand is not the engine's: did the bench run in a child process?" >&2; exit 1; }
echo "$per_hand instructions a hand ($root)"
