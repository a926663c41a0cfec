#!/usr/bin/env bash
# Regenerates the PNGs in this folder from real runs of the editor in tmux.
# Needs: tmux, python3 with Pillow (pip install pillow), the DejaVu fonts (fonts-dejavu-core).
# Usage: screenshots/make-screenshots.sh   (from anywhere; builds prefs-tui first)
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(dirname "$here")"
(cd "$root" && swift build --product prefs-tui >/dev/null)
binary="$(cd "$root" && swift build --show-bin-path)/prefs-tui"
socket="prefs-screenshots-$$"
work="$(mktemp -d)"
# kill-session before kill-server: tmux 3.3a's kill-server alone can leave the server running.
stop_tmux() { tmux -L "$socket" kill-session -t shot 2>/dev/null || true; tmux -L "$socket" kill-server 2>/dev/null || true; }
trap 'stop_tmux; rm -rf "$work"' EXIT

# Waits (up to 10 s) until the pane shows the text.
wait_for() {
    for _ in $(seq 1 200); do
        tmux -L "$socket" capture-pane -t shot -p | grep -qF -- "$1" && return 0
        sleep 0.05
    done
    echo "timed out waiting for: $1" >&2
    tmux -L "$socket" capture-pane -t shot -p >&2
    return 1
}

# shot NAME WIDTH HEIGHT WAIT_TEXT [ENV=VALUE…] -- KEYS…
# Starts the editor on a suite with a few user values, sends KEYS (tmux names; "lit:TEXT" types
# text), waits for WAIT_TEXT and saves NAME.png.
shot() {
    local name=$1 width=$2 height=$3 wait=$4
    shift 4
    local env_args=(-e NO_COLOR= -e LANG=C.UTF-8 -e "XDG_CONFIG_HOME=$work/$name")
    while [ $# -gt 0 ] && [ "$1" != "--" ]; do env_args+=(-e "$1"); shift; done
    shift
    mkdir -p "$work/$name"
    XDG_CONFIG_HOME="$work/$name" "$binary" set temperatureNotation fahrenheit
    XDG_CONFIG_HOME="$work/$name" "$binary" set city Bergen
    XDG_CONFIG_HOME="$work/$name" "$binary" set favoriteCities Bergen Tromsø Ålesund
    if declare -F "setup_${name//-/_}" >/dev/null; then "setup_${name//-/_}" "$work/$name/com.example.weather.plist"; fi
    tmux -L "$socket" new-session -d -s shot -x "$width" -y "$height" "${env_args[@]}" "$binary"
    wait_for "Weather ·"
    for key in "$@"; do
        if [[ $key == lit:* ]]; then tmux -L "$socket" send-keys -t shot -l "${key#lit:}"
        else tmux -L "$socket" send-keys -t shot "$key"; fi
    done
    wait_for "$wait"
    # -N keeps the blanks at the end of a row: an open field's background ends a row.
    tmux -L "$socket" capture-pane -t shot -p -e -N > "$work/$name.ansi"
    python3 "$here/ansi_to_png.py" "$work/$name.ansi" "$here/$name.png" "$width" "$height"
    stop_tmux
    echo "screenshots/$name.png"
}

# Keys another program stored in the demo's suite, which the demo's schema does not describe.
setup_other_keys() {
    python3 - "$1" <<'PY'
import plistlib, sys, datetime
path = sys.argv[1]
with open(path, "rb") as f: values = plistlib.load(f)
values.update({"legacyMode": True, "windowFrame": "{{0, 0}, {1280, 800}}", "launchCount": 42,
               "installedAt": datetime.datetime(2026, 3, 1, 8, 0, 0)})
with open(path, "wb") as f: plistlib.dump(values, f)
PY
}

shot main 100 30 "Saved showFeelsLike = false" -- Down Down Down Down Down Down Space Up Up Up Up Up Up
shot choice-list 100 30 "› Fahrenheit" -- Enter
shot validation-error 100 30 "is not allowed" -- / lit:refresh Enter Enter C-u lit:7 Enter
shot list-editor 100 30 "Favourite cities (3)" -- Tab Down Enter
shot help 100 30 "undo the last change" -- "?"
shot no-color 100 30 "Live preview" NO_COLOR=1 -- Down
shot small-80x24 80 24 "Live preview" --
shot details-60x20 60 20 "(default)" -- Tab Tab Down Down Down i
shot other-keys 100 30 "Not described by the schema" -- End Up
