#!/usr/bin/env python3
"""One wall tile's fixed replay for Scripts/callgrind-wall (issue 15).

Runs in a tile session's pane: clears the pane and prints CG-READY-<tag>, waits until the GO file
exists, then writes DATA to the pane in CHUNK-byte writes at RATE bytes per second (one write
every CHUNK/RATE seconds, on a fixed schedule), then CG-END-<tag>, then waits to be killed. The
markers are put together here, so the command line typed into the pane (still on screen) never
shows them.

Usage: callgrind-replay.py GO DATA TAG RATE CHUNK
"""
import os
import sys
import time


def write_all(data):
    view = memoryview(data)
    while view:
        view = view[os.write(1, view):]


def main():
    go, data_path, tag, rate, chunk = sys.argv[1], sys.argv[2], sys.argv[3], int(sys.argv[4]), int(sys.argv[5])
    with open(data_path, "rb") as f:
        data = f.read()
    write_all(b"\x1b[H\x1b[2J" + b"CG-" + b"READY-" + tag.encode() + b"\r\n")
    while not os.path.exists(go):
        time.sleep(0.05)
    due = time.monotonic()
    for start in range(0, len(data), chunk):
        write_all(data[start:start + chunk])
        due += chunk / rate
        wait = due - time.monotonic()
        if wait > 0:
            time.sleep(wait)
    write_all(b"\x1b[0m\r\n" + b"CG-" + b"END-" + tag.encode() + b"\r\n")
    while True:
        time.sleep(3600)


if __name__ == "__main__":
    main()
