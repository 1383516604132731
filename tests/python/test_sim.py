# SPDX-License-Identifier: MIT
"""`--meter sim`: the host engine's regions under Callgrind
(hashbench.meters.callgrind, hashbench.targets.host_sim).

Without Valgrind: Callgrind's output into counts, the cost model, the
harness subtraction, a recorded real run (tests/python/fixtures:
engine-regions.jsonl and callgrind-regions.out, tests/python/fixtures/record.sh)
into results that fit the schema.  With Valgrind: two real runs repeat to
the unit, the CLI end to end (table, JSON, diff says identical), a run's
jobs all counted by one build.  On a Dask cluster: test_cluster.py."""
import functools
import json
import shutil
import sqlite3

import cli_util
import jsonschema
import pytest

from hashbench.distributed.executor import Local
from hashbench.errors import BuildError, UserError
from hashbench.flows import host_run
from hashbench.meters import callgrind
from hashbench.paths import ROOT
from hashbench.present import exporters
from hashbench.results import records
from hashbench.results.result import Build, Run
from hashbench.results.verify import Expected
from hashbench.targets import host_sim

hb = functools.partial(cli_util.hb, timeout=300)

FIX = ROOT / "tests" / "python" / "fixtures"
SCHEMA = json.loads((ROOT / "docs" / "result-schema.json").read_text())
needs_valgrind = pytest.mark.skipif(shutil.which("valgrind") is None, reason="valgrind is not installed")

# a Callgrind file cut down to what the meter reads: two region parts (the
# second with its trailing zero counts left out, as Callgrind writes them)
# and the part dumped at exit
CALLGRIND_TEXT = """# callgrind format
version: 1
creator: callgrind-3.19.0
pid: 4242
cmd:  ./hashbench-engine bench -k 2

part: 1
desc: I1 cache: 32768 B, 64 B, 8-way associative
desc: Trigger: --dump-before=hb_cross_end
events: Ir Dr Dw I1mr D1mr D1mw ILmr DLmr DLmw Bc Bcm Bi Bim
summary: 117 29 3 0 0 0 0 0 0 21 3 2 0
fn=(1) hb_region_run
0 117 29 3 0 0 0 0 0 0 21 3 2
totals: 117 29 3 0 0 0 0 0 0 21 3 2 0

part: 2
desc: Trigger: --dump-before=hb_cross_end
events: Ir Dr Dw I1mr D1mr D1mw ILmr DLmr DLmw Bc Bcm Bi Bim
summary: 10247 2157 5 2 1 0 1 0 0 1175 133 2
totals: 10247 2157 5 2 1 0 1 0 0 1175 133 2

part: 3
desc: Trigger: Program termination
events: Ir Dr Dw I1mr D1mr D1mw ILmr DLmr DLmw Bc Bcm Bi Bim
totals: 999999 1 1 1 1 1 1 1 1 1 1 1 1
"""


def test_callgrind_parts_pad_left_out_zeros_and_name_their_trigger():
    parts = callgrind.read_parts(CALLGRIND_TEXT)
    assert [t for t, _ in parts] == ["--dump-before=hb_cross_end"] * 2 + ["Program termination"]
    assert parts[1][1]["Bim"] == 0 and parts[1][1]["Bcm"] == 133
    counts = callgrind.region_counts(CALLGRIND_TEXT)  # the exit part is no region
    assert counts == [[117, 29, 3, 0, 0, 0, 0, 0, 0, 21, 3, 2, 0], [10247, 2157, 5, 2, 1, 0, 1, 0, 0, 1175, 133, 2, 0]]
    with pytest.raises(BuildError, match="did not count"):
        callgrind.region_counts(CALLGRIND_TEXT.replace(" Bc Bcm Bi Bim", ""))


