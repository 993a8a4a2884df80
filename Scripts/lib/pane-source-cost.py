#!/usr/bin/env python3
"""What the tmux server costs to hand nine panes' output to a reader, by source of the bytes.

One tmux server (private socket), one window of 9 tiled panes, each pane writing coloured log
lines at RATE bytes/s. Three ways of reading them, each for WINDOW seconds, CPU from /proc
(utime+stime of the tmux server and of the reader processes):
  (none)   no reader at all, once: the tmux server parsing the panes' output;
  attach   a tmux client attached in a PTY of 200x50 (drained): what a person's tmux costs;
  control  one control-mode client (`tmux -C attach`), its stdout drained: %output of every pane;
  pipe     `pipe-pane -O 'exec cat > FIFO'` on every pane, the FIFOs drained, no client;
  sessions as claudepm-server watches them: 9 more sessions, each one pane of 120x40 writing
           at RATE, one control client each (the window of 9 panes stays, unread, and its
           writers are paused for this mode);
  windows  the same 9 panes of 120x40 as 9 windows of one session, one control client;
  attach9  the 9 sessions of 120x40, each shown by a `tmux attach` client in a PTY of 120x40.
(The tmux attach client itself costs nothing measurable: tmux passes it the terminal and the
server writes to it.) Issue 34 asks the serving side to cost at most what tmux needs to show the
same panes; this says what the tmux server alone costs in each way.

Usage: Scripts/lib/pane-source-cost.py [RATE] [WINDOW] [ROUNDS]
"""
import os, pty, select, subprocess, sys, tempfile, threading, time

RATE = int(sys.argv[1]) if len(sys.argv) > 1 else 65536
WINDOW = float(sys.argv[2]) if len(sys.argv) > 2 else 10.0
ROUNDS = int(sys.argv[3]) if len(sys.argv) > 3 else 2
TICK = os.sysconf("SC_CLK_TCK")
root = tempfile.mkdtemp(prefix="pane-source-")
os.environ["TMUX_TMPDIR"] = root
os.environ.pop("TMUX", None)
SOCK = "src"

WRITER = r'''
import os, sys, time
rate = int(sys.argv[1]); n = 0; due = time.monotonic()
while True:
    chunk = b""
    while len(chunk) < rate // 100:
        n += 1
        chunk += b"\x1b[32m%08d\x1b[0m \x1b[1mINFO\x1b[0m request id=%d path=/api/sessions status=200 \x1b[36m%dms\x1b[0m\r\n" % (n, n * 7, n % 97)
    os.write(1, chunk)
    due += 0.01
    d = due - time.monotonic()
    if d > 0: time.sleep(d)
'''

def tmux(*args):
    return subprocess.run(["tmux", "-L", SOCK, "-f", "/dev/null", *args], capture_output=True, text=True).stdout

def cpu(pid):
    try:
        with open(f"/proc/{pid}/stat") as f:
            fields = f.read().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / TICK
    except OSError:
        return 0.0

def drain(fd, stop):
    while not stop.is_set():
        r, _, _ = select.select([fd], [], [], 0.2)
        if r:
            try:
                if not os.read(fd, 65536): return
            except OSError:
                return

writer = os.path.join(root, "writer.py")
open(writer, "w").write(WRITER)
tmux("new-session", "-d", "-s", "w", "-x", "200", "-y", "50", sys.executable, writer, str(RATE))
for _ in range(8):
    tmux("split-window", "-t", "w", sys.executable, writer, str(RATE))
    tmux("select-layout", "-t", "w", "tiled")
server = int(tmux("display-message", "-p", "#{pid}").strip())
panes = tmux("list-panes", "-t", "w", "-F", "#{pane_id}").split()
pane_pids = [int(p) for p in tmux("list-panes", "-t", "w", "-F", "#{pane_pid}").split()]

