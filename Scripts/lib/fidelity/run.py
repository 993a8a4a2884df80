#!/usr/bin/python3
"""Fidelity harness: each corpus program runs in a pane of the user's tmux (the inner tmux) that
a claudepm-server watches; the real claudepm, in an outer tmux, attaches to it; and what a person
sees of each (world.World.seen: a read-only tmux client drawing it into a viewer pane) is compared
cell by cell, characters and every attribute. Prints text % and attribute % per case and mode.

    Scripts/fidelity [--mode before|reconnect|midoutput|unwatched|all] [--quick]
                     [--depth truecolor|256|8] [--require-text] [--require-attrs] [--only a,b] [--bin DIR]

Modes (each in a world of its own):
  before     every program draws, and finishes, before claudepm starts: the first look
  reconnect  claudepm is attached when the server restarts; the view after the re-snapshot
  midoutput  claudepm attaches while the program is still printing
  unwatched  the programs drew before the server ran at all (its seed comes from tmux; not gated:
             docs/terminal.md says what a seed from tmux cannot carry)
  all        before, reconnect and midoutput, one table

At 256 and 8 colours the reference's colours are first mapped to the nearest palette entry.
Exit status 1 when a required figure is under 100 % for any case of a gated mode (or the harness
itself fails). Where corpus.IGNORED names keys for a case the attribute figure without them is
shown too, and that is the one --require-attrs checks."""
import argparse
import math
import os
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import cells  # noqa: E402
import corpus  # noqa: E402
from world import COLS, ROWS, World, stable, wait_for  # noqa: E402

GATED = ("before", "reconnect", "midoutput")


def drawn(world, case):
    """Waits until the case's program has drawn (its ready text, its keys, its done text, then a
    stable screen) and freezes it when it redraws on its own."""
    capture = lambda: world.tmux(world.inner, "capture-pane", "-p", "-t", world.panes[case.name])
    if case.ready:
        wait_for(lambda: case.ready in capture(), 30)
    if case.keys:
        world.tmux(world.inner, "send-keys", "-t", world.panes[case.name], *case.keys)
    if case.done:
        wait_for(lambda: case.done in capture(), 30)
    if case.live:
        time.sleep(1.0)  # a process viewer's first screen fills in over its first update
        world.freeze(case.name)
    if not case.program:
        wait_for(lambda: world.tmux(world.inner, "display", "-p", "-t", world.panes[case.name],
                                    "#{pane_current_command}").strip() == "cat", 30)
    stable(capture)


def compare(world, case, depth):
    """(text, attrs, cells, attrs counting every key, first difference): the two sides read until
    they agree or stop changing."""
    ignored = corpus.IGNORED.get(case.name, ())
    result = None
    for _ in range(6):
        reference = cells.degrade(cells.parse(world.seen("inner", case.name), ROWS), depth)
        shown = cells.parse(world.seen("outer"), ROWS)
        result = cells.compare(reference, shown, ignored)
        if result[0] == result[2] and result[1] == result[2]:
            break
        time.sleep(0.5)
    if os.environ.get("FIDELITY_VERBOSE") and result[1] < result[2]:
        sys.stderr.write("== %s: tmux\n%s\n== claudepm\n%s\n" % (
            case.name, world.seen("inner", case.name), world.seen("outer")))
    complete = cells.compare(reference, shown)
    return result + (complete[1], cells.first_difference(reference, shown, ignored))


def open_case(world, case):
    """Selects the case's row and attaches; false (with a reason) when it cannot."""
    for _ in range(3):
        if not world.select("fid-" + case.name):
            return "not listed"
        if world.attach(case.name):
            size = "%d %d" % (COLS, ROWS)
            wait_for(lambda: world.pane_size(case.name) == size, 10)
            return None
        world.detach()
    return "did not attach"


def draw_all(world, cases):
    """Every case's program starts and finishes drawing."""
    for case in cases:
        world.go(case.name)
    for case in cases:
        drawn(world, case)


def measure_before(world, cases, depth):
    draw_all(world, cases)
    yield from measure_drawn(world, cases, depth)


