#!/usr/bin/env bash
# Coverage-guided fuzzing (libFuzzer, with AddressSanitizer) of every parser and decoder.
#
#   Fuzz/run.sh [--seconds N] [--fresh] [--build-only] [target...]
#
# Targets (Fuzz/Targets/<name>.swift): plist-xml plist-binary json suite-file editor-input
# plain-lines compiled-schema; none named: all of them. Each is built into .build-fuzz/ and run for N seconds
# (default 60) with -max_total_time=N -timeout=10 -rss_limit_mb=2048, in libFuzzer's fork mode
# so that one crash does not end the search for others. The committed seed corpus
# Fuzz/Corpus/<name>/ is read only (libFuzzer's second corpus folder); new inputs go to
# .build-fuzz/corpus/<name>/, kept between runs unless --fresh. Fuzz/Dictionaries/<name>.dict is
# used when present. A crash, a hang (an input that runs over 10 s), a memory blow-up or a broken
# invariant ("fuzz invariant broken") leaves its reproducer in .build-fuzz/crashes/<name>/;
# rerun one with `.build-fuzz/bin/<name> FILE`. The exit status is non-zero if any target failed
# to build, crashed or hung; each is named, with its reproducer and the head of its report.
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

all_targets=(plist-xml plist-binary json suite-file editor-input plain-lines compiled-schema)
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
        -h|--help) sed -n '2,15p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
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

# The sources are built from a snapshot taken now (swiftc stops when a file changes during its
# build, as it does while someone edits); traces name the files in the checkout all the same.
snapshot=$out/src
rm -rf "$snapshot"
mkdir -p "$snapshot"
cp -R Sources Fuzz "$snapshot/"
common=(-sanitize=fuzzer,address -swift-version 6 -O -assert-config Debug -g -parse-as-library
        -package-name prefs_tui -I "$out/lib" -file-prefix-map "$snapshot=$root")
link=()
[ -x "$toolchain_bin/ld.lld" ] && link=(-use-ld=lld)
if [ -x "$toolchain_bin/llvm-symbolizer" ]; then
    export ASAN_SYMBOLIZER_PATH=$toolchain_bin/llvm-symbolizer
fi

# The sources of the editor without its terminal: the layers below Terminal/ and the public API
# (Core, Input, Screen, Runtime, Plain), which build alone (EditorLayerTests checks that they do).
editor_sources() {
    for layer in Core Input Screen Runtime Plain; do
        find "Sources/PrefsEditor/$layer" -name '*.swift'
    done | sort
}

