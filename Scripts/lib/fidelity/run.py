#!/usr/bin/python3
"""Fidelity harness: runs each corpus program in a pane of a claudepm demo server's tmux (the
inner tmux), attaches to it with the real claudepm running in an outer tmux, and compares what
the two tmux servers hold for the same screen cell by cell: characters and every attribute.
Prints text % and attribute % per case.

    Scripts/fidelity [--quick] [--depth truecolor|256|8] [--require-text] [--require-attrs] [--bin DIR]

Exit status 1 when a required figure is under 100 % for any case (or the harness itself fails).
The attribute figure counts every style key; where corpus.IGNORED names keys for a case (only
SGR 58, the underline colour, in sgr-attributes) the figure without them is shown too, and that
is the one --require-attrs checks."""
import argparse
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
import urllib.request

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import cells  # noqa: E402
import corpus  # noqa: E402

COLS, ROWS = 100, 31  # the attach view: 100 x 30 body plus the status line


def wait_for(condition, timeout, interval=0.1):
    end = time.time() + timeout
    while time.time() < end:
        value = condition()
        if value:
            return value
        time.sleep(interval)
    return condition()


class World:
    def __init__(self, bindir, depth):
        self.dir = tempfile.mkdtemp(prefix="claudepm-fidelity-")
        self.env = dict(os.environ, HOME=self.dir, LANG="C.UTF-8", TMPDIR=self.dir,
                        TMUX_TMPDIR=os.path.join(self.dir, "tmux"), XDG_CONFIG_HOME=self.dir + "/config",
                        XDG_STATE_HOME=self.dir + "/state", XDG_CACHE_HOME=self.dir + "/cache",
                        XDG_DATA_HOME=self.dir + "/data")
        self.env.pop("TMUX", None)
        self.env.pop("NO_COLOR", None)
        os.makedirs(self.env["TMUX_TMPDIR"], exist_ok=True)
        self.bindir = bindir
        self.depth = depth
        self.outer = "fidelity-outer"
        self.server = None

    def start_server(self):
        """A plain claudepm-server (no demo agents: nothing else draws banners) on a private tmux
        server holding one session, `fidelity`, and a project on it."""
        self.inner = "fidelity-inner-%d" % os.getpid()
        self.tmux(self.inner, "-f", "/dev/null", "new-session", "-d", "-s", "fidelity", "-x", str(COLS),
                  "-y", str(ROWS - 1), "sleep", "86400")
        log = open(os.path.join(self.dir, "server.log"), "w")
        self.server = subprocess.Popen(
            [os.path.join(self.bindir, "claudepm-server"), "--port", "0", "--tmux-socket", self.inner,
             "--data-dir", os.path.join(self.dir, "data")],
            env=self.env, stdout=log, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL)
        def url():
            text = open(os.path.join(self.dir, "server.log")).read()
            m = re.search(r"listening on (\S+)\n", text)
            return m.group(1) if m else None
        self.url = wait_for(url, 90)
        if self.url and "://" not in self.url:
            self.url = "http://" + self.url
        if not self.url:
            raise SystemExit("fidelity: the server did not start:\n" + open(os.path.join(self.dir, "server.log")).read())
        self.project = self.rest("POST", "/api/projects", {"name": "fidelity", "repo_path": self.dir,
                                                           "tmux_session": "fidelity"})["id"]

    def tmux(self, socket, *args, check=True):
        result = subprocess.run(["tmux", "-L", socket, *args], env=self.env, capture_output=True, text=True)
        if check and result.returncode != 0:
            raise RuntimeError("tmux %s: %s" % (" ".join(args), result.stderr.strip()))
        return result.stdout

    def rest(self, method, path, body=None):
        data = json.dumps(body).encode() if body is not None else None
        request = urllib.request.Request(self.url + path, data=data, method=method,
                                         headers={"Content-Type": "application/json"})
        with urllib.request.urlopen(request, timeout=15) as reply:
            return json.load(reply)

    def add_cases(self, cases):
        panes = {}
        for name, _, command in cases:
            program = command if command.startswith("exec ") else command + "; exec cat"
            pane = self.tmux(self.inner, "new-window", "-d", "-P", "-F", "#{pane_id}", "-t", "=fidelity:",
                             "/bin/sh", "-c", program).strip()
            panes[pane] = name
        self.rest("POST", "/api/sessions/discover", {"project_id": self.project})
        for session in self.rest("GET", "/api/sessions"):
            if session["pane_id"] in panes:
                name = panes[session["pane_id"]]
                self.rest("PATCH", "/api/sessions/%s/rename" % session["id"], {"name": "fid-" + name})
        return {name: pane for pane, name in panes.items()}

    def start_ui(self):
        term = {"truecolor": "TERM=xterm-256color COLORTERM=truecolor", "256": "TERM=xterm-256color",
                "8": "TERM=xterm"}[self.depth]
        command = "env -u COLORTERM %s %s --url %s; echo fidelity-exit=$?; sleep 3600" % (
            term, os.path.join(self.bindir, "claudepm"), self.url)
        self.tmux(self.outer, "-f", "/dev/null", "new-session", "-d", "-x", str(COLS), "-y", str(ROWS), command)

    def screen(self):
        return self.tmux(self.outer, "capture-pane", "-p", check=False)

    def select(self, label):
        """Moves the list selection onto the row naming `label` (j/k; from the top when the row
        is not in view)."""
        previous = None
        for _ in range(120):
            screen = self.screen()
            lines = screen.split("\n")
            rows = [i for i, l in enumerate(lines) if "●" in l and "┌" not in l and "│" not in l]
            target = next((i for i in rows if label in lines[i]), None)
            current = next((i for i in rows if lines[i].startswith("▶")), None)
            if target is not None and target == current:
                return True
            if current is None:
                time.sleep(0.3)
                continue
            if target is None:
                keys = ["g", "g"] if screen == previous else ["j"]
            else:
                keys = ["j" if target > current else "k"]
            previous = screen
            self.tmux(self.outer, "send-keys", *keys)
            wait_for(lambda: self.screen() != screen, 1, 0.05)
        return False

    def stop(self):
        self.tmux(self.outer, "kill-server", check=False)
        if self.server:
            self.server.terminate()
            try:
                self.server.wait(15)
            except subprocess.TimeoutExpired:
                self.server.kill()
        self.tmux(getattr(self, "inner", "none"), "kill-server", check=False)
        shutil.rmtree(self.dir, ignore_errors=True)


