#!/usr/bin/env python3
"""Thousands of sessions through the real claudepm in a tmux pane (issue 14).

Starts a claudepm-server of its own (throwaway data directory, private tmux socket), creates a
project with four file tickets, seeds N running sessions straight into its SQLite store (tmux will
not hold 10,000 panes; the server lists them like any other), then runs `claudepm --url …` in a
private tmux server (120x40) and measures, as a person would see it:

  load    from starting claudepm to the first seeded session being on screen (the list)
  keys    `j`/`k` through `tmux send-keys`, each timed until the selected row (`▶`) changed on
          screen (tmux capture-pane polled); p50/p99 over --keys samples, idle and again while
          four workers move tickets back and forth (each move: one `ticket:state` event to every
          client)
  filter  `/` + a session's name, timed until the list shows that one session
  cpu     claudepm's utime+stime over --idle seconds with nothing happening, as % of one core

Usage: Scripts/measure-scale.py --bin .build-release/release --sessions 10000
"""
import argparse
import http.client
import json
import os
import re
import shutil
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import urllib.parse

CLK_TCK = os.sysconf("SC_CLK_TCK")


def tmux(sock, *args):
    return subprocess.run(["tmux", "-L", sock, "-f", "/dev/null", *args], capture_output=True, text=True,
                          check=True).stdout


def screen(sock):
    return tmux(sock, "capture-pane", "-p", "-t", "ui")


def wait_for(sock, predicate, timeout=120.0):
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        text = screen(sock)
        if predicate(text):
            return text
    raise RuntimeError("timed out; screen:\n" + screen(sock))


def selected(text):
    for line in text.splitlines():
        if line.startswith("▶"):
            return line
    return None


def request(url, method, path, body=None):
    parts = urllib.parse.urlsplit(url)
    conn = http.client.HTTPConnection(parts.hostname, parts.port, timeout=30)
    conn.request(method, path, body=json.dumps(body) if body is not None else None,
                 headers={"Content-Type": "application/json"})
    response = conn.getresponse()
    data = response.read()
    conn.close()
    if response.status >= 300:
        raise RuntimeError(f"{method} {path}: {response.status} {data[:200]!r}")
    return json.loads(data) if data else None


def start_server(binary, root, sock):
    log = open(os.path.join(root, "server.log"), "w")
    process = subprocess.Popen(
        [binary, "--port", "0", "--data-dir", os.path.join(root, "data"), "--tmux-socket", sock, "--command", "sh"],
        stdout=subprocess.PIPE, stderr=log, text=True, env={**os.environ, "HOME": root})
    line = process.stdout.readline()
    url = line[line.index("http"):].strip()
    threading.Thread(target=lambda: [None for _ in process.stdout], daemon=True).start()
    return process, url


def seed(root, url, sock, count):
    repo = os.path.join(root, "repo")
    os.makedirs(os.path.join(repo, "docs/jira-tickets"))
    for n in range(1, 5):
        with open(os.path.join(repo, f"docs/jira-tickets/CSM-00{n}-t{n}.md"), "w") as f:
            f.write(f"# Ticket {n}\n")
    tmux(sock, "new-session", "-d", "-s", "proj", "-x", "100", "-y", "30", "sh")
    project = request(url, "POST", "/api/projects", {"name": "Scale", "repo_path": repo, "tmux_session": "proj"})
    tickets = request(url, "GET", f"/api/projects/{project['id']}/tickets?sync=true")
    db = sqlite3.connect(os.path.join(root, "data", "claudepm.sqlite"), timeout=30)
    db.executemany(
        "INSERT INTO sessions (id, project_id, ticket_id, type, status, source, context_percent, pane_id, "
        "pane_name, created_at, updated_at, host) VALUES (?, ?, NULL, 'adhoc', 'running', 'api', 0, ?, ?, "
        "'2026-01-01 00:00:00.000', '2026-01-01 00:00:00.000', (SELECT host FROM projects WHERE id = ?))",
        [(f"5eed{n:04x}-0000-4000-8000-{n:012d}", project["id"], f"bulk-{n}", f"bulk-{n:05d}", project["id"])
         for n in range(1, count + 1)])
    db.commit()
    db.close()
    data = tickets["data"] if isinstance(tickets, dict) else tickets
    return [t["id"] for t in data]


def cpu_seconds(pid):
    fields = open(f"/proc/{pid}/stat").read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / CLK_TCK


def claudepm_pid(sock):
    shell = int(tmux(sock, "display-message", "-p", "-t", "ui", "#{pane_pid}").strip())
    if open(f"/proc/{shell}/comm").read().strip() == "claudepm":
        return shell
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            stat = open(f"/proc/{entry}/stat").read()
        except OSError:
            continue
        name = stat[stat.index("(") + 1:stat.rindex(")")]
        if name == "claudepm" and int(stat.rsplit(")", 1)[1].split()[1]) == shell:
            return int(entry)
    raise RuntimeError("claudepm not found")


