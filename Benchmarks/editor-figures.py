#!/usr/bin/env python3
"""Measures the editor in a real terminal (tmux), with the terminal's output captured by
`pipe-pane`:

  latency  another process's `prefs-tui set` on screen, counted from that process's exit
  idle     wake-ups (context switches of every thread) and CPU time of an idle editor over 60 s
  bytes    bytes sent to the terminal by the first paint, a ↓ within the page and a ↓ that scrolls
  added    a key another program adds to the suite, on screen, counted from the file's rename
  site     an administrator's edit of a site file ($XDG_CONFIG_DIRS), on screen, from its rename
  quit     `q` while a write waits for a lock another process holds, to the editor's exit

Usage: Benchmarks/editor-figures.py [--runs 40] [--idle 60] [--binary PATH]   (after `swift build`)
"""
import argparse, atexit, json, os, select, shutil, statistics, subprocess, tempfile, time

parser = argparse.ArgumentParser()
parser.add_argument("--runs", type=int, default=40)
parser.add_argument("--idle", type=int, default=60)
parser.add_argument("--binary", help="the prefs-tui to measure (default: the debug build)")
args = parser.parse_args()

root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
binary = args.binary or subprocess.check_output(["swift", "build", "--show-bin-path"], cwd=root, text=True).strip() + "/prefs-tui"
work = tempfile.mkdtemp()
socket = f"prefs-figures-{os.getpid()}"
fifo = os.path.join(work, "pane")
os.mkfifo(fifo)

def tmux(*arguments):
    return subprocess.run(["tmux", "-L", socket, *arguments], check=True, capture_output=True, text=True).stdout

def stop():
    """Ends the editor and its tmux server even when a measurement fails part-way
    (kill-session first: tmux 3.3a's kill-server alone can leave the server running)."""
    for command in (["kill-session", "-t", "f"], ["kill-server"]):
        subprocess.run(["tmux", "-L", socket, *command], capture_output=True)
    shutil.rmtree(work, ignore_errors=True)

atexit.register(stop)

site_folder = os.path.join(work, "site")   # the editor's one site folder (XDG_CONFIG_DIRS)
os.mkdir(site_folder)
tmux("new-session", "-d", "-s", "f", "-x", "80", "-y", "24", "-e", f"XDG_CONFIG_HOME={work}", "-e", "LANG=C.UTF-8",
     "-e", f"XDG_CONFIG_DIRS={site_folder}",
     "-e", "NO_COLOR=", "sh", "-c", f"sleep 0.3; exec {binary}")
tmux("pipe-pane", "-t", "f", "-o", f"cat > {fifo}")
pane = os.open(fifo, os.O_RDONLY | os.O_NONBLOCK)

def read_until(text, timeout=5.0):
    """Output bytes until `text` has arrived, and the moment it did."""
    data = b""
    deadline = time.monotonic() + timeout
    while text.encode() not in data:
        ready, _, _ = select.select([pane], [], [], max(0, deadline - time.monotonic()))
        if not ready:
            raise SystemExit(f"timed out waiting for {text!r}")
        data += os.read(pane, 65536)
    return data, time.monotonic()

def quiet(seconds=0.15):
    """Output until the terminal has been quiet for a while (the end of a frame)."""
    data = b""
    while True:
        ready, _, _ = select.select([pane], [], [], seconds)
        if not ready:
            return data
        data += os.read(pane, 65536)

first, _ = read_until("Next refresh")
first += quiet()
print(f"first paint at 80x24: {len(first)} B")
if os.environ.get("SHOW_BYTES"):
    tmux("send-keys", "-t", "f", "Down")
    print(repr(quiet()))
    tmux("send-keys", "-t", "f", "Up")
    quiet()

down_in_page = []
tmux("resize-window", "-t", "f", "-x", "80", "-y", "24")
quiet()
for _ in range(3):
    for index in range(10):
        tmux("send-keys", "-t", "f", "Down")
        down_in_page.append(len(quiet(0.1)))
    tmux("send-keys", "-t", "f", "Home")
    quiet()