def measure(mode):
    stop = threading.Event(); readers = []; threads = []; kept = []  # Popen objects, kept open
    if mode == "attach":
        pid, fd = pty.fork()
        if pid == 0:
            os.environ["TERM"] = "xterm-256color"
            os.execvp("tmux", ["tmux", "-L", SOCK, "-f", "/dev/null", "attach", "-t", "w"])
        import fcntl, struct, termios
        fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", 50, 200, 0, 0))
        readers.append(pid); threads.append(threading.Thread(target=drain, args=(fd, stop)))
    elif mode == "control":
        p = subprocess.Popen(["tmux", "-L", SOCK, "-f", "/dev/null", "-C", "attach", "-t", "w"],
                             stdin=subprocess.PIPE, stdout=subprocess.PIPE)
        kept.append(p)
        readers.append(p.pid); threads.append(threading.Thread(target=drain, args=(p.stdout.fileno(), stop)))
    elif mode == "windows":
        for pid in pane_pids:
            os.kill(pid, 19)  # SIGSTOP
        tmux("new-session", "-d", "-s", "x", "-x", "120", "-y", "40", sys.executable, writer, str(RATE))
        for n in range(8):
            tmux("new-window", "-t", "x", sys.executable, writer, str(RATE))
        p = subprocess.Popen(["tmux", "-L", SOCK, "-f", "/dev/null", "-C", "attach", "-t", "x"],
                             stdin=subprocess.PIPE, stdout=subprocess.PIPE)
        kept.append(p)
        readers.append(p.pid)
        threads.append(threading.Thread(target=drain, args=(p.stdout.fileno(), stop)))
    elif mode == "attach9":
        for pid in pane_pids:
            os.kill(pid, 19)  # SIGSTOP
        import fcntl, struct, termios
        for n in range(9):
            tmux("new-session", "-d", "-s", f"s{n}", "-x", "120", "-y", "40", sys.executable, writer, str(RATE))
            pid, fd = pty.fork()
            if pid == 0:
                os.environ["TERM"] = "xterm-256color"
                os.execvp("tmux", ["tmux", "-L", SOCK, "-f", "/dev/null", "attach", "-t", f"s{n}"])
            fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", 40, 120, 0, 0))
            readers.append(pid)
            threads.append(threading.Thread(target=drain, args=(fd, stop)))
    elif mode == "sessions":
        for pid in pane_pids:
            os.kill(pid, 19)  # SIGSTOP
        for n in range(9):
            tmux("new-session", "-d", "-s", f"s{n}", "-x", "120", "-y", "40", sys.executable, writer, str(RATE))
            p = subprocess.Popen(["tmux", "-L", SOCK, "-f", "/dev/null", "-C", "attach", "-t", f"s{n}"],
                                 stdin=subprocess.PIPE, stdout=subprocess.PIPE)
            kept.append(p)
            readers.append(p.pid)
            threads.append(threading.Thread(target=drain, args=(p.stdout.fileno(), stop)))
    else:
        for n, pane in enumerate(panes):
            fifo = os.path.join(root, f"fifo{n}")
            if not os.path.exists(fifo): os.mkfifo(fifo)
            fd = os.open(fifo, os.O_RDONLY | os.O_NONBLOCK)
            threads.append(threading.Thread(target=drain, args=(fd, stop)))
            tmux("pipe-pane", "-O", "-t", pane, f"exec cat > {fifo}")
        time.sleep(0.5)
        for line in subprocess.run(["pgrep", "-P", str(server), "-x", "cat"], capture_output=True, text=True).stdout.split():
            readers.append(int(line))
    for t in threads: t.start()
    time.sleep(2)
    s0, r0, t0 = cpu(server), sum(cpu(p) for p in readers), time.monotonic()
    time.sleep(WINDOW)
    s1, r1, t1 = cpu(server), sum(cpu(p) for p in readers), time.monotonic()
    if mode == "pipe":
        for pane in panes: tmux("pipe-pane", "-t", pane)
    elif mode in ("sessions", "windows", "attach9"):
        for p in readers:
            try: os.kill(p, 15)
            except OSError: pass
        for n in range(9): tmux("kill-session", "-t", f"s{n}")
        tmux("kill-session", "-t", "x")
        for pid in pane_pids:
            os.kill(pid, 18)  # SIGCONT
    else:
        for p in readers:
            try: os.kill(p, 15)
            except OSError: pass
    stop.set()
    for t in threads: t.join()
    for p in kept: p.wait()
    dt = t1 - t0
    print(f"  ({mode}: {len(readers)} reader processes)", flush=True)
    return 100 * (s1 - s0) / dt, 100 * (r1 - r0) / dt

time.sleep(2)
base0 = cpu(server); time.sleep(WINDOW); idle = 100 * (cpu(server) - base0) / WINDOW
print(f"9 panes x {RATE} B/s; tmux server with no reader: {idle:.1f} % of a core")
for r in range(ROUNDS):
    for mode in ("attach", "control", "pipe", "sessions", "windows", "attach9"):
        srv, rd = measure(mode)
        print(f"round {r + 1} {mode:8s} tmux server {srv:5.1f} %  readers {rd:5.1f} %  together {srv + rd:5.1f} %", flush=True)
tmux("kill-server")
