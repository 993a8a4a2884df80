#!/usr/bin/env python3
"""Reads a callgrind.out file (Scripts/callgrind-wall) and says where the instructions went.

Self cost is exact. Inclusive cost is a function's self cost plus the cost callgrind booked on
the calls it made: exact for synchronous code (libvterm's feed, a frame's rendering), unreliable
for async Swift functions, whose continuations resume through swift_task_switch (those rows are
left out when they exceed the total or recurse).

Usage: callgrind_profile.py callgrind.out.after [--bytes N] [--top 15] [--callers REGEX]
"""
import argparse
import collections
import os
import re
import subprocess

NAMED = re.compile(r"^(c?(?:fn|ob))=\((\d+)\)(?: (.*))?$")
# Synchronous stages of the client, by demangled name (the same in the builds before and after
# issue 15's frame-path change): the outermost match's inclusive cost and the calls made to it.
STAGES = [
    ("frames drawn", r"RuntimeApp\.render\(now:\)$"),
    ("terminal feed (input guard + libvterm)", r"TerminalScreen\.feed(<A>)?\(_:\)$"),
    ("pty:output fast path", r"PTYOutputFastPath\.(data\(of:\)|decode\(_:\))$"),
    ("ServerMessage.decode (JSONDecoder)", r"^static ServerMessage\.decode\(_:\)$"),
]
# Synchronous stages of claudepm-server (callgrind-wall --count server). The image saves and the
# waiting detector's reads run on the Swift pool; the rest on the control clients' reader threads.
SERVER_STAGES = [
    ("pane output (mirrors, journals, viewers' queues)", r"PaneStreams\.output\(_:_:session:\)$"),
    ("mirror feed (input guard + libvterm)", r"PaneMirror\.feed\(_:at:\)$"),
    ("image saves", r"^PaneStreams\.saveDue\(\)$"),
    ("waiting detector's screen reads", r"PaneMirror\.lines\(history:\)$"),
    ("control-mode parser", r"ControlModeParser\.feed\(_:\)$"),
    ("pty:output encoding", r"PTYOutputEncoder\.message\(_:\)$"),
]


class Profile:
    """Total Ir, self Ir per (object, function), Ir of the calls each function made, call counts."""

    def __init__(self, path):
        self.total = 0
        self.self_cost = collections.Counter()
        self.callee_cost = collections.Counter()
        self.calls = collections.Counter()
        self.edges = collections.Counter()
        self.objects = {}
        self._names = None
        self._read(path)

    def _read(self, path):
        names = {"fn": {}, "ob": {}}
        fn = ob = callee = None
        call_line = False
        with open(path, errors="replace") as f:
            for raw in f:
                line = raw.rstrip("\n")
                if not line:
                    continue
                if line[0].isdigit() or line[0] in "+-*":
                    ir = int(line.split()[1]) if len(line.split()) > 1 else 0
                    if call_line:
                        self.callee_cost[fn] += ir
                        self.edges[(fn, callee)] += ir
                        call_line = False
                    else:
                        self.self_cost[fn] += ir
                    continue
                match = NAMED.match(line)
                if match:
                    kind, ident, name = match.groups()
                    table = names[kind.lstrip("c")]
                    if name:
                        table[ident] = name
                    if kind == "fn":
                        fn = table.get(ident, ident)
                        self.objects.setdefault(fn, ob)
                    elif kind == "ob":
                        ob = table.get(ident, ident)
                    elif kind == "cfn":
                        callee = table.get(ident, ident)
                elif line.startswith("calls="):
                    self.calls[callee] += int(line[6:].split()[0])
                    call_line = True
                elif line.startswith(("summary:", "totals:")):
                    self.total = int(line.split()[1])

    def inclusive(self, fn):
        return self.self_cost[fn] + self.callee_cost[fn]

    def names(self):
        """Every function's demangled name (computed once)."""
        if self._names is None:
            self._names = demangle(sorted(set(self.self_cost) | set(self.callee_cost) | set(self.calls)))
        return self._names

    def stage(self, pattern):
        """(inclusive Ir, calls) of the costliest non-recursive function matching `pattern`."""
        found = [fn for fn, name in self.names().items() if "'" not in fn and re.search(pattern, name)]
        if not found:
            return 0, 0
        fn = max(found, key=self.inclusive)
        return self.inclusive(fn), self.calls[fn]

    def component(self, fn):
        """The Swift module of a mangled name, or else the object file's name."""
        obj = os.path.basename(self.objects.get(fn) or "?")
        match = re.match(r"_?\$s(\d+)", fn)
        if match:
            return fn[match.end():match.end() + int(match.group(1))]
        if fn.startswith(("$ss", "$sS")) and not fn.startswith("$sSo") and not obj.startswith("libswift"):
            return "Swift stdlib, specialized into " + obj
        return obj