def stable(read, polls=3, interval=0.25, timeout=15):
    """Waits until `read()` gives the same value `polls` times in a row; returns it."""
    last, same, end = None, 0, time.time() + timeout
    while time.time() < end:
        value = read()
        same = same + 1 if value == last else 0
        last = value
        if same >= polls - 1:
            return value
        time.sleep(interval)
    return last


def measure(world, name, pane):
    ignored = corpus.IGNORED.get(name, ())
    for attempt in range(3):
        if not world.select("fid-" + name):
            return None, "not listed"
        world.tmux(world.outer, "send-keys", "Enter")
        if not wait_for(lambda: "C-] detach" in world.screen(), 20):
            return None, "did not attach"
        # The status line names the attached session: make sure it is this case's.
        if wait_for(lambda: "fid-" + name in world.screen().rstrip("\n").split("\n")[-1], 5):
            break
        world.tmux(world.outer, "send-keys", "C-]")
        wait_for(lambda: "SESSION" in world.screen(), 10)
    else:
        return None, "attached another session"
    size = "%d %d" % (COLS, ROWS - 1)
    wait_for(lambda: world.tmux(world.inner, "display", "-p", "-t", pane, "#{pane_width} #{pane_height}").strip() == size, 10)
    for _ in range(5):
        inner = stable(lambda: world.tmux(world.inner, "capture-pane", "-p", "-e", "-N", "-t", pane))
        outer = stable(lambda: world.tmux(world.outer, "capture-pane", "-p", "-e", "-N"))
        reference = cells.parse(inner, ROWS - 1)
        shown = cells.parse(outer, ROWS - 1)
        result = cells.compare(reference, shown, ignored)
        if result[0] == result[2] and result[1] == result[2]:
            break
        time.sleep(0.5)
    world.tmux(world.outer, "send-keys", "C-]")
    wait_for(lambda: "SESSION" in world.screen(), 10)
    if os.environ.get("FIDELITY_VERBOSE") and result[1] < result[2]:
        sys.stderr.write("== %s: tmux\n%s\n== claudepm\n%s\n" % (name, inner, outer))
    complete = cells.compare(reference, shown)
    return result + (complete[1],), cells.first_difference(reference, shown, ignored)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--quick", action="store_true")
    parser.add_argument("--depth", default="truecolor", choices=["truecolor", "256", "8"])
    parser.add_argument("--require-text", action="store_true")
    parser.add_argument("--require-attrs", action="store_true")
    parser.add_argument("--bin", default=os.path.join(os.path.dirname(__file__), "..", "..", "..", ".build", "debug"))
    parser.add_argument("--only", default="")
    args = parser.parse_args()
    cases = [c for c in corpus.CASES if (c[1] or not args.quick) and (not args.only or c[0] in args.only.split(","))]
    world = World(os.path.abspath(args.bin), args.depth)
    failed = False
    try:
        world.start_server()
        panes = world.add_cases(cases)
        world.start_ui()
        if not wait_for(lambda: all(("fid-" + c[0]) in world.screen() or True for c in cases) and "online" in world.screen(), 60):
            raise SystemExit("fidelity: the UI did not come up:\n" + world.screen())
        wait_for(lambda: "fid-" in world.screen(), 60)
        print("| case | text % | attributes % | first difference |")
        print("| --- | --- | --- | --- |")
        for name, _, _ in cases:
            result, difference = measure(world, name, panes[name])
            if result is None:
                print("| %s | – | – | %s |" % (name, difference))
                failed = True
                continue
            text, attrs, total, all_attrs = result
            tp = 100.0 * text / total if total else 100.0
            ap = 100.0 * attrs / total if total else 100.0
            shown = "%.1f" % (100.0 * all_attrs / total if total else 100.0)
            if attrs != all_attrs:
                shown += " (%.1f without %s)" % (ap, "/".join(sorted(corpus.IGNORED[name])))
            print("| %s | %.1f | %s | %s |" % (name, tp, shown, difference.replace("|", "\\|")[:160]))
            sys.stdout.flush()
            if (args.require_text and text < total) or (args.require_attrs and attrs < total):
                failed = True
    finally:
        world.stop()
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