def key_latencies(sock, samples):
    times = []
    for i in range(samples):
        before = selected(screen(sock))
        start = time.monotonic()
        tmux(sock, "send-keys", "-t", "ui", "j" if i % 2 == 0 else "k")
        while selected(screen(sock)) == before:
            if time.monotonic() - start > 30:
                raise RuntimeError("key not answered in 30 s")
        times.append((time.monotonic() - start) * 1000)
    return times


def flood(url, tickets, stop, counter):
    def worker(ticket):
        moves = 0
        while not stop.is_set():
            state = "in_progress" if moves % 2 == 0 else "backlog"
            try:
                request(url, "PATCH", f"/api/tickets/{ticket}", {"state": state})
                moves += 1
            except Exception:
                time.sleep(0.01)
        counter.append(moves)
    threads = [threading.Thread(target=worker, args=(t,), daemon=True) for t in tickets[:4]]
    for t in threads:
        t.start()
    return threads


def percentile(values, p):
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(p / 100 * (len(ordered) - 1))))]


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--bin", required=True, help="directory with claudepm and claudepm-server")
    parser.add_argument("--sessions", type=int, default=10000)
    parser.add_argument("--keys", type=int, default=100)
    parser.add_argument("--idle", type=float, default=30.0)
    args = parser.parse_args()
    binaries = os.path.abspath(args.bin)
    root = tempfile.mkdtemp(prefix="claudepm-scale-")
    server_sock = f"cpm-scale-srv-{os.getpid()}"
    ui_sock = f"cpm-scale-ui-{os.getpid()}"
    server, url = start_server(os.path.join(binaries, "claudepm-server"), root, server_sock)
    try:
        tickets = seed(root, url, server_sock, args.sessions)
        home = os.path.join(root, "home")
        os.makedirs(home)
        env = ["-e", f"HOME={home}", "-e", f"XDG_STATE_HOME={home}/state", "-e", f"XDG_CONFIG_HOME={home}/config",
               "-e", "TERM=xterm-256color", "-e", "LANG=C.UTF-8"]
        start = time.monotonic()
        tmux(ui_sock, "new-session", "-d", "-s", "ui", "-x", "120", "-y", "40", *env,
             os.path.join(binaries, "claudepm"), "--url", url)
        wait_for(ui_sock, lambda s: "bulk-00001" in s and "online" in s)
        load = time.monotonic() - start
        pid = claudepm_pid(ui_sock)
        time.sleep(3)
        cpu0, wall0 = cpu_seconds(pid), time.monotonic()
        time.sleep(args.idle)
        idle_cpu = (cpu_seconds(pid) - cpu0) / (time.monotonic() - wall0) * 100
        idle_keys = key_latencies(ui_sock, args.keys)
        stop, counter = threading.Event(), []
        threads = flood(url, tickets, stop, counter)
        time.sleep(2)
        cpu0, wall0 = cpu_seconds(pid), time.monotonic()
        flood_keys = key_latencies(ui_sock, args.keys)
        flood_cpu = (cpu_seconds(pid) - cpu0) / (time.monotonic() - wall0) * 100
        stop.set()
        for t in threads:
            t.join()
        flood_seconds = time.monotonic() - wall0 + 2
        target = f"bulk-{args.sessions // 2:05d}"
        t0 = time.monotonic()
        tmux(ui_sock, "send-keys", "-t", "ui", "-l", "/" + target)
        wait_for(ui_sock, lambda s: re.findall(r"bulk-\d{5}", "\n".join(
            l for l in s.splitlines() if "●" in l and "│" not in l and "┌" not in l)) == [target])
        filter_ms = (time.monotonic() - t0) * 1000
        print(json.dumps({
            "sessions": args.sessions, "load_s": round(load, 2),
            "idle_cpu_pct": round(idle_cpu, 1), "idle_window_s": args.idle,
            "keys_idle_ms": {"p50": round(statistics.median(idle_keys), 1),
                             "p99": round(percentile(idle_keys, 99), 1), "n": len(idle_keys)},
            "keys_flood_ms": {"p50": round(statistics.median(flood_keys), 1),
                              "p99": round(percentile(flood_keys, 99), 1), "n": len(flood_keys)},
            "flood_events_per_s": round(sum(counter) / flood_seconds, 1), "flood_cpu_pct": round(flood_cpu, 1),
            "filter_ms": round(filter_ms, 1),
        }))
    finally:
        subprocess.run(["tmux", "-L", ui_sock, "kill-server"], capture_output=True)
        server.terminate()
        server.wait(timeout=30)
        subprocess.run(["tmux", "-L", server_sock, "kill-server"], capture_output=True)
        shutil.rmtree(root, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