def scrolling_downs(session, width, height):
    """Bytes of each ↓ that scrolls (those after the list's last visible row), twice from the top."""
    sizes = []
    tmux("resize-window", "-t", session, "-x", str(width), "-y", str(height))
    quiet()
    for _ in range(2):
        tmux("send-keys", "-t", session, "Home")
        quiet()
        for index in range(height + 12):
            tmux("send-keys", "-t", session, "Down")
            size = len(quiet(0.1))
            if index >= height:
                sizes.append(size)
    return sizes

# The demo fits an 80x24 screen, so the ↓ that scrolls there is measured on the demo's settings
# four times over (48 settings in 16 sections), read from a schema file like any app's.
schema = json.loads(subprocess.check_output([binary, "schema"], env={**os.environ, "XDG_CONFIG_HOME": work}))
schema["sections"] = [{**section, "name": f"{section['name']} {copy}",
                       "settings": [{**setting, "key": f"{setting['key']}{copy}"} for setting in section["settings"]]}
                      for copy in range(1, 5) for section in schema["sections"]]
schema.pop("derived", None)
# Four copies of one setting cannot all claim its old name, nor retire the same names.
schema.pop("retired", None)
for section in schema["sections"]:
    for setting in section["settings"]:
        setting.pop("renamedFrom", None)
schema_file = os.path.join(work, "long.json")
with open(schema_file, "w") as file:
    json.dump(schema, file)
tmux("pipe-pane", "-t", "f")
os.close(pane)
tmux("new-session", "-d", "-s", "long", "-x", "80", "-y", "24", "-e", f"XDG_CONFIG_HOME={work}", "-e", "LANG=C.UTF-8",
     "-e", "NO_COLOR=", "sh", "-c", f"sleep 0.3; exec {binary} --suite long --schema {schema_file}")
tmux("pipe-pane", "-t", "long", "-o", f"cat > {fifo}")
pane = os.open(fifo, os.O_RDONLY | os.O_NONBLOCK)
read_until("Units 1")
quiet()
down_scrolling = scrolling_downs("long", 80, 24)
narrow_scrolling = scrolling_downs("long", 60, 12)
tmux("kill-session", "-t", "long")
os.close(pane)
tmux("pipe-pane", "-t", "f", "-o", f"cat > {fifo}")
pane = os.open(fifo, os.O_RDONLY | os.O_NONBLOCK)
tmux("resize-window", "-t", "f", "-x", "80", "-y", "24")
quiet()
print(f"↓ within the page (80x24, demo): median {statistics.median(down_in_page):.0f} B, max {max(down_in_page)} B")
print(f"↓ that scrolls (80x24, 48 settings): median {statistics.median(down_scrolling):.0f} B, max {max(down_scrolling)} B")
print(f"↓ that scrolls (60x12, no room for the details pane): median {statistics.median(narrow_scrolling):.0f} B, max {max(narrow_scrolling)} B")

latencies = []
for run in range(args.runs):
    # Every character differs from the previous value's, so ncurses sends the whole word.
    city = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"[run % 26] * 8
    subprocess.run([binary, "set", "city", city], env={**os.environ, "XDG_CONFIG_HOME": work}, check=True)
    exited = time.monotonic()
    _, shown = read_until(city)
    latencies.append((shown - exited) * 1000)
    quiet(0.05)
latencies.sort()
p90 = latencies[int(len(latencies) * 0.9) - 1]
print(f"outside change on screen after the setter exits: median {statistics.median(latencies):.1f} ms, "
      f"p90 {p90:.1f} ms, max {latencies[-1]:.1f} ms ({args.runs} runs)")

pid = int(subprocess.check_output(["pgrep", "-f", "-n", f"^{binary}$"], text=True).strip())
def counters():
    """Voluntary context switches by thread (each is a sleep, so the wake-up after it is
    counted), involuntary ones (preemption while awake, not a wake-up), and the CPU ticks used."""
    switches, preempted = {}, {}
    for task in os.listdir(f"/proc/{pid}/task"):
        with open(f"/proc/{pid}/task/{task}/status") as status:
            for line in status:
                if line.startswith("voluntary_ctxt_switches"):
                    switches[task] = int(line.split()[1])
                elif line.startswith("nonvoluntary_ctxt_switches"):
                    preempted[task] = int(line.split()[1])
    with open(f"/proc/{pid}/stat") as stat:
        fields = stat.read().rsplit(")", 1)[1].split()
    return switches, int(fields[11]) + int(fields[12]), preempted
