"""The harness's world: three tmux servers of its own and a claudepm-server.

- inner: the user's tmux: one session, `fidelity`, a window per case (each waits on a `wait-for`
  channel before its program starts, so the harness chooses when it draws);
- outer: the person's terminal, where the real `claudepm` runs;
- viewer: where each side is *seen*. A read-only, size-ignoring tmux client draws the screen into
  a viewer pane, as it would draw it on a person's terminal, with TERM=tmux-256color, which has no
  `bce`: the client paints an erase's background with spaces, so `capture-pane` of the viewer
  pane holds every cell a person sees, backgrounds past a line's last character too (a capture
  of the inner pane itself omits them, and so would a comparison of two such captures).
"""
import json
import os
import re
import shutil
import signal
import subprocess
import tempfile
import time
import urllib.request

COLS, ROWS = 100, 30  # the attach view's body; claudepm's screen has one more row (its status line)
HERE = os.path.dirname(os.path.abspath(__file__))


def wait_for(condition, timeout, interval=0.1):
    end = time.time() + timeout
    while time.time() < end:
        value = condition()
        if value:
            return value
        time.sleep(interval)
    return condition()


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


class World:
    def __init__(self, bindir, depth):
        self.dir = tempfile.mkdtemp(prefix="claudepm-fidelity-")
        self.env = dict(os.environ, HOME=self.dir, LANG="C.UTF-8", TMPDIR=self.dir,
                        TMUX_TMPDIR=os.path.join(self.dir, "tmux"), XDG_CONFIG_HOME=self.dir + "/config",
                        XDG_STATE_HOME=self.dir + "/state", XDG_CACHE_HOME=self.dir + "/cache",
                        XDG_DATA_HOME=self.dir + "/data")
        for name in ("TMUX", "NO_COLOR", "COLORTERM"):
            self.env.pop(name, None)
        os.makedirs(self.env["TMUX_TMPDIR"], exist_ok=True)
        self.bindir = bindir
        self.depth = depth
        self.inner = "fidelity-inner"
        self.outer = "fidelity-outer"
        self.viewer = "fidelity-viewer"
        self.server = None
        self.port = 0
        self.panes = {}
        self.config = {}
        for name, lines in (("inner", ["set -g default-terminal xterm-256color", "set -g history-limit 2000",
                                       "set-environment -g COLORTERM truecolor"]),
                            ("outer", ["set -g status off"]),
                            # The viewer server outlives its panes: each look kills its pane, and
                            # the next look's new-session raced a server exiting when empty
                            # ("server exited unexpectedly").
                            ("viewer", ["set -g status off", "set -g history-limit 0",
                                        "set -s exit-empty off"])):
            path = os.path.join(self.dir, name + ".conf")
            with open(path, "w") as f:
                f.write("\n".join(lines) + "\n")
            self.config[name] = path

    # tmux and REST

    def tmux(self, socket, *args, check=True):
        result = subprocess.run(["tmux", "-L", socket, *args], env=self.env, capture_output=True, text=True)
        if check and result.returncode != 0:
            raise RuntimeError("tmux %s: %s" % (" ".join(args), result.stderr.strip()))
        return result.stdout

    def rest(self, method, path, body=None, raw=False):
        data = json.dumps(body).encode() if body is not None else None
        request = urllib.request.Request(self.url + path, data=data, method=method,
                                         headers={"Content-Type": "application/json"})
        with urllib.request.urlopen(request, timeout=15) as reply:
            return reply.read().decode() if raw else json.load(reply)

    # the user's tmux and the server

    def start_inner(self):
        self.tmux(self.inner, "-f", self.config["inner"], "new-session", "-d", "-s", "fidelity",
                  "-x", str(COLS), "-y", str(ROWS), "sleep", "86400")

    def start_server(self):
        """claudepm-server (no demo agents: nothing else draws banners) on the inner tmux, on the
        port it had before when restarted."""
        log_path = os.path.join(self.dir, "server.log")
        log = open(log_path, "w")
        self.server = subprocess.Popen(
            [os.path.join(self.bindir, "claudepm-server"), "--port", str(self.port), "--tmux-socket", self.inner,
             "--data-dir", os.path.join(self.dir, "data")],
            env=self.env, stdout=log, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL)

        def url():
            m = re.search(r"listening on (\S+)\n", open(log_path).read())
            return m.group(1) if m else None
        found = wait_for(url, 90)
        if not found:
            raise SystemExit("fidelity: the server did not start:\n" + open(log_path).read())
        self.url = found if "://" in found else "http://" + found
        self.port = int(self.url.rsplit(":", 1)[1].strip("/"))

    def stop_server(self):
        if self.server:
            self.server.send_signal(signal.SIGTERM)
            try:
                self.server.wait(30)
            except subprocess.TimeoutExpired:
                self.server.kill()
                self.server.wait()
            self.server = None

    def create_project(self):
        self.project = self.rest("POST", "/api/projects", {"name": "fidelity", "repo_path": self.dir,
                                                           "tmux_session": "fidelity"})["id"]

    def mirrors_ready(self):
        text = self.rest("GET", "/api/metrics", raw=True)
        m = re.search(r"^claudepm_pane_mirrors (\d+)", text, re.M)
        return int(m.group(1)) if m else 0

    def add_cases(self, cases):
        """A window per case; its program waits for `go(name)`. Then discovered, renamed
        `fid-NAME`, and mirrored by the server before this returns (when the server runs)."""
        for case in cases:
            pane = self.tmux(self.inner, "new-window", "-d", "-P", "-F", "#{pane_id}", "-t", "=fidelity:",
                             "/bin/sh", "-c", "tmux wait-for go-%s; %s" % (case.name, case.shell())).strip()
            self.panes[case.name] = pane

    def discover(self):
        self.rest("POST", "/api/sessions/discover", {"project_id": self.project})
        names = {pane: name for name, pane in self.panes.items()}
        for session in self.rest("GET", "/api/sessions"):
            if session["pane_id"] in names:
                self.rest("PATCH", "/api/sessions/%s/rename" % session["id"], {"name": "fid-" + names[session["pane_id"]]})
        if not wait_for(lambda: self.mirrors_ready() >= len(self.panes), 60):
            raise SystemExit("fidelity: the server mirrors %d of %d panes" % (self.mirrors_ready(), len(self.panes)))

    def go(self, name):
        self.tmux(self.inner, "wait-for", "-S", "go-" + name)

    def program_pid(self, name):
        """The case's program: the pane's shell's child (or the shell once it exec'd)."""
        shell = self.tmux(self.inner, "display", "-p", "-t", self.panes[name], "#{pane_pid}").strip()
        children = subprocess.run(["pgrep", "-P", shell], capture_output=True, text=True).stdout.split()
        return [int(p) for p in children] or [int(shell)]

    def freeze(self, name, stop=True):
        """Stops (or lets go on) a live program so both sides can be read at one moment."""
        for pid in self.program_pid(name):
            try:
                os.kill(pid, signal.SIGSTOP if stop else signal.SIGCONT)
            except ProcessLookupError:
                pass

    def pane_size(self, name):
        return self.tmux(self.inner, "display", "-p", "-t", self.panes[name], "#{pane_width} #{pane_height}").strip()

    # the person's terminal

    def start_ui(self):
        term = {"truecolor": "TERM=xterm-256color COLORTERM=truecolor", "256": "TERM=xterm-256color",
                "8": "TERM=xterm"}[self.depth]
        command = "env -u COLORTERM %s %s --url %s; echo fidelity-exit=$?; sleep 3600" % (
            term, os.path.join(self.bindir, "claudepm"), self.url)
        self.tmux(self.outer, "-f", self.config["outer"], "new-session", "-d", "-s", "ui", "-x", str(COLS),
                  "-y", str(ROWS + 1), command)

    def screen(self):
        return self.tmux(self.outer, "capture-pane", "-p", "-t", "=ui:", check=False)

    def keys(self, *keys):
        self.tmux(self.outer, "send-keys", "-t", "=ui:", *keys)

    def status_line(self):
        return self.screen().rstrip("\n").split("\n")[-1]

    def select(self, label):
        """Moves the list selection onto the row naming `label` (j/k; from the top when the row
        is not in view)."""
        previous = None
        for _ in range(120):
            screen = self.screen()
            lines = screen.split("\n")
            rows = [i for i, line in enumerate(lines) if "●" in line and "┌" not in line and "│" not in line]
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
            self.keys(*keys)
            wait_for(lambda: self.screen() != screen, 1, 0.05)
        return False

    def attach(self, name):
        """Enter on the case's row; true once the attach view shows that session."""
        self.keys("Enter")
        return wait_for(lambda: "C-] detach" in self.screen() and "fid-" + name in self.status_line(), 20)

    def detach(self):
        self.keys("C-]")
        wait_for(lambda: "SESSION" in self.screen(), 10)

    # seeing

    def seen(self, side, name=None):
        """What a person sees of one side, as `capture-pane -p -e -N` of a viewer pane that a
        read-only tmux client draws: `inner` (the case's pane in the user's tmux) or `outer`
        (claudepm's screen). The first ROWS rows are the screen compared."""
        if side == "inner":
            # The session's current window is the one a client draws. (A grouped session of its
            # own per case crashed tmux 3.3a now and then: a segfault as the next one was made.)
            self.tmux(self.inner, "select-window", "-t", "=fidelity:" + self.window_of(name))
            socket, target, rows = self.inner, "fidelity", ROWS + 1
        else:
            socket, target, rows = self.outer, "ui", ROWS + 1
        drawer = "exec env -u TMUX TERM=tmux-256color tmux -T RGB,256,strikethrough,overline,usstyle -L %s attach -f read-only,ignore-size -t =%s" % (
            socket, target)
        pane = self.tmux(self.viewer, "-f", self.config["viewer"], "new-session", "-d", "-P", "-F", "#{pane_id}",
                         "-x", str(COLS), "-y", str(rows), drawer).strip()
        try:
            return stable(lambda: self.tmux(self.viewer, "capture-pane", "-p", "-e", "-N", "-t", pane), polls=4)
        finally:
            self.tmux(self.viewer, "kill-pane", "-t", pane, check=False)

    def window_of(self, name):
        return self.tmux(self.inner, "display", "-p", "-t", self.panes[name], "#{window_id}").strip()

    def stop(self):
        for socket in (self.outer, self.viewer):
            self.tmux(socket, "kill-server", check=False)
        self.stop_server()
        self.tmux(self.inner, "kill-server", check=False)
        shutil.rmtree(self.dir, ignore_errors=True)