def test_the_cost_model_is_kcachegrinds_cest():
    row = dict.fromkeys(callgrind.EVENTS, 0) | {"Ir": 1000, "Dr": 400, "Dw": 99, "I1mr": 1, "D1mr": 2, "D1mw": 3,
                                               "ILmr": 1, "DLmr": 1, "Bc": 50, "Bcm": 4, "Bi": 7, "Bim": 1}
    counts = [row[e] for e in callgrind.EVENTS]
    # Ir + 10 Bm + 10 L1m + 100 LLm; reads, writes and branches themselves cost nothing more
    assert callgrind.est_cycles(counts) == 1000 + 10 * 5 + 10 * 6 + 100 * 2
    assert callgrind.group_counts(counts) == {"instructions": 1000, "l1_misses": 6, "ll_misses": 2,
                                              "branch_mispredicts": 5}


def sim_result(samples, harness, digest="7c321b5d"):
    from hashbench import roster
    from hashbench.results.verify import checked
    res = checked(roster.find("crc32"), "portable", 1024, digest, Expected(), target="host",
                  build=Build("host", "gcc", "-O2"), meter="est-cycles", instrument="callgrind",
                  sample_fields=callgrind.SAMPLE_FIELDS, samples=samples, harness=harness)
    return callgrind.fill(res)


def test_the_harness_is_subtracted_from_every_event():
    harness = [2, 117, 29, 3, 0, 0, 0, 0, 0, 0, 21, 3, 2, 0]
    region = [2, 7517, 2589, 23, 1, 0, 0, 1, 0, 0, 111, 13, 2, 0]
    r = sim_result([region], [harness])
    # (7517 + 10*13 + 10*1 + 100*1) - (117 + 10*3) = 7757 - 147 = 7610, over 2 calls
    assert r.per_call == 3805 and isinstance(r.per_call, int)
    assert r.extra["counters"] == {"instructions": 3700, "l1_misses": 0.5, "ll_misses": 0.5, "branch_mispredicts": 5}
    assert r.cycles_per_byte == r.per_call / 1024 and r.spread_pct == 0.0
    assert r.ns_per_call is None and r.mb_per_s is None and r.clock_hz is None  # not a time
    assert r.exact and r.unit == "cycles"
    bad = sim_result([region], [harness], digest="00000000")
    assert not bad.verified and bad.per_call is None and bad.samples == []


def recorded_run():
    reader = host_sim.Reader()
    for rec in records.parse((FIX / "engine-regions.jsonl").read_text()):
        reader.feed(rec)
    counts = callgrind.region_counts((FIX / "callgrind-regions.out").read_text())
    return reader, counts


@pytest.mark.emulator
def test_a_recorded_run_becomes_results_that_fit_the_schema():
    reader, counts = recorded_run()
    assert reader.done and len(counts) == len(reader.regions) == 12
    results = reader.results(counts, Expected())
    assert [(r.algorithm, r.implementation, r.size) for r in results][:2] == [("crc32", "portable", 64),
                                                                              ("crc32", "compact", 64)]
    assert len(results) == 8 and all(r.verified and r.per_call > 0 for r in results)
    for r in results:  # the second harness region of its size is the one subtracted
        harness = [reg for reg in reader.regions if reg["algo"] == "-" and reg["size"] == r.size][-1]
        assert r.harness == [[2] + counts[harness["index"]]]
        assert r.per_call == (callgrind.est_cycles(r.samples[0][1:]) - callgrind.est_cycles(r.harness[0][1:])) / 2
    by = {(r.algorithm, r.implementation, r.size): r for r in results}
    assert by[("crc32", "compact", 1024)].per_call > 10 * by[("crc32", "portable", 1024)].per_call  # bit loop
    run = Run(kind="host", options={"meter": "sim"}, context={"cpu": "x", "meter": callgrind.describe()
                                                                  | {"header": ["meter sim"]}},
              status="complete", results=results)
    doc = json.loads(exporters.to_json(run))
    jsonschema.validate(doc, SCHEMA)
    back = Run.from_dict(doc)
    assert [r.to_dict() for r in back.results] == [r.to_dict() for r in results]
    # the header is made again from the stored description: a record's old words ("meter sim") give way
    assert "instr/call" in exporters.to_markdown(run) and "- meter est-cycles: " in exporters.to_markdown(run)
    assert "meter sim" not in exporters.to_markdown(run)


