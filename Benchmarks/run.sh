#!/usr/bin/env bash
# Builds release binaries and prints the performance table of issue 10: each measure against its
# baseline in the same run, as ours / baseline ratios with the goal and pass or fail.
#
#   Benchmarks/run.sh              # the whole table (6–14 minutes on 2 cores, builds included)
#   UPDATE_DOCS=1 Benchmarks/run.sh      # and writes it into the Performance article
#   ROUNDS=9 RUNS=7 Benchmarks/run.sh
#   ONLY_PROCESSES=1 Benchmarks/run.sh   # all but the in-process (package-benchmark) rows
#   ONLY_LINE_EDITOR=1 Benchmarks/run.sh # only the three long-value rows
#   ONLY_EVENTS=1 Benchmarks/run.sh      # only the per-event rows at 50,000 settings
#   ONLY_INSTALLED=1 Benchmarks/run.sh   # only the installed-schema and fixture-shape rows
#
# Method (why each row is measured the way it is):
# - In-process rows (reads, writes, in-memory sets) are package-benchmark benchmarks. Each pair
#   (ours, baseline) is registered once per round and the rounds run one after the other, so
#   both halves of a pair see the same machine load; a row's ratio is the median over the
#   rounds of (ours p50 / baseline p50), its times the medians of the rounds' p50s.
# - Whole-process rows (render, get) are hyperfine runs of the two commands, ROUNDS rounds of
#   RUNS runs each, the order of the two commands swapped every round; ratio as above.
# - The keystroke row counts instructions with callgrind, which a loaded machine does not
#   change: the cost of one ↓ is the count of `render --keys down` minus that of
#   `render --keys ""` on the same schema (both draw one frame, so only the key's own work is
#   left), at 10,000 settings against 100. Hashing is made deterministic so that the two runs
#   execute the same code path.
# - The per-event rows (issue 43) count instructions the same way at 50,000 settings, inside
#   the harness's key and frame functions alone (not the process's start), each event sent ten
#   times where it can be (↓, PageDown) and divided, against an absolute goal.
# - The line-editor rows count instructions the same way, on a value of 1 MB against one of
#   1 KB: a typed character is `--keys "enter left a"` minus `--keys "enter left"` (same frame,
#   only the key's work is left); opening the field and drawing it is `--keys "enter left"`
#   minus `--keys ""` (the field's frame against the list's); a frame with the invalid value
#   selected, its problem in the pane, is `--keys down` minus `--keys ""`. Linear work grows at
#   most 1,024× with 1,024× the text (fixed costs make it less); quadratic, a million-fold.
# The script exits 1 when a row misses its goal, 2 when a measurement itself went wrong.
set -euo pipefail

here=$(cd "$(dirname "$0")" && pwd)
root=$(dirname "$here")
scratch="$here/.build-bench"          # the benchmark package's own build (gitignored)
work="$scratch/run"                   # fixtures, the suites' folder and raw results
rounds=${ROUNDS:-7}
runs=${RUNS:-5}

say() { printf '%s\n' "$*" >&2; }
fail() { say "run.sh: $*"; exit 2; }

if [[ -n ${UPDATE_DOCS:-} && ( -n ${ONLY_PROCESSES:-} || -n ${ONLY_LINE_EDITOR:-} || -n ${ONLY_EVENTS:-} || -n ${ONLY_INSTALLED:-} ) ]]; then
    fail "UPDATE_DOCS needs every row: leave out ONLY_PROCESSES, ONLY_LINE_EDITOR, ONLY_EVENTS and ONLY_INSTALLED"
fi

