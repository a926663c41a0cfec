#!/usr/bin/env bash
# Where a row's instructions go: runs one prefs-tui command under callgrind on the fixtures of
# the last run.sh and prints the functions with the largest inclusive share, demangled.
#
#   Benchmarks/profile.sh render      # render --schema, 10,000 settings
#   Benchmarks/profile.sh get         # get city
#   Benchmarks/profile.sh set         # set one value in the 10,000-setting suite (committed write)
#   Benchmarks/profile.sh step        # one → on an int row at 10,000 settings (an in-memory set)
#   Benchmarks/profile.sh -- ARGS...  # any prefs-tui command
#
# Inclusive counts overlap (a caller includes its callees); recursive entries (marked 'N by
# callgrind) are left out because their counts add up several times over, and so are wrappers
# within 0.5 % of the line above them. MATCH=REGEX keeps only matching functions; TOP=N lines.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
work="$here/.build-bench/run"
prefs="$(dirname "$here")/.build/release/prefs-tui"
schema10k="$work/fixtures/settings-10000.schema.json"
[[ -f $schema10k && -x $prefs ]] || { echo "profile.sh: run Benchmarks/run.sh first" >&2; exit 2; }
export XDG_CONFIG_HOME="$work/config"

case ${1:-} in
    render) args=(render --schema "$schema10k") ;;
    get) args=(get city) ;;
    # The write goes to a copy, so the run's suite stays as generated.
    set) cp "$XDG_CONFIG_HOME/bench.settings-10000.plist" "$XDG_CONFIG_HOME/bench.profile.plist"
         args=(set --schema "$schema10k" --suite bench.profile setting00000 7) ;;
    step) args=(render --schema "$schema10k" --keys right) ;;
    --) shift; args=("$@") ;;
    *) sed -n '2,12p' "$0" >&2; exit 64 ;;
esac

out=$(mktemp -d)
SWIFT_DETERMINISTIC_HASHING=1 valgrind --tool=callgrind --callgrind-out-file="$out/callgrind.out" \
    "$prefs" "${args[@]}" >/dev/null 2>"$out/log"
grep 'Collected' "$out/log" >&2
callgrind_annotate --auto=no --threshold=100 --inclusive=yes "$out/callgrind.out" 2>/dev/null | sed -n '/file:function/,$p' | sed 1,2d \
    | grep -v "'[0-9]" | swift demangle --simplified \
    | grep -v -E '\(below main\)|libc_start|prefs_tui_main|ParsableCommand|_start ' \
    | sed -E 's/ \[[^]]*\]$//; s/^( *[0-9,]+ \( *[0-9.]+%\)) +[^:]*:/\1  /' \
    | grep -E "${MATCH:-.}" \
    | awk '{ n = $1; gsub(",", "", n); n += 0; if (last == "" || n < last * 0.995) { print; last = n } }' \
    | head -"${TOP:-30}"
rm -rf "$out"
