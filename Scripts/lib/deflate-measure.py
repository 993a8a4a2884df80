#!/usr/bin/env python3
"""What permessage-deflate would save and cost on claudepm traffic: the flood file cut into
pty:output JSON frames, and a sessions list. Usage: deflate-measure.py FLOOD_FILE"""
import json, zlib, time, sys, resource
data = open(sys.argv[1],'rb').read()
# pty:output frames as the server sends them: JSON text with the bytes as a string, ~16 KiB chunks
frames=[]
for i in range(0, len(data), 16384):
    chunk = data[i:i+16384].decode('utf-8','replace')
    frames.append(json.dumps({"type":"pty:output","payload":{"sessionId":"s1","data":chunk}}).encode())
raw = sum(len(f) for f in frames)
def run(level):
    c = zlib.compressobj(level, zlib.DEFLATED, -15)
    out = 0
    t0 = time.process_time()
    for f in frames:
        out += len(c.compress(f)) + len(c.flush(zlib.Z_SYNC_FLUSH)) - 4
    t = time.process_time() - t0
    d = zlib.decompressobj(-15)
    return out, t
for level in (1, 6):
    out, t = run(level)
    print(f"level {level}: {raw/1e6:.1f} MB of pty:output JSON -> {out/1e6:.2f} MB (ratio {raw/out:.1f}x); deflate CPU {t:.2f} s = {raw/1e6/t:.0f} MB/s per core")
# event socket: a sessions list
sessions=[{"id":f"sess-{i:05d}","name":f"agent-{i}","projectId":"p1","status":"active","waiting":i%7==0,"contextPercent":i%100,"cwd":f"/home/u/src/proj{i%13}","createdAt":"2026-11-25T10:00:00Z"} for i in range(2000)]
msg=json.dumps({"type":"sessions","payload":sessions}).encode()
c=zlib.compressobj(6, zlib.DEFLATED, -15); out=len(c.compress(msg))+len(c.flush(zlib.Z_SYNC_FLUSH))-4
print(f"event JSON, 2000 session records: {len(msg)/1e3:.0f} KB -> {out/1e3:.0f} KB (ratio {len(msg)/out:.1f}x)")