# Tools: hyperfine and valgrind come from Debian's packages.
missing=()
command -v hyperfine >/dev/null || missing+=(hyperfine)
command -v valgrind >/dev/null || missing+=(valgrind)
[[ -x /usr/bin/time ]] || missing+=(time)
if ((${#missing[@]})); then
    say "installing ${missing[*]}"
    apt-get update -qq >&2 && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >&2 \
        || fail "cannot install ${missing[*]}"
fi

# The binary measured is the one the README installs, built with the flags CI builds it with
# (.ci/run's install_build, which a test holds equal to the README's). A dynamically linked
# build is made first, for the rows that compare the two.
install_build=()
eval "$(grep '^install_build=(' "$root/.ci/run")"
[[ ${#install_build[@]} -gt 0 ]] || fail "no install_build=(…) line in .ci/run"
say "building release binaries: a dynamically linked one, then the one the README installs"
swift build -c release --package-path "$root" --product prefs-tui >&2
dynamic="$scratch/prefs-tui-dynamic"
mkdir -p "$scratch"  # a fresh clone has none yet
cp "$root/.build/release/prefs-tui" "$dynamic"
"${install_build[@]}" --package-path "$root" --product prefs-tui >&2
# This package reaches the root package by path, and SwiftPM kept its cached build plan for it:
# a source file added to the root since the last run was left out ("cannot find 'X' in scope").
# Without the plan, SwiftPM makes a new one from the files as they are (seconds, not a rebuild).
rm -f "$scratch/release.yaml" "$scratch/release/description.json"
swift build -c release --package-path "$here" --scratch-path "$scratch" >&2
prefs="$root/.build/release/prefs-tui"
bin="$scratch/release"

rm -rf "$work"
mkdir -p "$work/results"
export XDG_CONFIG_HOME="$work/config"  # every suite of the run lives here, never in ~/.config
"$bin/bench-fixtures" "$work/fixtures" "$XDG_CONFIG_HOME" >&2
schema100="$work/fixtures/settings-100.schema.json"
schema10k="$work/fixtures/settings-10000.schema.json"
rows="$work/rows.tsv"
: >"$rows"

# --- Checks that the commands measured do the work they are said to do. -------------------
[[ "$("$prefs" get city)" == Bergen ]] || fail "prefs-tui get city does not print Bergen"
[[ "$("$bin/foundation-get" city)" == Bergen ]] || fail "foundation-get city does not print Bergen"
(($("$bin/foundation-load" bench.settings-10000) >= 10000)) || fail "foundation-load does not see 10,000 values"
"$prefs" render --schema "$schema10k" | grep -q 'Setting 0' || fail "render at 10,000 settings does not show the first one"

# --- In-process rows: package-benchmark. ---------------------------------------------------
if [[ -z ${ONLY_PROCESSES:-} && -z ${ONLY_LINE_EDITOR:-} && -z ${ONLY_EVENTS:-} && -z ${ONLY_INSTALLED:-} ]]; then
say "in-process benchmarks, $rounds rounds"
BENCH_ROUNDS=$rounds swift package --package-path "$here" --scratch-path "$scratch" \
    --allow-writing-to-directory "$work/results" \
    benchmark --format histogramPercentiles --path "$work/results" --no-progress >"$work/benchmark.log" 2>&1 \
    || { tail -40 "$work/benchmark.log" >&2; fail "the benchmark run failed"; }

python3 - "$work/results" "$rows" <<'EOF'
import glob, os, re, statistics, sys
folder, rows = sys.argv[1], sys.argv[2]
p50 = {}
for path in glob.glob(os.path.join(folder, "*.histogram.percentiles.tsv")):
    name = os.path.basename(path)
    match = re.search(r"r(\d+)[_ ]([\w-]+?)[_ ](ours|baseline)", name)
    if not match:
        continue
    with open(path) as handle:
        lines = [line.split("\t") for line in handle.read().splitlines()[1:]]
    value = float(dict((k, v) for k, v in lines)["50"])
    p50.setdefault(match.group(2), {}).setdefault(int(match.group(1)), {})[match.group(3)] = value
rows_out = [
    ("typed read Int: prefs[key] vs UserDefaults.integer(forKey:)", "read-int", "ns", 0.2),
    ("typed read String: prefs[key] vs UserDefaults.string(forKey:)", "read-string", "ns", 0.2),
    ("typed read [String]: prefs[key] vs UserDefaults.stringArray(forKey:)", "read-list", "ns", 0.2),
    ("read right after a write, 10,000 keys, vs UserDefaults set then read", "read-after-write-10000", "ns", 0.01),
    ("committed write, 10 keys, vs set + synchronize() (which fsyncs)", "write-10", "ns", 1.1),
    ("committed write, 1,000 keys, vs set + synchronize() (which fsyncs)", "write-1000", "ns", 0.4),
    ("committed write, 10,000 keys, vs set + synchronize() (which fsyncs)", "write-10000", "ns", 0.15),
    ("InMemoryStore set at 10,000 keys vs at 10 keys", "memory-set", "ns", 2.0),
]
with open(rows, "a") as out:
    for title, key, unit, goal in rows_out:
        rounds = p50.get(key, {})
        paired = [r for r in rounds.values() if "ours" in r and "baseline" in r and r["baseline"] > 0]
        if len(paired) < 3:
            sys.exit(f"only {len(paired)} complete rounds for {key}")
        ratio = statistics.median(r["ours"] / r["baseline"] for r in paired)
        ours = statistics.median(r["ours"] for r in paired)
        base = statistics.median(r["baseline"] for r in paired)
        out.write(f"{title}\t{ours}\t{base}\t{unit}\t{ratio}\t{goal}\t{len(paired)}\n")
EOF
fi

# callgrind runs a copy without debug information: valgrind 3.19 (Debian 12) cannot read the
# DWARF 5 forms clang 21 writes for the C targets (`unhandled dwarf2 abbrev form code 0x25`,
# then "Possibly corrupted debuginfo file", and nothing runs). Instruction counts do not need
# it; function names come from the symbol table, which stays.
callgrind_prefs="$work/prefs-tui-without-debug-info"
objcopy --strip-debug "$prefs" "$callgrind_prefs"
# Runs prefs-tui ARGS under callgrind, counting each thread apart (OUTPUT-NAME.callgrind-01 is
# the main thread's); its log's "Collected" line is the whole process's count.
# Fair scheduling: without it valgrind let the main thread run on through a 50,000-setting
# schema while the reading thread never began, so the main thread read the suite itself in some
# runs and not in others, 200 M instructions apart (measured: 2 runs in 5).
callgrind_run() { # OUTPUT-NAME ARGS...
    local name=$1; shift
    SWIFT_DETERMINISTIC_HASHING=1 valgrind --tool=callgrind --fair-sched=yes --separate-threads=yes \
        --callgrind-out-file="$work/results/$name.callgrind" \
        "$callgrind_prefs" "$@" >"$work/results/$name.out" 2>"$work/results/$name.log"
}
whole_process_count() { sed -n 's/.*Collected : \([0-9]*\).*/\1/p' "$work/results/$1.log"; }
# Peak memory against a baseline's: the median of five runs' peak resident memory (GNU time's
# %M, KB), as runs vary by a few hundred KB.
peak_kb() {  # command…
    for _ in 1 2 3 4 5; do
        /usr/bin/time -f "%M" -o "$work/peak-time" "$@" >/dev/null 2>&1 || true
        tail -1 "$work/peak-time"
    done | sort -n | sed -n 3p
}
instructions() { # OUTPUT-NAME ARGS...: prints the instructions of the whole process
    callgrind_run "$@"
    whole_process_count "$1"
}

# --- Whole-process rows: hyperfine, paired rounds. -----------------------------------------
# paired LABEL TITLE GOAL METRIC OURS-COMMAND -- BASELINE-COMMAND
# METRIC is wall (the median run's elapsed time) or cpu (user + system time, the mean of a
# round's runs): what a person waits for, or what the machine spends.
paired() {
    local label=$1 title=$2 goal=$3 metric=$4; shift 4
    local ours=() base=() seen=0
    for word in "$@"; do
        if [[ $word == -- ]]; then seen=1; elif ((seen)); then base+=("$word"); else ours+=("$word"); fi
    done
    local round
    say "$label: $rounds rounds of $runs runs"
    for ((round = 1; round <= rounds; round++)); do
        local json="$work/results/hyperfine-$label-$round.json"
        # Swap the order every round, so neither command always runs right after the other.
        if ((round % 2)); then
            hyperfine -N --warmup 1 --runs "$runs" --export-json "$json" "${ours[*]}" "${base[*]}" >/dev/null 2>&1
        else
            hyperfine -N --warmup 1 --runs "$runs" --export-json "$json" "${base[*]}" "${ours[*]}" >/dev/null 2>&1
        fi
    done
    python3 - "$work/results" "$label" "${ours[*]}" "$title" "$goal" "$metric" "$rows" <<'EOF'
import glob, json, os, statistics, sys
folder, label, ours_command, title, goal, metric, rows = sys.argv[1:]
def measure(result):
    return result["median"] if metric == "wall" else result["user"] + result["system"]
pairs = []
for path in glob.glob(os.path.join(folder, f"hyperfine-{label}-*.json")):
    results = json.load(open(path))["results"]
    ours = next(r for r in results if r["command"] == ours_command)
    base = next(r for r in results if r["command"] != ours_command)
    pairs.append((measure(ours), measure(base)))
ratio = statistics.median(o / b for o, b in pairs)
with open(rows, "a") as out:
    out.write(f"{title}\t{statistics.median(o for o, _ in pairs) * 1e9}\t"
              f"{statistics.median(b for _, b in pairs) * 1e9}\tns\t{ratio}\t{goal}\t{len(pairs)}\n")
EOF
}

if [[ -z ${ONLY_LINE_EDITOR:-} && -z ${ONLY_EVENTS:-} && -z ${ONLY_INSTALLED:-} ]]; then
paired render-10000 "first frame: prefs-tui render --schema, 10,000 settings, vs a Foundation program loading the suite (wall)" 0.5 wall \
    "$prefs" render --schema "$schema10k" -- "$bin/foundation-load" bench.settings-10000
paired render-100 "render --schema, 100 settings, vs a Foundation program loading the suite (cpu)" 0.7 cpu \
    "$prefs" render --schema "$schema100" -- "$bin/foundation-load" bench.settings-100
paired get "get: prefs-tui get city vs a Foundation program reading it (cpu)" 0.7 cpu \
    "$prefs" get city -- "$bin/foundation-get" city
# The two builds of prefs-tui (issue 32): the installed one must be the faster.
paired build-get "get city: the installed build (static, -no-pie) vs a dynamically linked one (cpu)" 1.0 cpu \
    "$prefs" get city -- "$dynamic" get city
paired build-render "first frame at 10,000 settings: the installed build vs a dynamically linked one (wall)" 1.0 wall \
    "$prefs" render --schema "$schema10k" -- "$dynamic" render --schema "$schema10k"

# --- Keystroke row: callgrind instruction counts. -------------------------------------------
say "keystroke: callgrind at 100 and 10,000 settings"
# The four runs are independent and callgrind's counts do not depend on load: run them together.
instructions k100-none render --schema "$schema100" --keys "" >"$work/k100-none" &
instructions k100-down render --schema "$schema100" --keys down >"$work/k100-down" &
instructions k10k-none render --schema "$schema10k" --keys "" >"$work/k10k-none" &
instructions k10k-down render --schema "$schema10k" --keys down >"$work/k10k-down" &
wait
for size in k100 k10k; do
    cmp -s "$work/results/$size-none.out" "$work/results/$size-down.out" \
        && fail "render --keys down drew the same frame as no key at $size: the key did nothing"
done
python3 - "$work" "$rows" <<'EOF'
import sys
work, rows = sys.argv[1:]
count = {name: int(open(f"{work}/{name}").read().strip() or 0) for name in ["k100-none", "k100-down", "k10k-none", "k10k-down"]}
small = count["k100-down"] - count["k100-none"]
large = count["k10k-down"] - count["k10k-none"]
if small <= 0 or large <= 0:
    sys.exit(f"a keystroke cost no instructions: {count}")
with open(rows, "a") as out:
    out.write(f"one ↓ keystroke at 10,000 settings vs 100 (callgrind)\t{large}\t{small}\tinstr\t{large / small}\t1.2\t1\n")
EOF
fi

# --- Per-event rows at 50,000 settings (issue 43): callgrind instruction counts. -------------
# Each event's cost is the run with it less the run without it (both draw one frame), divided
# by how many times it was sent, so that a thread's few hundred thousand instructions of
# scheduling noise shrink with the count. The goal is absolute: 2 M instructions of the
# editor's own work (about a millisecond here). The same event at 100 settings is shown in the
# row's title; a filter walks every setting once per character, so it cannot be as cheap there.
if [[ -z ${ONLY_LINE_EDITOR:-} && -z ${ONLY_INSTALLED:-} ]]; then
# The schema parse alone (issue 43): callgrind counts only inside PreferenceSchema(jsonData:),
# found by its symbol, on the 10,000-setting bench schema, per byte of its JSON.
say "schema parse: callgrind inside PreferenceSchema(jsonData:)"
parse_symbol=$(nm "$callgrind_prefs" | sed -n 's/^[0-9a-f]* T \(.*PreferenceSchemaV8jsonData.*tKcfC\)$/\1/p' | head -1)
[[ -n $parse_symbol ]] || fail "no PreferenceSchema(jsonData:) symbol in the binary"
SWIFT_DETERMINISTIC_HASHING=1 valgrind --tool=callgrind --callgrind-out-file="$work/results/parse.callgrind" \
    --toggle-collect="$parse_symbol" "$callgrind_prefs" render --schema "$schema10k" >/dev/null 2>"$work/results/parse.log"
parse_count=$(sed -n 's/.*Collected : \([0-9]*\).*/\1/p' "$work/results/parse.log")
python3 -c "import os, sys; count, size = int(sys.argv[1]), os.path.getsize(sys.argv[2]); print(f'schema parse of the 10,000-setting bench schema ({size / 1e6:.1f} MB, {count / 1e6:.0f} M instr): instructions a byte vs the goal of 40 (callgrind)\t{count / size}\t40\tinstr/byte\t{count / size / 40}\t1\t1')" \
    "$parse_count" "$schema10k" >>"$rows"

say "per event: callgrind at 100 and 50,000 settings"
# Counted only inside the harness's key and frame functions (the keys sent, then the one frame
# drawn), as the outside-change row below counts inside the editor's loop. Counted over the
# whole main thread, a row took in what differs between two runs before the first key: which
# thread first made a type's metadata, and where glibc's free happened to consolidate. One Esc
# was "worse" by 80,000 instructions freed while the harness was made, the same code in both
# runs (measured at 86fadfc: 158 k whole-thread, 73 k inside the harness).
press_symbol=$(nm "$callgrind_prefs" | sed -n 's/^[0-9a-f]* T \(.*HarnessC5pressyy.*\)$/\1/p' | head -1)
screen_symbol=$(nm "$callgrind_prefs" | sed -n 's/^[0-9a-f]* T \(.*HarnessC6screenSSvg\)$/\1/p' | head -1)
[[ -n $press_symbol && -n $screen_symbol ]] || fail "no Harness.press or Harness.screen symbol in the binary"
event_instructions() { # OUTPUT-NAME ARGS...
    local name=$1; shift
    SWIFT_DETERMINISTIC_HASHING=1 valgrind --tool=callgrind --toggle-collect="$press_symbol" \
        --toggle-collect="$screen_symbol" --callgrind-out-file="$work/results/$name.callgrind" \
        "$callgrind_prefs" "$@" >"$work/results/$name.out" 2>"$work/results/$name.log"
    whole_process_count "$name"
}
schema50k="$work/fixtures/settings-50000.schema.json"
tenfold() { local out=; for _ in 1 2 3 4 5 6 7 8 9 10; do out="$out $1"; done; echo "${out# }"; }
event_runs=(
    "none:" "down:$(tenfold down)" "pgdn:$(tenfold pgdn)" "slash:/" "first:/ s"
    "typed:/ s e t t i n g space 4 9 9" "esc:/ s esc" "reset:r"
)
for size in 100 50000; do
    schema_file="$work/fixtures/settings-$size.schema.json"
    for run in "${event_runs[@]}"; do
        event_instructions "e$size-${run%%:*}" render --schema "$schema_file" --keys "${run#*:}" >"$work/e$size-${run%%:*}" &
        # Two at a time: each 50,000-setting run holds the whole schema in callgrind's memory.
        (($(jobs -rp | wc -l) >= 2)) && wait -n
    done
done
wait
# Another program's change of one setting: the editor on the suite's values in memory, a commit
# by another writer, then ↓ (which takes the news), against ↓ alone. Callgrind counts only inside
# the editor's event loop (EditorController.send), so the store's own work is left out.
outside_binary="$work/editor-outside-change-without-debug-info"
objcopy --strip-debug "$bin/editor-outside-change" "$outside_binary"
send_symbol=$(nm "$outside_binary" | sed -n 's/^[0-9a-f]* [tT] \(\$s11PrefsEditor.*ControllerC4send.*EventOF\)$/\1/p' | head -1)
[[ -n $send_symbol ]] || fail "no EditorController.send symbol in editor-outside-change"
for size in 100 50000; do
    for run in "none:" "change:setting00000 7"; do
        # shellcheck disable=SC2086 # the change is two words on purpose
        SWIFT_DETERMINISTIC_HASHING=1 valgrind --tool=callgrind --toggle-collect="$send_symbol" \
            --callgrind-out-file="$work/results/o$size-${run%%:*}.callgrind" "$outside_binary" \
            "$work/fixtures/settings-$size.schema.json" ${run#*:} \
            >"$work/results/o$size-${run%%:*}.out" 2>"$work/results/o$size-${run%%:*}.log" &
        (($(jobs -rp | wc -l) >= 2)) && wait -n
    done
done
wait
for size in 100 50000; do
    grep -q "Changed by another program: setting00000" "$work/results/o$size-change.out" \
        || fail "the editor at $size settings did not take another program's change (see $work/results/o$size-change.out)"
    for run in none change; do
        sed -n 's/.*Collected : \([0-9]*\).*/\1/p' "$work/results/o$size-$run.log" >"$work/o$size-$run"
    done
done
for size in 100 50000; do
    for run in down pgdn first esc reset; do
        cmp -s "$work/results/e$size-none.out" "$work/results/e$size-$run.out" && [[ $run != esc ]] \
            && fail "render --keys for $run drew the same frame as no key at $size settings: the event did nothing"
    done
done
python3 - "$work" "$rows" <<'EOF2'
import sys
work, rows = sys.argv[1:]
def count(size, name):
    return int(open(f"{work}/{name[0]}{size}-{name[1]}").read().strip() or 0)
def per_event(size, name, base, times):
    return (count(size, name) - count(size, base)) / times
# (title, run, the run it is measured against, times sent); a run is (its files' prefix, name).
events = [
    ("↓", ("e", "down"), ("e", "none"), 10), ("PageDown", ("e", "pgdn"), ("e", "none"), 10),
    ("the first filter character (every setting matches it)", ("e", "first"), ("e", "slash"), 1),
    ("a typed filter, per character (\"setting 499\", 10 characters)", ("e", "typed"), ("e", "slash"), 10),
    ("Esc clearing the filter", ("e", "esc"), ("e", "first"), 1), ("a reset of one setting (r)", ("e", "reset"), ("e", "none"), 1),
    ("another program's change of one setting (inside the editor's event loop)", ("o", "change"), ("o", "none"), 1),
]
with open(rows, "a") as out:
    for title, name, base, times in events:
        large, small = per_event(50000, name, base, times), per_event(100, name, base, times)
        out.write(f"{title} at 50,000 settings (callgrind; {small / 1e6:.3f} M at 100) vs the 2 M goal\t{max(large, 0)}\t2000000\tinstr\t{max(large, 0) / 2e6}\t1\t1\n")
EOF2

fi

# --- Installed schemas and the first frame on any fixture (issue 55). -----------------------
# Three shapes of each bench schema, the same settings: the benchmarks' own (sections first,
# keys sorted, indented by two, "suite" last), "suite" first and indented by one (as Python's
# json.dump(indent=1) writes a dict made in that order), and minified. For each, the first
# frame with --schema and on the schema installed (found by the suite's name), against
# Foundation's load of the same suite: instructions (callgrind, whole process) ≤ 0.35×, peak
# memory ≤ 1.0×. Then get and set of one setting on an installed schema of 50,000 settings
# against one of 10, ten values stored in each suite (a person changes few settings):
# instructions ≤ 1.5×, memory ≤ 1.2×; and list, which reads every key, against Foundation's load.
if [[ -z ${ONLY_LINE_EDITOR:-} && -z ${ONLY_EVENTS:-} ]]; then
say "installed schemas and fixture shapes: callgrind and peak memory"
python3 - "$work/fixtures" "$work" <<'EOF4'
import json, os, plistlib, sys
fixtures, work = sys.argv[1:]
for size in (10000, 50000):
    document = json.load(open(f"{fixtures}/settings-{size}.schema.json"))
    first = {"suite": document["suite"], **{k: v for k, v in document.items() if k != "suite"}}
    json.dump(first, open(f"{fixtures}/settings-{size}.suite-first.schema.json", "w"), indent=1)
    json.dump(document, open(f"{fixtures}/settings-{size}.minified.schema.json", "w"), separators=(",", ":"))
    for shape, name in [("bench", f"settings-{size}.schema.json"), ("suite-first", f"settings-{size}.suite-first.schema.json"),
                        ("minified", f"settings-{size}.minified.schema.json")]:
        folder = f"{work}/installed-{shape}/prefs-tui/schemas"
        os.makedirs(folder, exist_ok=True)
        open(f"{folder}/{document['suite']}.json", "wb").write(open(f"{fixtures}/{name}", "rb").read())
# The get and set suites: the first ten settings of the 100-setting schema as a schema of 10,
# and the 50,000-setting one, each installed under its own suite with ten values stored.
samples = {"int": 7, "string": "value", "bool": True, "double": 1.5, "[string]": ["x", "y"]}
for size, source in [(10, 100), (50000, 50000)]:
    document = json.load(open(f"{fixtures}/settings-{source}.schema.json"))
    document["suite"] = f"bench.installed-{size}"
    if size == 10:
        document["sections"] = [{"name": document["sections"][0]["name"], "settings": document["sections"][0]["settings"][:10]}]
    folder = f"{work}/installed-get/prefs-tui/schemas"
    os.makedirs(folder, exist_ok=True)
    json.dump(document, open(f"{folder}/{document['suite']}.json", "w"), indent=2, sort_keys=True)
    settings = [s for section in document["sections"] for s in section["settings"]][:10]
    plistlib.dump({s["key"]: samples[s["type"]] for s in settings}, open(f"{work}/config/{document['suite']}.plist", "wb"))
EOF4
# Each installed folder's compiled form, made as a user's first command makes it.
for data in "$work"/installed-*; do
    for suite in bench.settings-10000 bench.settings-50000 bench.installed-10 bench.installed-50000; do
        [[ -f $data/prefs-tui/schemas/$suite.json ]] || continue
        XDG_DATA_HOME=$data "$prefs" get setting00000 --suite "$suite" >/dev/null \
            || fail "get on the installed $suite ($data) failed"
        [[ -f $data/prefs-tui/schemas/$suite.compiled ]] || fail "no compiled form of $suite was made in $data"
    done
done
installed_runs=()
for size in 10000 50000; do
    for shape in bench suite-first minified; do
        file="$work/fixtures/settings-$size.schema.json"
        [[ $shape == bench ]] || file="$work/fixtures/settings-$size.$shape.schema.json"
        installed_runs+=("frame-$shape-schema-$size|-|render --schema $file")
        installed_runs+=("frame-$shape-installed-$size|$work/installed-$shape|render --suite bench.settings-$size")
    done
    installed_runs+=("list-$size|$work/installed-bench|list --suite bench.settings-$size")
done
# The sets last, after every get has read the value they change.
installed_runs+=("get-10|$work/installed-get|get setting00003 --suite bench.installed-10"
                 "get-50000|$work/installed-get|get setting00003 --suite bench.installed-50000" wait
                 "set-10|$work/installed-get|set setting00003 2.5 --suite bench.installed-10"
                 "set-50000|$work/installed-get|set setting00003 2.5 --suite bench.installed-50000")
for run in "${installed_runs[@]}"; do
    if [[ $run == wait ]]; then wait; continue; fi
    IFS='|' read -r name data command <<<"$run"
    # shellcheck disable=SC2086 # the command is words on purpose
    if [[ $data == - ]]; then instructions "$name" $command >"$work/$name" &
    else XDG_DATA_HOME=$data instructions "$name" $command >"$work/$name" & fi
    (($(jobs -rp | wc -l) >= 2)) && wait -n
done
for size in 10000 50000; do
    SWIFT_DETERMINISTIC_HASHING=1 valgrind --tool=callgrind --callgrind-out-file="$work/results/foundation$size.callgrind" \
        "$bin/foundation-load" "bench.settings-$size" >"$work/results/foundation$size.out" 2>"$work/results/foundation$size.log" &
    (($(jobs -rp | wc -l) >= 2)) && wait -n
done
wait
for size in 10000 50000; do
    [[ $(cat "$work/results/foundation$size.out") == "$size" ]] \
        || fail "foundation-load did not read the $size settings of bench.settings-$size"
    whole_process_count "foundation$size" >"$work/foundation$size"
    for shape in bench suite-first minified; do
        for mode in schema installed; do
            grep -q 'Setting 0' "$work/results/frame-$shape-$mode-$size.out" \
                || fail "render ($shape, $mode) at $size settings does not show the first setting"
        done
    done
    [[ $(grep -c '^setting' "$work/results/list-$size.out") == "$size" ]] || fail "list at $size settings does not list every setting"
done
for size in 10 50000; do
    [[ $(cat "$work/results/get-$size.out") == 1.5 ]] || fail "get on bench.installed-$size does not print its stored 1.5"
    [[ $(XDG_DATA_HOME=$work/installed-get "$prefs" get setting00003 --suite "bench.installed-$size") == 2.5 ]] \
        || fail "set on bench.installed-$size did not store 2.5"
done
# Peak memory, each against its baseline's, five runs each.
for size in 10000 50000; do
    foundation_kb=$(peak_kb "$bin/foundation-load" "bench.settings-$size")
    for shape in bench suite-first minified; do
        file="$work/fixtures/settings-$size.schema.json"
        [[ $shape == bench ]] || file="$work/fixtures/settings-$size.$shape.schema.json"
        echo "$(peak_kb "$prefs" render --schema "$file") $foundation_kb" >"$work/peak-frame-$shape-schema-$size"
        echo "$(XDG_DATA_HOME=$work/installed-$shape peak_kb "$prefs" render --suite "bench.settings-$size") $foundation_kb" \
            >"$work/peak-frame-$shape-installed-$size"
    done
done
for command in get set; do
    value=(); [[ $command == set ]] && value=(2.5)
    small=$(XDG_DATA_HOME=$work/installed-get peak_kb "$prefs" "$command" setting00003 "${value[@]}" --suite bench.installed-10)
    large=$(XDG_DATA_HOME=$work/installed-get peak_kb "$prefs" "$command" setting00003 "${value[@]}" --suite bench.installed-50000)
    echo "$large $small" >"$work/peak-$command"
done
python3 - "$work" "$rows" <<'EOF5'
import sys
work, rows = sys.argv[1:]
def count(name):
    value = int(open(f"{work}/{name}").read().strip() or 0)
    if value <= 0:
        sys.exit(f"callgrind counted no instructions for {name}")
    return value
def peaks(name):
    ours, base = map(int, open(f"{work}/{name}").read().split())
    return ours * 1024, base * 1024
shapes = {"bench": "the benchmarks' schema", "suite-first": "\"suite\" first, indented by one", "minified": "minified"}
with open(rows, "a") as out:
    for size, shown in [(10000, "10,000"), (50000, "50,000")]:
        base = count(f"foundation{size}")
        for shape, words in shapes.items():
            for mode, how in [("schema", "render --schema"), ("installed", "render on the installed schema")]:
                ours = count(f"frame-{shape}-{mode}-{size}")
                out.write(f"first frame ({words}): prefs-tui {how}, {shown} settings, vs a Foundation program loading the suite (callgrind, whole process)\t{ours}\t{base}\tinstr\t{ours / base}\t0.35\t1\n")
                ours_kb, base_kb = peaks(f"peak-frame-{shape}-{mode}-{size}")
                out.write(f"first frame ({words}): {how}, peak memory at {shown} settings vs a Foundation program loading the suite\t{ours_kb}\t{base_kb}\tbytes\t{ours_kb / base_kb}\t1.0\t5\n")
        ours = count(f"list-{size}")
        out.write(f"list on the installed schema, {shown} settings, every value stored, vs a Foundation program loading the suite (callgrind, whole process)\t{ours}\t{base}\tinstr\t{ours / base}\t0.35\t1\n")
    for command, words in [("get", "get setting00003"), ("set", "set setting00003 2.5")]:
        large, small = count(f"{command}-50000"), count(f"{command}-10")
        out.write(f"{words} on an installed schema of 50,000 settings vs one of 10, ten values stored (callgrind, whole process)\t{large}\t{small}\tinstr\t{large / small}\t1.5\t1\n")
        large_kb, small_kb = peaks(f"peak-{command}")
        out.write(f"{words}: peak memory on an installed schema of 50,000 settings vs one of 10\t{large_kb}\t{small_kb}\tbytes\t{large_kb / small_kb}\t1.2\t5\n")
EOF5
fi

if [[ -z ${ONLY_EVENTS:-} && -z ${ONLY_INSTALLED:-} ]]; then
# --- Long-value rows: callgrind instruction counts, a 1 MB value against a 1 KB one. ---------
say "long values: callgrind with a 1 KB and a 1 MB value"
long_schema="$work/fixtures/long-value.schema.json"
for length in 1024 1048576; do
    suite="bench.long-$length"
    for run in "list:" "open:enter left" "type:enter left a" "problem:down"; do
        instructions "long$length-${run%%:*}" render --schema "$long_schema" --suite "$suite" --width 100 \
            --keys "${run#*:}" >"$work/long$length-${run%%:*}" &
    done
    wait
    grep -q "Note" "$work/results/long$length-type.out" || fail "render on $suite does not show the Note field"
    grep -q "Problem" "$work/results/long$length-problem.out" || fail "render --keys down on $suite does not show the problem"
    cmp -s "$work/results/long$length-open.out" "$work/results/long$length-type.out" \
        && fail "render --keys \"enter left a\" drew the same frame as \"enter left\" on $suite: the key did nothing"
done
python3 - "$work" "$rows" <<'EOF'
import sys
work, rows = sys.argv[1:]
def count(name):
    return int(open(f"{work}/{name}").read().strip() or 0)
cost = {}
for length in ["1024", "1048576"]:
    typed = count(f"long{length}-type") - count(f"long{length}-open")
    opened = count(f"long{length}-open") - count(f"long{length}-list")
    # Selecting the invalid value (down) against the list with `note` selected: both draw a
    # pane, so this is the problem's part of a frame (it may be cheaper than `note`'s value).
    problem = count(f"long{length}-problem")
    if typed <= 0 or opened <= 0 or problem <= 0:
        sys.exit(f"a long-value measure cost no instructions at {length} bytes: {typed}, {opened}, {problem}")
    cost[length] = (typed, opened, problem)
(typed_large, open_large, problem_large), (typed_small, open_small, problem_small) = cost["1048576"], cost["1024"]
with open(rows, "a") as out:
    out.write(f"one keystroke (a typed character) in a 1 MB line editor vs a 1 KB one (callgrind)\t{typed_large}\t{typed_small}\tinstr\t{typed_large / typed_small}\t1.5\t1\n")
    out.write(f"opening a 1 MB value in the line editor and drawing it vs a 1 KB one (callgrind; linear ≤ 1,024×)\t{open_large}\t{open_small}\tinstr\t{open_large / open_small}\t1024\t1\n")
    out.write(f"render with a 1 MB invalid stored value selected (its problem in the pane) vs 1 KB (callgrind, whole process; linear ≤ 1,024×)\t{problem_large}\t{problem_small}\tinstr\t{problem_large / problem_small}\t1024\t1\n")
EOF

# --- Memory rows: peak resident memory of a whole process against its input's size. ---------
# GNU time's %M (maximum resident set, KB) of prefs-tui reading a large input; the baseline is
# the input file's size, so the ratio is "times the input" and the goal is ≤ 10×.
say "memory: peak resident memory of import and list on large inputs"
[[ -x /usr/bin/time ]] || fail "GNU time (/usr/bin/time) is needed for the memory rows: apt-get install time"
memory_dir="$work/memory"
mkdir -p "$memory_dir/config"
python3 - "$memory_dir" <<'EOF'
import json, plistlib, sys
folder = sys.argv[1]
# About 15 MB each: one list of 390,000 strings, the same size of small numbers under one key,
# and a suite of 200,000 integer settings (9.7 MB of XML).
json.dump({"favoriteCities": ["City number %d with a long name" % i for i in range(390000)]},
          open(f"{folder}/strings.json", "w"))
open(f"{folder}/numbers.json", "w").write('{"favoriteCities": [' + ",".join(["1"] * 7_499_980) + "]}")
# The hostile review's case (issue 28): 15 MB of numbers under a key no schema describes, whose
# suite would be far over the 32 MB limit; and a list of 1.5 million one-member objects.
open(f"{folder}/untyped-numbers.json", "w").write('{"samples": [' + ",".join(str(i % 1000) for i in range(3_800_000)) + "]}")
with open(f"{folder}/config/bench.memory-200000.plist", "wb") as out:
    plistlib.dump({"key%06d" % i: i for i in range(200000)}, out)
EOF
memory_row() {  # title, input file, goal (× the file), command…: its peak memory (its output and status are not judged)
    local title=$1 input=$2 goal=$3; shift 3
    # Each row starts from the same folder: without the demo suite an earlier import wrote (the
    # 21 MB of strings doubled the next import's peak, measuring that suite, not the file).
    rm -f "$memory_dir/config/com.example.weather.plist"
    XDG_CONFIG_HOME="$memory_dir/config" /usr/bin/time -f "%M" -o "$memory_dir/time" "$@" >/dev/null 2>&1 || true
    python3 -c "import sys; kb, size = int(sys.argv[1]), int(sys.argv[2]); print(f'{sys.argv[3]}\t{kb * 1024}\t{size}\tbytes\t{kb * 1024 / size}\t{sys.argv[4]}\t1')" \
        "$(tail -1 "$memory_dir/time")" "$(stat -c %s "$input")" "$title" "$goal" >>"$rows"
}
memory_row "import of a 15 MB JSON list of 390,000 strings: peak memory vs the file" \
    "$memory_dir/strings.json" 10 "$prefs" import "$memory_dir/strings.json"
memory_row "import of a 15 MB JSON list of 7.5 million numbers (refused): peak memory vs the file" \
    "$memory_dir/numbers.json" 10 "$prefs" import "$memory_dir/numbers.json"
memory_row "import of a 15 MB JSON list of 3.8 million numbers under an undescribed key (refused: over the suite limit): peak memory vs the file" \
    "$memory_dir/untyped-numbers.json" 10 "$prefs" import "$memory_dir/untyped-numbers.json"
memory_row "list of a suite of 200,000 settings: peak memory vs the file" \
    "$memory_dir/config/bench.memory-200000.plist" 8 "$prefs" list --suite bench.memory-200000

# The latency of a watch through swift-configuration (issue 31): from another process's
# committed write to the value in the watching program's `watchString`; the p90 of 200 paced
# writes, against the goal itself (20 ms) as the baseline column.
mkdir -p "$work/watch"
read -r latency_p50 latency_p90 latency_n < <("$bin/watch-latency" "$work/watch" 200) || fail "watch-latency failed"
python3 -c "import sys; p90, n = int(sys.argv[1]), sys.argv[2]; print(f'swift-configuration watchValue: p90 latency after another process writes (p50 {int(sys.argv[3]) / 1e3:.0f} µs) vs the 20 ms goal\t{p90}\t20000000\tns\t{p90 / 20e6}\t1\t{n}')" \
    "$latency_p90" "$latency_n" "$latency_p50" >>"$rows"
fi

# --- The table. -----------------------------------------------------------------------------
# Printed; with UPDATE_DOCS=1 (and every row run) also written into the Performance article, in
# place of what stands between its "## As measured" and "### Earlier runs", with the commit,
# the date and the machine, so the documented table is always one run's output.
table="$work/table.md"
python3 - "$rows" >"$table" <<'EOF' && status=0 || status=$?
import sys
def show(value, unit):
    if unit == "instr":
        return f"{value / 1e6:,.2f} M instr"
    if unit == "instr/byte":
        return f"{value:,.1f} instr/byte"
    if unit == "bytes":
        return f"{value / 1e6:,.1f} MB"
    for limit, name, divisor in [(1e3, "ns", 1), (1e6, "µs", 1e3), (1e9, "ms", 1e6)]:
        if value < limit:
            return f"{value / divisor:,.3g} {name}" if value / divisor < 100 else f"{value / divisor:,.0f} {name}"
    return f"{value / 1e9:,.3g} s"
missed = 0
print("| measure | ours | baseline | ratio | goal | result |")
print("|---|---|---|---|---|---|")
for line in open(sys.argv[1]):
    title, ours, base, unit, ratio, goal, n = line.rstrip("\n").split("\t")
    ok = float(ratio) <= float(goal)
    missed += not ok
    shown = f"{float(ratio):.4f}×" if float(ratio) < 0.1 else f"{float(ratio):.2f}×"
    print(f"| {title} | {show(float(ours), unit)} | {show(float(base), unit)} | {shown} | ≤ {goal}× | {'pass' if ok else 'FAIL'} |")
print(f"\n{missed} row(s) miss their goal.")
sys.exit(1 if missed else 0)
EOF
cat "$table"
if [[ -n ${UPDATE_DOCS:-} ]]; then
    commit=$(git -C "$root" rev-parse --short HEAD)
    dirty=$(git -C "$root" status --porcelain --untracked-files=no | grep -q . && echo " (with uncommitted changes)" || true)
    python3 - "$root/Sources/PrefsModel/PrefsModel.docc/Performance.md" "$table" "$commit$dirty" "$rounds" "$runs" <<'EOF'
import datetime, os, sys
article, table, commit, rounds, runs = sys.argv[1:]
text = open(article).read()
head, rest = text.split("\n## As measured\n", 1)
_, tail = rest.split("\n### Earlier runs\n", 1)
cores = os.cpu_count()
memory = round(os.sysconf("SC_PAGE_SIZE") * os.sysconf("SC_PHYS_PAGES") / 2**30)
when = datetime.date.today().strftime("%-d %B %Y")
body = (f"Written by `UPDATE_DOCS=1 Benchmarks/run.sh` on commit {commit}, {when}: {cores} cores, "
        f"{memory} GiB, release builds as the README installs them, {rounds} rounds of {runs} runs for the "
        f"whole-process rows.\n\n" + open(table).read().rstrip("\n") + "\n")
open(article, "w").write(head + "\n## As measured\n\n" + body + "\n### Earlier runs\n" + tail)
EOF
    say "the table is written into Sources/PrefsModel/PrefsModel.docc/Performance.md"
fi
exit "$status"