quiet()
before = counters()
output = b""
deadline = time.monotonic() + args.idle
while time.monotonic() < deadline:
    ready, _, _ = select.select([pane], [], [], deadline - time.monotonic())
    if ready:
        output += os.read(pane, 65536)
after = counters()
ticks = os.sysconf("SC_CLK_TCK")
main_thread = str(pid)
woken = sum(after[0][task] - before[0][task] for task in after[0] if task in before[0])
preempted = sum(after[2][task] - before[2][task] for task in after[2] if task in before[2])
print(f"idle {args.idle} s: {after[0][main_thread] - before[0][main_thread]} wake-ups of the loop, {woken} of all threads "
      f"(and {preempted} preemptions while awake), CPU {(after[1] - before[1]) / ticks * 1000:.0f} ms, {len(output)} B sent")

import plistlib

def on_screen_after_rename(label, path, values_for_run, shown_text):
    """Milliseconds from renaming a new version of `path` into place (written whole, as careful
    writers and deploy tools do) to `shown_text` of that version arriving on screen, per run."""
    times = []
    for run in range(min(args.runs, 20)):
        temporary = path + ".figures"
        with open(temporary, "wb") as file:
            plistlib.dump(values_for_run(run), file)
        os.rename(temporary, path)
        renamed = time.monotonic()
        _, shown = read_until(shown_text(run))
        times.append((shown - renamed) * 1000)
        quiet(0.05)
    times.sort()
    print(f"{label} on screen: median {statistics.median(times):.1f} ms, max {times[-1]:.1f} ms ({len(times)} runs)")

# Every character of a name differs from the previous run's, so ncurses sends the whole name.
def name(run, letters="abcdefghijklmnopqrstuvwxyz", length=10):
    return letters[run % 26] * length

# A key another program adds; the editor lists it under "Other keys in this file" (End shows it).
suite_file = os.path.join(work, "com.example.weather.plist")
tmux("send-keys", "-t", "f", "End")
quiet()
def with_added_key(run):
    with open(suite_file, "rb") as file:
        values = plistlib.load(file)
    values[name(run)] = run
    return values
on_screen_after_rename("key added by another program", suite_file, with_added_key, name)

# An administrator's edit of the site file: the user's own city removed first, so the site's shows.
subprocess.run([binary, "reset", "city"], env={**os.environ, "XDG_CONFIG_HOME": work}, check=True)
tmux("send-keys", "-t", "f", "Home")
quiet()
site_city = lambda run: name(run, "ABCDEFGHIJKLMNOPQRSTUVWXYZ", 12)
on_screen_after_rename("site file edited by an administrator", os.path.join(site_folder, "com.example.weather.plist"),
                       lambda run: {"city": site_city(run)}, site_city)

# `q` while the editor's write waits for the suite's lock, held by this script: the editor
# says who holds it (after a second), and q ends it without waiting for the lock's 5 s limit.
import fcntl
lock = open(suite_file + ".lock", "a")
fcntl.flock(lock, fcntl.LOCK_EX)
tmux("send-keys", "-t", "f", "Home", "Down", "Right")
read_until("holds the lock")
quiet(0.05)
asked = time.monotonic()
tmux("send-keys", "-t", "f", "q")
def running(pid):
    """Whether the process is there and not a zombie (ended, not yet reaped by tmux)."""
    try:
        with open(f"/proc/{pid}/stat") as stat:
            return stat.read().rsplit(")", 1)[1].split()[0] != "Z"
    except FileNotFoundError:
        return False
while running(pid):
    time.sleep(0.002)
print(f"q while a write waits for a held lock: the editor ended after {(time.monotonic() - asked) * 1000:.0f} ms")
fcntl.flock(lock, fcntl.LOCK_UN)
