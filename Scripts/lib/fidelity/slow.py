#!/usr/bin/python3
"""Writes a file to the terminal in small pieces over about two seconds (seeded, so a run is
repeatable; pieces split escape sequences and UTF-8 wherever they fall), then becomes `cat` so the
pane stays: the fidelity harness's mid-output mode attaches a viewer while this prints."""
import os
import random
import sys
import time

data = open(sys.argv[1], "rb").read()
os.unlink(sys.argv[1])
pieces = random.Random(len(data))
step = max(1, len(data) // 150)
i = 0
while i < len(data):
    n = pieces.randint(1, 2 * step)
    os.write(1, data[i:i + n])
    i += n
    time.sleep(0.012)
os.execvp("cat", ["cat"])
