#!/usr/bin/env bash
# Coverage-guided fuzzing (libFuzzer, with AddressSanitizer) of every parser and decoder.
#
#   Fuzz/run.sh [--seconds N] [--fresh] [--build-only] [target...]
#
# Targets (Fuzz/Targets/<name>.swift): plist-xml plist-binary json suite-file editor-input
# plain-lines; none named: all of them. Each is built into .build-fuzz/ and run for N seconds
# (default 60) with -max_total_time=N -timeout=10 -rss_limit_mb=2048. The committed seed corpus
# Fuzz/Corpus/<name>/ is read only (libFuzzer's second corpus folder); new inputs go to
# .build-fuzz/corpus/<name>/, kept between runs unless --fresh. A crash, a hang (an input that
# runs over 10 s), a memory blow-up or a broken invariant ("fuzz invariant broken") leaves its
# reproducer in .build-fuzz/crashes/<name>/; rerun one with `.build-fuzz/bin/<name> FILE`.
# The exit status is non-zero if any target failed to build, crashed or hung; each is named,
# with its reproducer and the head of its report.
#
# How it builds: libFuzzer needs every instrumented object built with -sanitize=fuzzer, so the
# package's modules are compiled here with swiftc (not SwiftPM): PrefsModel, PrefsDemo and the
# pure part of PrefsEditor (see editor_sources) each once, as static libraries with
# -enable-testing, so that the entry files reach internal API with `@testable import`; then each
# entry file, with Fuzz/Support/*.swift, is linked against them (swiftc links libFuzzer itself).
# -O for speed, with -assert-config Debug so that the standard library's debug checks (bounds of
# Unsafe*BufferPointer subscripts, which -O alone drops) and `assert` stay on; overflow checks are
# on as in every build but -Ounchecked. Needs only the Swift toolchain (its lld and
# llvm-symbolizer are used when present). Builds are skipped when nothing they use changed.
set -uo pipefail
cd "$(dirname "$0")/.."
root=$PWD

all_targets=(plist-xml plist-binary json suite-file editor-input plain-lines)
seconds=60
fresh=0
build_only=0
targets=()
while [ $# -gt 0 ]; do
    case $1 in
        --seconds) seconds=${2:?--seconds needs a number}; shift 2 ;;
        --seconds=*) seconds=${1#--seconds=}; shift ;;
        --fresh) fresh=1; shift ;;
        --build-only) build_only=1; shift ;;
        -h|--help) sed -n '2,14p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
        -*) echo "unknown option $1" >&2; exit 2 ;;
        *) targets+=("$1"); shift ;;
    esac
