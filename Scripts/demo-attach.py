#!/usr/bin/python3
"""Attach to a claudepm-server session with a plain Python `websockets` client and print what the
agent's screen shows. Debian's python3-websockets (Scripts/bootstrap installs it) lives under
/usr/bin/python3, hence the shebang.

    Scripts/demo-attach.py http://127.0.0.1:PORT [SESSION_ID] [--seconds N] [--until REGEX] [--api-key KEY]

Without SESSION_ID the first running session from GET /api/sessions is used. Output is collected
for N seconds, or with --until only until the screen's text matches REGEX. Exit status 0 when
the attach succeeded and the PTY showed text, 1 otherwise."""
import argparse
import asyncio
import json
import re
import sys
import urllib.request

import websockets

ANSI = re.compile(r"\x1b\[[0-9;?<>=!]*[ -/]*[@-~]|\x1b\][^\x07\x1b]*(?:\x07|\x1b\\)|\x1b[()][A-Za-z0-9]|\x1b[=>78cDEHMNOZ]")


def first_running(base, key):
    request = urllib.request.Request(base + "/api/sessions?status=running")
    if key:
        request.add_header("X-API-Key", key)
    with urllib.request.urlopen(request, timeout=10) as reply:
        sessions = json.load(reply)
    if not sessions:
        sys.exit("no running session")
    return sessions[0]["id"]


def screen_text(chunks):
    text = ANSI.sub("\n", "".join(chunks)).replace("\r", "\n")
    lines = [line.rstrip() for line in text.split("\n")]
    return [line for line in lines if len(line.strip()) > 3]


async def attach(base, session_id, seconds, key, until=None):
    url = "ws" + base[len("http"):] + "/" + (f"?apiKey={key}" if key else "")
    async with websockets.connect(url, max_size=2**22) as ws:
        print("<", await ws.recv())
        attach = {"type": "pty:attach", "payload": {"sessionId": session_id, "cols": 100, "rows": 30}}
        print(">", json.dumps(attach))
        await ws.send(json.dumps(attach))
        chunks, attached = [], False
        loop = asyncio.get_running_loop()
        deadline = loop.time() + seconds
        while (remaining := deadline - loop.time()) > 0:
            try:
                message = json.loads(await asyncio.wait_for(ws.recv(), remaining))
            except asyncio.TimeoutError:
                break
            if message["type"] == "pty:output":
                chunks.append(message["payload"]["data"])
                if until and any(until.search(line) for line in screen_text(chunks)):
                    break
            else:
                attached = attached or message["type"] == "pty:attached"
                print("<", json.dumps(message))
        lines = screen_text(chunks)
        print(f"< pty:output x {len(chunks)}, {sum(map(len, chunks))} chars; text seen on the agent's screen:")
        for line in lines[-15:]:
            print("   |", line)
        detach = {"type": "pty:detach", "payload": {"sessionId": session_id}}
        print(">", json.dumps(detach))
        await ws.send(json.dumps(detach))
        for _ in range(50):
            message = json.loads(await asyncio.wait_for(ws.recv(), 10))
            if message["type"] != "pty:output":
                print("<", json.dumps(message))
            if message["type"] == "pty:exit":
                break
        return attached and bool(lines)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("base", help="server URL, e.g. http://127.0.0.1:4847")
    parser.add_argument("session", nargs="?", help="session id (default: the first running one)")
    parser.add_argument("--seconds", type=float, default=4.0, help="how long to collect pty:output")
    parser.add_argument("--until", default=None, help="stop once the screen's text matches this regex")
    parser.add_argument("--api-key", default=None)
    args = parser.parse_args()
    base = args.base.rstrip("/")
    session_id = args.session or first_running(base, args.api_key)
    until = re.compile(args.until) if args.until else None
    ok = asyncio.run(attach(base, session_id, args.seconds, args.api_key, until))
    sys.exit(0 if ok else 1)


if __name__ == "__main__":
    main()