def test_a_verification_failure_has_no_cost():
    reader, counts = recorded_run()
    digest = {"rec": "error", "kind": "verify", "message": "the digest does not match the reference digest",
              "algo": "md5", "impl": "compact", "size": 64, "digest": "00" * 16,
              "expected": "b6bf87c24b1bc334e2541387a92b981b", "basis": "reference"}
    reader.feed(digest)
    bad = [r for r in reader.results(counts, Expected()) if not r.verified]
    assert len(bad) == 1 and bad[0].per_call is None and bad[0].expected == digest["expected"]


# ---- with Valgrind ------------------------------------------------------------------

@pytest.mark.emulator
@needs_valgrind
def test_two_real_runs_repeat_to_the_unit():
    opts = {"algos": ["crc32", "sha256", "blake2s"], "impls": ["portable", "compact"], "sizes": [256]}
    runs = [host_sim.measure(opts, quiet=True)[1] for _ in range(2)]
    assert {r.algorithm for r in runs[0]} == set(opts["algos"]) and all(r.verified for r in runs[0])
    assert [r.samples for r in runs[0]] == [r.samples for r in runs[1]]
    assert [r.harness for r in runs[0]] == [r.harness for r in runs[1]]
    assert [r.per_call for r in runs[0]] == [r.per_call for r in runs[1]]


@pytest.mark.emulator
@needs_valgrind
def test_meter_sim_through_the_cli(tmp_path):
    db = str(tmp_path / "sim.sqlite")
    out = tmp_path / "sim.json"
    r = hb("run", "--meter", "sim", "-a", "crc32,md5,xxh64", "--db", db, "-o", str(out))
    assert r.returncode == 0, r.stderr
    assert "meter est-cycles: estimated cycles = Ir + 10 Bm + 10 L1m + 100 LLm" in r.stdout
    assert r.stderr.count("note: --meter sim is the old spelling of --meter est-cycles") == 1
    assert "not seen: SIMD throughput" in r.stdout and "cyc/call" in r.stdout and "instr/call" in r.stdout
    doc = json.loads(out.read_text())
    jsonschema.validate(doc, SCHEMA)
    assert doc["options"]["meter"] == "est-cycles" and doc["context"]["meter"]["instrument"] == "callgrind"
    assert {(x["meter"], x["instrument"], x["verified"]) for x in doc["results"]} == {("est-cycles", "callgrind", True)}
    assert all(set(x["counters"]) == set(callgrind.GROUPS) for x in doc["results"])
    r = hb("run", "--meter", "est-cycles", "-a", "crc32,md5,xxh64", "--db", db, "-q")
    assert r.returncode == 0, r.stderr
    r = hb("diff", "last~1", "last", "--db", db)
    assert r.returncode == 0, r.stderr
    rows = [ln for ln in r.stdout.splitlines() if " host " in ln]
    assert len(rows) == 3 and all(ln.endswith("identical") for ln in rows)
    r = hb("show", "last", "--db", db)
    assert r.returncode == 0 and "cyc/call" in r.stdout and "Callgrind" in r.stdout
    con = sqlite3.connect(db)
    assert {row[0] for row in con.execute("SELECT meter FROM results")} == {"est-cycles"}


@pytest.mark.emulator
@needs_valgrind
def test_compare_meter_sim_ranks_libraries_and_leaves_out_native_code():
    r = hb("compare", "crc32", "--meter", "est-cycles", "--no-save")
    assert r.returncode == 0, r.stderr
    assert "COST (rel.)" in r.stdout and "portable" in r.stdout and "compact" in r.stdout
    assert "-native" not in r.stdout
    r = hb("run", "--meter", "est-cycles", "-a", "crc32", "--impl", "rust-crc32fast-native", "--no-save")
    assert r.returncode == 2 and "unknown implementation" in r.stderr


