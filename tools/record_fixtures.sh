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
# --meter cycles: the calibration kernel around every sample (clock_ticks)
$E bench -a crc32,md5,sha256,xxh64 -b 20 -n 7 -c -l 1000 > $F/engine-bench-cycles.jsonl
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
# `hashbench run --meter sim`: the engine in region mode under Callgrind, as
# hashbench.meters.callgrind runs it; the part Callgrind dumps at exit (the
# program's tail, which no result reads) is cut to its header and totals
if command -v valgrind >/dev/null; then
    .venv/bin/python - "$F" "$E" <<'PY'
import subprocess, sys
from pathlib import Path
from hashbench.meters import callgrind
F, E = Path(sys.argv[1]), Path(sys.argv[2])
with callgrind.stage(E) as (folder, program):
    args = ["-a", "crc32,md5", "-i", "portable,compact", "-s", "64,1024", "-k", str(callgrind.CALLS),
            "-x", ",".join(callgrind.UNSIMULATED)]
    proc = subprocess.run(callgrind.command(program, args), cwd=folder, env=callgrind.env(),
                          capture_output=True, text=True, check=True)
    (F / "engine-regions.jsonl").write_text(proc.stdout)
    text = (folder / callgrind.OUT_FILE).read_text()
tail = text.rindex("\npart:")
head, last = text[:tail + 1], text[tail + 1:]
keep = [ln for ln in last.splitlines() if ln.startswith(("part:", "desc:", "events:", "summary:", "totals:"))]
(F / "callgrind-regions.out").write_text(head + "\n".join(keep) + "\n")
PY
fi
echo "recorded fixtures in $F"