def measure_reconnect(world, cases, depth):
    draw_all(world, cases)
    start_ui(world)
    for case in cases:
        def after_restart():
            world.stop_server()
            world.start_server()
            # Back online and attached to the case again: the screen is the new server's snapshot.
            if not wait_for(lambda: "fid-" + case.name in world.status_line() and "online" in world.status_line(), 60):
                return None
            return compare(world, case, depth)
        yield case, attached(world, case, after_restart)


def measure_midoutput(world, cases, depth):
    start_ui(world)
    for case in cases:
        if not world.select("fid-" + case.name):
            yield case, (None, "not listed")
            continue
        world.go(case.name)
        if not world.attach(case.name):
            world.detach()
            yield case, (None, "did not attach")
            continue
        drawn(world, case)
        result = compare(world, case, depth)
        world.detach()
        yield case, (result, None)


def attached(world, case, read):
    problem = open_case(world, case)
    if problem:
        return None, problem
    result = read()
    world.detach()
    return (result, None) if result else (None, "did not come back after the restart")


def start_ui(world):
    world.start_ui()
    if not wait_for(lambda: "online" in world.screen() and "fid-" in world.screen(), 90):
        raise SystemExit("fidelity: the UI did not come up:\n" + world.screen())


def run_mode(mode, cases, args):
    """{case name: (result or None, problem)} for one mode, in a world of its own."""
    world = World(os.path.abspath(args.bin), args.depth)
    results = {}
    try:
        world.start_inner()
        for case in cases:
            case.slow = mode == "midoutput"
        world.add_cases(cases)
        if mode == "unwatched":
            draw_all(world, cases)
        world.start_server()
        world.create_project()
        world.discover()
        measure = {"before": measure_before, "reconnect": measure_reconnect, "midoutput": measure_midoutput,
                   "unwatched": measure_drawn}[mode]
        for case, (result, problem) in measure(world, cases, args.depth):
            results[case.name] = (result, problem)
            sys.stderr.write("fidelity: %s %s %s\n" % (mode, case.name, figure(case, result) if result else problem))
    finally:
        world.stop()
    return results


def measure_drawn(world, cases, depth):
    """Opens claudepm on the drawn cases and compares each."""
    start_ui(world)
    for case in cases:
        yield case, attached(world, case, lambda: compare(world, case, depth))


def percent(part, total):
    """One decimal, rounded down: 100.0 only when every cell matches."""
    return "%.1f" % (math.floor(1000.0 * part / total) / 10.0 if total else 100.0)


def figure(case, result):
    text, attrs, total, all_attrs, _ = result
    shown = percent(all_attrs, total)
    if attrs != all_attrs:
        shown += " (%s without %s)" % (percent(attrs, total), "/".join(sorted(corpus.IGNORED[case.name])))
    return "%s | %s" % (percent(text, total), shown)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--mode", default="before", choices=list(GATED) + ["unwatched", "all"])
    parser.add_argument("--quick", action="store_true")
    parser.add_argument("--depth", default="truecolor", choices=["truecolor", "256", "8"])
    parser.add_argument("--require-text", action="store_true")
    parser.add_argument("--require-attrs", action="store_true")
    parser.add_argument("--bin", default=os.path.join(os.path.dirname(__file__), "..", "..", "..", ".build", "debug"))
    parser.add_argument("--only", default="")
    args = parser.parse_args()
    cases = [c for c in corpus.CASES if (c.quick or not args.quick) and (not args.only or c.name in args.only.split(","))]
    modes = list(GATED) if args.mode == "all" else [args.mode]
    table = {mode: run_mode(mode, cases, args) for mode in modes}
    print("| case | " + " | ".join("%s text %% | %s attributes %%" % (m, m) for m in modes) + " | first difference |")
    print("| --- " * (1 + 2 * len(modes)) + "| --- |")
    failed = False
    for case in cases:
        columns, differences = [], []
        for mode in modes:
            result, problem = table[mode].get(case.name, (None, "not run"))
            if result is None:
                columns.append("– | –")
                differences.append("%s: %s" % (mode, problem))
                failed = failed or mode in GATED
                continue
            columns.append(figure(case, result))
            text, attrs, total, _, difference = result
            if difference:
                differences.append("%s: %s" % (mode, difference))
            if mode in GATED and ((args.require_text and text < total) or (args.require_attrs and attrs < total)):
                failed = True
        print("| %s | %s | %s |" % (case.name, " | ".join(columns), "; ".join(differences).replace("|", "\\|")[:200]))
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