# A build's stamp: a hash of its command ($1, as text) and of its input files (the rest). Only
# inputs: hashing every file the command names took in its own output (the library, its module,
# the executable), so a second run found every stamp changed and rebuilt everything.
stamp_of() {
    local command=$1; shift
    { printf '%s\n' "$command"; for file in "$@"; do [ -f "$file" ] && cat "$file"; done; } | sha256sum | cut -d' ' -f1
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
    stamp=$(stamp_of "${command[*]}" "$@" "$out/stamps/deps-$name")
    if up_to_date "$name" "$stamp" "$product"; then return 0; fi
    echo "=== building $name ($# files)"
    echo "${command[*]}" > "$out/logs/build-$name.command"
    # A static library is an archive that a build adds members to: without this, the objects of
    # files since moved or removed stayed in it and were linked in (with symbols of a module
    # that no longer declares them).
    rm -f "$product"
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

cd "$snapshot"
libraries_ok=1
: > "$out/stamps/deps-PrefsFormats"
mapfile -t formats_sources < <(find Sources/PrefsFormats -name '*.swift' | sort)
build_library PrefsFormats "${formats_sources[@]}" || { fail "build of PrefsFormats (log: $out/logs/build-PrefsFormats.log)"; libraries_ok=0; }
deps_stamp PrefsFormats PrefsModel
mapfile -t model_sources < <(find Sources/PrefsModel -name '*.swift' | sort)
if [ $libraries_ok = 1 ]; then
    build_library PrefsModel "${model_sources[@]}" || { fail "build of PrefsModel (log: $out/logs/build-PrefsModel.log)"; libraries_ok=0; }
fi
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
    local libraries=(-lPrefsModel -lPrefsFormats)
    case $target in editor-input|plain-lines) libraries=(-lPrefsEditor -lPrefsDemo -lPrefsModel -lPrefsFormats) ;; esac
    mapfile -t support < <(find Fuzz/Support -maxdepth 1 -name '*.swift' | sort)
    case $target in editor-input|plain-lines) mapfile -t -O ${#support[@]} support < <(find Fuzz/Support/Editor -name '*.swift' | sort) ;; esac
    local command=("$swiftc" "${common[@]}" "${link[@]}" -module-name "Fuzz_${target//-/_}" -L "$out/lib" "${libraries[@]}"
                   "Fuzz/Targets/$target.swift" "${support[@]}" -o "$product")
    local stamp
    stamp=$(stamp_of "${command[*]}" "Fuzz/Targets/$target.swift" "${support[@]}" \
        "$out/stamps/PrefsFormats" "$out/stamps/PrefsModel" "$out/stamps/PrefsDemo" "$out/stamps/PrefsEditor")
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

cd "$root"

if [ $build_only = 1 ]; then
    [ ${#failures[@]} -eq 0 ] && exit 0
    exit 1
fi

# The head of a reproducer's report: the message and the first frames outside the runtime and
# the sanitizers, demangled, with their file:line.
report_head() {
    local log=$1
    grep -m1 -E 'Fatal error|fuzz invariant broken|ERROR: (AddressSanitizer|LeakSanitizer|libFuzzer)|ALARM|out-of-memory|Precondition failed|Assertion failed' "$log" | cut -c1-300
    grep -E '^ +#[0-9]+ 0x[0-9a-f]+ in ' "$log" \
        | grep -vE ' in (__sanitizer|__asan|__interceptor|__lsan|fuzzer::|LLVMFuzzerTestOneInput|main|_start|__libc|abort|raise|gsignal|pthread_kill)|/libswiftCore\.so|/libc\.so|\$ss(17_assertionFailure|10fatalError|18_fatalErrorMessage)|fuzzCheck' \
        | head -6 | sed -E 's/^ +#[0-9]+ 0x[0-9a-f]+ in //' \
        | { if [ -x "$toolchain_bin/swift-demangle" ]; then "$toolchain_bin/swift-demangle" --simplified; else cat; fi } \
        | sed 's/^/    at /'
}

# Runs each target in libFuzzer's fork mode, which keeps fuzzing after a crash, a timeout (one
# input over -timeout seconds: a hang) or an out-of-memory, and writes each reproducer to
# .build-fuzz/crashes/<target>/; every reproducer written by this run is then run once more on
# its own for its report (.build-fuzz/crashes/<target>/<file>.log). A whole run that does not end
# is stopped by `timeout` and reported as a hang too.
summary=()
for target in "${built[@]}"; do
    corpus=$out/corpus/$target
    crashes=$out/crashes/$target
    [ $fresh = 1 ] && rm -rf "$corpus"
    mkdir -p "$corpus" "$crashes"
    seeds=()
    [ -d "Fuzz/Corpus/$target" ] && seeds=("$root/Fuzz/Corpus/$target")
    extra=()
    [ -f "Fuzz/Dictionaries/$target.dict" ] && extra=(-dict="$root/Fuzz/Dictionaries/$target.dict")
    # An editor script renders a frame per opcode: shorter scripts, more of them.
    [ "$target" = editor-input ] && extra+=(-max_len=2048)
    log=$out/logs/$target.log
    marker=$out/logs/$target.started
    touch "$marker"
    sleep 1  # mtimes have one-second resolution on some file systems
    echo "=== fuzzing $target for ${seconds}s (log: $log)"
    # The Swift runtime's backtracer would take over the crash signals and print its own report
    # (and under ASan it was seen to hang); libFuzzer's handler writes the reproducer. Leak
    # checking is off: the Swift runtime's one-time caches read as leaks; a real leak grows the
    # memory until -rss_limit_mb stops the run.
    SWIFT_BACKTRACE=enable=no ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=0} \
        timeout --kill-after=30 $((seconds + 300)) \
        "$out/bin/$target" -fork=1 -ignore_crashes=1 -ignore_timeouts=1 -ignore_ooms=1 -detect_leaks=0 \
        -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 -artifact_prefix="$crashes/" \
        "${extra[@]}" "$corpus" "${seeds[@]}" > "$log" 2>&1
    status=$?
    stats=$(grep -E '^#[0-9]+: cov: ' "$log" | tail -1)
    execs=$(echo "$stats" | grep -oE 'exec/s: [0-9]+' | awk '{print $2}')
    cov=$(echo "$stats" | grep -oE 'cov: [0-9]+' | awk '{print $2}')
    runs=$(echo "$stats" | grep -oE '^#[0-9]+' | tr -d '#')
    mapfile -t found < <(find "$crashes" -maxdepth 1 -type f -newer "$marker" -not -name '*.log' | sort)
    summary+=("$target: ${runs:-?} runs, ${execs:-?} exec/s, cov ${cov:-?}, ${#found[@]} reproducer(s)")
    if [ $status -eq 124 ] || [ $status -eq 137 ]; then
        fail "$target: the run did not end within $((seconds + 300))s (hang); log: $log"
    elif [ $status -ne 0 ] && [ ${#found[@]} -eq 0 ]; then
        fail "$target: libFuzzer exited with status $status and wrote no reproducer; log: $log"
    fi
    for reproducer in "${found[@]}"; do
        SWIFT_BACKTRACE=enable=no ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=0} timeout --kill-after=10 120 \
            "$out/bin/$target" -runs=1 -timeout=10 -rss_limit_mb=2048 -detect_leaks=0 "$reproducer" > "$reproducer.log" 2>&1
        kind=$(basename "$reproducer" | cut -d- -f1)
        fail "$target: $kind, reproducer $reproducer (report: $reproducer.log)"
        report_head "$reproducer.log" >&2
    done
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