def test_a_sim_run_is_one_job_until_its_input_is_large():
    catalogue = [{"id": "crc32", "impls": ["portable", "compact", "zlib"]}, {"id": "md5", "impls": ["portable"]},
                 {"id": "sha256", "impls": ["portable", "openssl"]}]
    jobs = lambda impls, sizes: [(j.opts["algos"], j.opts["sizes"]) for j in host_sim.jobs_of(
        {"algos": ["crc32", "md5", "sha256"], "impls": impls, "sizes": sizes}, catalogue)]
    assert jobs(["portable"], [64, 256, 1024]) == [(["crc32", "md5", "sha256"], [64, 256, 1024])]
    assert jobs(["zlib"], [1024]) == [(["crc32"], [1024])]   # only the algorithms that have one of them
    per_region = (1 << 20) + host_sim.REGION_BYTES
    assert 2 * 4 * per_region > host_sim.JOB_BYTES >= 4 * per_region   # two regions of 1 MiB: past a job
    assert jobs(["portable"], [64, 1 << 20]) == [(["crc32", "md5", "sha256"], [64]), (["crc32"], [1 << 20]),
                                                 (["md5"], [1 << 20]), (["sha256"], [1 << 20])]
    assert jobs(["all"], [1 << 20]) == [(["crc32"], [1 << 20]), (["md5"], [1 << 20]), (["sha256"], [1 << 20])]


class OtherCompilerSecond:
    """This machine's executor, the second job's answer as a worker built with another compiler would give it."""
    name = "a cluster"

    def __init__(self):
        self.here = Local(host_sim.targets())

    def check(self, tasks):
        pass

    def answers(self, tasks, jobs):
        for n, (task, answer) in enumerate(self.here.answers(tasks, jobs)):
            if n == 1:
                engine = answer.outcome.context["engine"]
                answer.outcome.context["engine"] = dict(engine, compiler="clang 14.0.6")
                answer.worker = "w2"
            yield task, answer

    def close(self):
        pass


@pytest.mark.emulator
@needs_valgrind
def test_a_run_counted_by_two_builds_stops_and_keeps_the_first_jobs_results():
    host = host_run.open_host("sim")
    # 1 MiB: a job each (test_a_sim_run_is_one_job_until_its_input_is_large)
    run = Run(kind="host", options={"algos": ["crc32", "md5"], "impls": ["portable"], "sizes": [1 << 20], "meter": "sim"})
    with pytest.raises(UserError, match=r"^the jobs ran on engines that differ: here: gcc .*; w2: clang 14.0.6 .*"
                                        r"install the same on every worker\)$"):
        host_run.measure_sim(run, host, executor=OtherCompilerSecond())
    assert run.status == "failed" and [r.algorithm for r in run.results] == ["crc32"]


@pytest.mark.emulator
@needs_valgrind
def test_the_host_under_callgrind_is_a_target_measured_as_the_cross_targets_are():
    from hashbench.targets import Outcome, Target
    target = host_sim.SimTarget()
    assert isinstance(target, Target) and target.missing() == [] and target.with_build(None) is target
    job = host_sim.SimJob({"algos": ["crc32", "md5"], "impls": ["portable"], "sizes": [64]})
    outcome = target.measure(job)
    assert isinstance(outcome, Outcome) and outcome.context["status"] == "complete"
    assert outcome.context["engine"]["rec"] == "engine" and outcome.context["meter"]["instrument"] == "callgrind"
    assert [(r.algorithm, r.size, r.verified) for r in outcome.results] == [("crc32", 64, True), ("md5", 64, True)]
    assert all(r.per_call > 0 and r.meter == callgrind.METER for r in outcome.results)