def demangle(names):
    text = "\n".join(names)
    result = subprocess.run(["swift", "demangle", "--simplified", "--compact"], input=text, capture_output=True,
                            text=True)
    lines = result.stdout.split("\n") if result.returncode == 0 else []
    return dict(zip(names, lines)) if len(lines) >= len(names) else {n: n for n in names}


def share(ir, total):
    return f"{ir:>16,}  {100 * ir / max(total, 1):5.1f} %"


def summary(profile, top=15, width=110):
    """Lines: self cost by component, top functions by self and by inclusive cost."""
    out = [f"self cost by component (Swift module, or object file), of {profile.total:,} Ir:"]
    by_component = collections.Counter()
    for fn, ir in profile.self_cost.items():
        by_component[profile.component(fn)] += ir
    out += [f"{share(ir, profile.total)}  {name}" for name, ir in by_component.most_common(top)]
    by_self = [fn for fn, _ in profile.self_cost.most_common(top)]
    by_inclusive = []
    for fn in sorted(set(profile.self_cost) | set(profile.callee_cost), key=profile.inclusive, reverse=True):
        cost = profile.inclusive(fn)
        # Wrappers (thunks, partial applies) cost the same as what they wrap: one row per level.
        if cost <= profile.total and "'" not in fn and all(
                abs(cost - profile.inclusive(kept)) > cost / 100 for kept in by_inclusive):
            by_inclusive.append(fn)
        if len(by_inclusive) == top:
            break
    names = profile.names()
    for title, rows, cost in (("self", by_self, profile.self_cost.__getitem__),
                              ("inclusive (synchronous callees)", by_inclusive, profile.inclusive)):
        out.append(f"\ntop {top} functions by {title} cost:")
        for fn in rows:
            label = f"{names.get(fn, fn)}  [{os.path.basename(profile.objects.get(fn) or '?')}]"
            out.append(f"{share(cost(fn), profile.total)}  {label[:width]}")
    return out


def per_byte(profile, replayed):
    """Lines: Ir per byte, with and without the frames drawn, and the stages' shares."""
    frames, _ = profile.stage(STAGES[0][1])
    out = [f"Ir per byte                 {profile.total / replayed:,.1f}",
           f"Ir per byte without frames  {(profile.total - frames) / replayed:,.1f}  (frames follow the clock, "
           "not the bytes)"]
    for label, pattern in STAGES:
        ir, calls = profile.stage(pattern)
        each = f", {ir / max(calls, 1) / 1e6:,.2f} M each" if label == STAGES[0][0] else ""
        out.append(f"{label:<40} {share(ir, profile.total)}  {calls:,} calls{each}, {ir / replayed:,.1f} Ir/byte")
    return out


def server_per_byte(profile, replayed):
    """Lines: claudepm-server's Ir per byte and its stages' shares."""
    out = [f"Ir per byte                 {profile.total / replayed:,.1f}"]
    for label, pattern in SERVER_STAGES:
        ir, calls = profile.stage(pattern)
        out.append(f"{label:<50} {share(ir, profile.total)}  {calls:,} calls, {ir / replayed:,.1f} Ir/byte")
    return out


def callers(profile, pattern, top=15, width=110):
    """Lines: the callers of every function whose demangled name matches `pattern`, by call cost."""
    names = profile.names()
    wanted = {fn for fn, name in names.items() if re.search(pattern, name)}
    edges = collections.Counter()
    for (caller, callee), ir in profile.edges.items():
        if callee in wanted:
            edges[(caller, callee)] += ir
    out = [f"callers of /{pattern}/ ({len(wanted)} functions), by the cost of their calls:"]
    for (caller, callee), ir in edges.most_common(top):
        out.append(f"{share(ir, profile.total)}  {names.get(caller, caller)[:width // 2]} -> "
                   f"{names.get(callee, callee)[:width // 2]}")
    return out


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("profile")
    parser.add_argument("--top", type=int, default=15)
    parser.add_argument("--bytes", type=int, help="bytes replayed in the window: adds the per-byte figures")
    parser.add_argument("--callers", metavar="REGEX", help="list the callers of the matching functions instead")
    args = parser.parse_args()
    profile = Profile(args.profile)
    if args.callers:
        print("\n".join(callers(profile, args.callers, args.top)))
        return
    print(f"Ir                          {profile.total:,}")
    if args.bytes:
        print("\n".join(per_byte(profile, args.bytes)))
    print("\n" + "\n".join(summary(profile, args.top)))


if __name__ == "__main__":
    main()
