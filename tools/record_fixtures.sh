#!/usr/bin/env bash
# Re-records the engine output that the front-end tests replay
# (tests/python/fixtures).  Real engine, real digests; run after changing
# the record format.
set -euo pipefail
cd "$(dirname "$0")/.."
make -s build/host/hashbench-engine
E=build/host/hashbench-engine
F=tests/python/fixtures
$E list > $F/engine-list.jsonl
$E bench -a crc32,md5,sha256,xxh64 -b 20 -n 7 > $F/engine-bench.jsonl
$E bench -a crc32,xxh64 -s 64,256,1024 -b 10 -n 5 > $F/engine-sweep.jsonl
# `hashbench compare md5`: every implementation of this machine, interleaved
$E bench -a md5 -i all --interleave -b 20 -n 7 > $F/engine-compare.jsonl
# a verification failure: the real sha256 digest record with its digest
# altered, then the error record and no result, as the engine writes them
# for a broken implementation
python3 - "$F" <<'PY'
import json, sys
from pathlib import Path
F = Path(sys.argv[1])
out = []
for line in (F / "engine-bench.jsonl").read_text().splitlines():
    rec = json.loads(line)
    if rec.get("rec") == "digest" and rec["algo"] == "sha256":
        good, rec["digest"] = rec["digest"], "00" + rec["digest"][2:]
        out.append(json.dumps(rec, separators=(",", ":")))
        rec = {"rec": "error", "kind": "verify", "message": "the digest does not match the reference digest",
               "algo": "sha256", "impl": rec["impl"], "size": rec["size"], "digest": rec["digest"],
               "expected": good, "basis": "reference"}
    elif rec.get("rec") == "result" and rec["algo"] == "sha256":
        continue  # never timed: the engine refuses a wrong digest
    if rec.get("rec") == "done":
        rec["failed"] = True
    out.append(json.dumps(rec, separators=(",", ":")))
(F / "engine-bench-mismatch.jsonl").write_text("\n".join(out) + "\n")
PY
echo "recorded fixtures in $F"