done
[[ $seconds =~ ^[0-9]+$ ]] && [ "$seconds" -gt 0 ] || { echo "--seconds needs a whole number above 0" >&2; exit 2; }
[ ${#targets[@]} -gt 0 ] || targets=("${all_targets[@]}")
for target in "${targets[@]}"; do
    [ -f "Fuzz/Targets/$target.swift" ] || { echo "no such target: $target (have: ${all_targets[*]})" >&2; exit 2; }
done

swiftc=${SWIFTC:-swiftc}
command -v "$swiftc" >/dev/null || { echo "swiftc not found (set SWIFTC)" >&2; exit 2; }
toolchain_bin=$(dirname "$(readlink -f "$(command -v "$swiftc")")")
out=$root/.build-fuzz
mkdir -p "$out/lib" "$out/bin" "$out/logs" "$out/stamps"

common=(-sanitize=fuzzer,address -swift-version 6 -O -assert-config Debug -g -parse-as-library
        -package-name prefs_tui -I "$out/lib")
link=()
[ -x "$toolchain_bin/ld.lld" ] && link=(-use-ld=lld)
if [ -x "$toolchain_bin/llvm-symbolizer" ]; then
    export ASAN_SYMBOLIZER_PATH=$toolchain_bin/llvm-symbolizer
fi

# The sources of the editor without its terminal: everything in Sources/PrefsEditor but
# Terminal/ (ncurses and the terminal guard, which need a terminal and C modules), any other file
# importing those C modules, and the files that open a terminal session (PreferencesEditor's
# run, EditorCancellation's wake-up pipe, the public Harness extending PreferencesEditor).
editor_sources() {
    find Sources/PrefsEditor -name '*.swift' -not -path '*/Terminal/*' | sort | while read -r file; do
        grep -qE '^import (CNcurses|CTerminalGuard)' "$file" && continue
        grep -qE '\b(TerminalDevice|EditorSession|NcursesTerminal|WakeUpSignal)\b' "$file" && continue
        grep -qE '^(public |package )?extension PreferencesEditor\b' "$file" && continue
        echo "$file"
    done
}

# Whether the build of $1 is up to date: a hash of its command and every input file.
stamp_of() {
    local name=$1; shift
    { printf '%s\n' "$@"; for file in "$@"; do [ -f "$file" ] && cat "$file"; done; } | sha256sum | cut -d' ' -f1
}
up_to_date() {
    local name=$1 stamp=$2 product=$3
    [ -f "$product" ] && [ -f "$out/stamps/$name" ] && [ "$(cat "$out/stamps/$name")" = "$stamp" ]
}

failures=()
fail() { failures+=("$1"); echo "FAILED: $1" >&2; }

# Builds a module as a static library: name, then its sources.
build_library() {
    local name=$1; shift
    local product=$out/lib/lib$name.a
    local command=("$swiftc" "${common[@]}" -enable-testing -module-name "$name" -emit-library -static
                   -emit-module -emit-module-path "$out/lib/$name.swiftmodule" -wmo -num-threads 2 "$@" -o "$product")
    local stamp
    stamp=$(stamp_of "$name" "${command[@]}" "$out/stamps/deps-$name")
    if up_to_date "$name" "$stamp" "$product"; then return 0; fi
    echo "=== building $name ($# files)"
    echo "${command[*]}" > "$out/logs/build-$name.command"
    if ! "${command[@]}" > "$out/logs/build-$name.log" 2>&1; then
        grep -E 'error:' "$out/logs/build-$name.log" | head -20 >&2
        rm -f "$out/stamps/$name"
        return 1
    fi
    echo "$stamp" > "$out/stamps/$name"
}

# Library dependencies: a library is rebuilt when one it imports was.
deps_stamp() { cat "$out/stamps/$1" 2>/dev/null > "$out/stamps/deps-$2" || : > "$out/stamps/deps-$2"; }

needs_editor=0
for target in "${targets[@]}"; do
    case $target in editor-input|plain-lines) needs_editor=1 ;; esac
done

libraries_ok=1
: > "$out/stamps/deps-PrefsModel"
mapfile -t model_sources < <(find Sources/PrefsModel -name '*.swift' | sort)
build_library PrefsModel "${model_sources[@]}" || { fail "build of PrefsModel (log: $out/logs/build-PrefsModel.log)"; libraries_ok=0; }
if [ $needs_editor = 1 ] && [ $libraries_ok = 1 ]; then
    deps_stamp PrefsModel PrefsDemo
    mapfile -t demo_sources < <(find Sources/PrefsDemo -name '*.swift' | sort)
    build_library PrefsDemo "${demo_sources[@]}" || { fail "build of PrefsDemo (log: $out/logs/build-PrefsDemo.log)"; libraries_ok=0; }
    deps_stamp PrefsModel PrefsEditor
    mapfile -t editor_files < <(editor_sources)
    build_library PrefsEditor "${editor_files[@]}" || { fail "build of PrefsEditor (log: $out/logs/build-PrefsEditor.log)"; libraries_ok=0; }
fi

# Builds one target's executable.
build_target() {
    local target=$1
    local product=$out/bin/$target
    local libraries=(-lPrefsModel)
    case $target in editor-input|plain-lines) libraries=(-lPrefsEditor -lPrefsDemo -lPrefsModel) ;; esac
    mapfile -t support < <(find Fuzz/Support -name '*.swift' | sort)
    local command=("$swiftc" "${common[@]}" "${link[@]}" -module-name "Fuzz_${target//-/_}" -L "$out/lib" "${libraries[@]}"
                   "Fuzz/Targets/$target.swift" "${support[@]}" -o "$product")
    local stamp
    stamp=$(stamp_of "$target" "${command[@]}" "$out/stamps/PrefsModel" "$out/stamps/PrefsDemo" "$out/stamps/PrefsEditor")
    if up_to_date "bin-$target" "$stamp" "$product"; then return 0; fi
    echo "=== building $target"
    echo "${command[*]}" > "$out/logs/build-$target.command"
    if ! "${command[@]}" > "$out/logs/build-$target.log" 2>&1; then
        grep -E 'error:' "$out/logs/build-$target.log" | head -20 >&2
        rm -f "$out/stamps/bin-$target"
        return 1
    fi
    echo "$stamp" > "$out/stamps/bin-$target"
}

built=()
if [ $libraries_ok = 1 ]; then
    for target in "${targets[@]}"; do
        if build_target "$target"; then built+=("$target"); else fail "$target: build failed (log: $out/logs/build-$target.log)"; fi
    done
fi

if [ $build_only = 1 ]; then
    [ ${#failures[@]} -eq 0 ] && exit 0
    exit 1
fi

# Runs one target. libFuzzer exits non-zero on a crash, a timeout (-timeout: one input over 10
# s), an out-of-memory (-rss_limit_mb) or a leak; a whole run that does not end is stopped by
# `timeout` and reported as a hang too.
summary=()
for target in "${built[@]}"; do
    corpus=$out/corpus/$target
    crashes=$out/crashes/$target
    [ $fresh = 1 ] && rm -rf "$corpus"
    mkdir -p "$corpus" "$crashes"
    seeds=()
    [ -d "Fuzz/Corpus/$target" ] && seeds=("$root/Fuzz/Corpus/$target")
    dict=()
    [ -f "Fuzz/Dictionaries/$target.dict" ] && dict=(-dict="$root/Fuzz/Dictionaries/$target.dict")
    log=$out/logs/$target.log
    echo "=== fuzzing $target for ${seconds}s (log: $log)"
    before=$(ls "$crashes" | wc -l)
    # The Swift runtime's backtracer would take over the crash signals and print its own report
    # (and under ASan it was seen to hang); libFuzzer's handler writes the reproducer.
    SWIFT_BACKTRACE=enable=no ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=0:abort_on_error=0:handle_abort=1} \
        timeout --kill-after=30 $((seconds + 300)) \
        "$out/bin/$target" -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 -print_final_stats=1 \
        -artifact_prefix="$crashes/" "${dict[@]}" "$corpus" "${seeds[@]}" > "$log" 2>&1
    status=$?
    stats=$(grep -E '^#[0-9]+.*(DONE|pulse|NEW|REDUCE)' "$log" | tail -1)
    execs=$(grep -E '^stat::average_exec_per_sec' "$log" | awk '{print $2}')
    cov=$(echo "$stats" | grep -oE 'cov: [0-9]+' | awk '{print $2}')
    summary+=("$target: exit $status, ${execs:-?} exec/s, cov ${cov:-?}")
    if [ $status -ne 0 ]; then
        reproducer=$(grep -oE '(Test unit written to|artifact_prefix.*Test unit written to) [^ ]+' "$log" | tail -1 | awk '{print $NF}')
        [ -z "$reproducer" ] && [ "$(ls "$crashes" | wc -l)" -gt "$before" ] && reproducer=$crashes/$(ls -t "$crashes" | head -1)
        if [ $status -eq 124 ] || [ $status -eq 137 ]; then
            fail "$target: the run did not end (hang); log: $log"
        else
            kind=$(grep -m1 -oE 'ERROR: (libFuzzer|AddressSanitizer): [a-zA-Z-]+|fuzz invariant broken|Fatal error|ALARM: working on the last Unit' "$log" || echo "exit $status")
            fail "$target: $kind; reproducer: ${reproducer:-none written}; log: $log"
            grep -m1 -E 'Fatal error|fuzz invariant broken|ERROR: AddressSanitizer|ERROR: libFuzzer|ALARM' "$log" | cut -c1-400 >&2
            grep -E '^ +#[0-9]+ 0x[0-9a-f]+ in ' "$log" | grep -vE 'in (__sanitizer|fuzzer::|__asan|__interceptor|\$ss17_assertionFailure|\$ss10fatalError|\$ss18_fatalErrorMessage|abort|raise|gsignal|__libc)' | head -6 | sed 's/^/    /' >&2
        fi
    fi
done

echo
echo "=== summary"
printf '%s\n' "${summary[@]}"
if [ ${#failures[@]} -gt 0 ]; then
    echo
    echo "failures:"
    printf '  %s\n' "${failures[@]}"
    exit 1
fi
echo "no crashes, hangs or build failures"
