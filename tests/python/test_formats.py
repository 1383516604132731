# SPDX-License-Identifier: MIT
"""-o FILE.json --format: each dashboard format validates against its
documented shape (JSON Schemas written here from each project's own
documentation and readers), every benchmark's name carries algorithm,
implementation, size, target and build, and the figures are the run's."""
import copy
import json

import jsonschema
import pytest
import synthetic
from cli_util import hb

from hashbench.errors import UserError
from hashbench.present import exporters, formats
from hashbench.results.result import Run

# Bencher Metric Format: the JSON Schema bencher.dev publishes (bencher.dev/bmf.json), draft-07:
# {benchmark: {measure: {value, lower_value?, upper_value?}}}
BENCHER = {
    "$schema": "http://json-schema.org/draft-07/schema",
    "type": "object",
    "patternProperties": {".+": {
        "type": "object",
        "patternProperties": {".+": {
            "type": "object",
            "properties": {"value": {"type": "number"}, "lower_value": {"type": "number"},
                           "upper_value": {"type": "number"}},
            "required": ["value"]}}}},
}
# Google Benchmark's JSON reporter (--benchmark_format=json), the fields its compare.py and
# github-action-benchmark's GoogleCppBenchmarkJson read
GOOGLE = {
    "type": "object",
    "required": ["context", "benchmarks"],
    "properties": {
        "context": {"type": "object",
                    "required": ["date", "host_name", "executable", "num_cpus", "mhz_per_cpu",
                                 "cpu_scaling_enabled", "library_build_type"],
                    "properties": {"num_cpus": {"type": "integer"}, "mhz_per_cpu": {"type": "integer"},
                                   "cpu_scaling_enabled": {"type": "boolean"},
                                   "library_build_type": {"enum": ["release", "debug"]}}},
        "benchmarks": {"type": "array", "minItems": 1, "items": {
            "type": "object",
            "required": ["name", "run_name", "run_type", "repetitions", "repetition_index", "threads",
                         "iterations", "real_time", "cpu_time", "time_unit"],
            "properties": {"name": {"type": "string"}, "run_name": {"type": "string"},
                           "run_type": {"enum": ["iteration", "aggregate"]},
                           "repetitions": {"type": "integer"}, "repetition_index": {"type": "integer"},
                           "threads": {"type": "integer"}, "iterations": {"type": "integer", "minimum": 1},
                           "real_time": {"type": "number"}, "cpu_time": {"type": "number"},
                           "time_unit": {"enum": ["ns", "us", "ms", "s"]}}}},
    },
}
# github-action-benchmark, tool customSmallerIsBetter: its BenchmarkResult (extract.ts)
GITHUB_ACTION = {
    "type": "array", "minItems": 1,
    "items": {"type": "object", "required": ["name", "unit", "value"], "additionalProperties": False,
              "properties": {"name": {"type": "string"}, "unit": {"type": "string"}, "value": {"type": "number"},
                             "range": {"type": "string"}, "extra": {"type": "string"}}},
}
SCHEMAS = {"bencher": BENCHER, "google-benchmark": GOOGLE, "github-action-benchmark": GITHUB_ACTION}


def runs():
    host = synthetic.host_run()
    cross = synthetic.cross_run()
    return {"host": host, "cross": cross, "builds": synthetic.builds_run()}


def names_of(fmt, doc) -> list:
    if fmt == "bencher":
        return list(doc)
    if fmt == "google-benchmark":
        return [b["name"] for b in doc["benchmarks"]]
    return [b["name"] for b in doc]


@pytest.mark.parametrize("fmt", list(formats.FORMATS))
@pytest.mark.parametrize("kind", ["host", "cross", "builds"])
def test_each_format_validates_and_names_every_benchmark(fmt, kind):
    run = runs()[kind]
    try:
        doc = json.loads(formats.render(fmt, run))
    except UserError:
        # only Google Benchmark's format refuses a run, and only one without any time
        assert fmt == "google-benchmark" and all(r.ns_per_call is None for r in run.results)
        return
    jsonschema.validate(doc, SCHEMAS[fmt])
    names = names_of(fmt, doc)
    written = [r for r in formats.measured(run) if fmt != "google-benchmark" or r.ns_per_call is not None]
    assert sorted(names) == sorted({formats.benchmark_name(r) for r in written})
    for r in written:
        assert formats.benchmark_name(r).split("/") == [r.algorithm, r.implementation, f"{r.size}B", r.where,
                                                         r.build.name]


def test_the_figures_are_the_runs():
    run = synthetic.host_run()
    r, other = formats.measured(run)[:2]
    r.ci_pct, other.ci_pct = 2.5, None   # several processes; one process (no interval between processes)
    name = formats.benchmark_name(r)
    doc = json.loads(formats.render("bencher", run))
    bmf = doc[name]["latency"]
    assert bmf["value"] == pytest.approx(r.per_call)
    assert bmf["lower_value"] < bmf["value"] < bmf["upper_value"]
    assert bmf["upper_value"] / bmf["value"] == pytest.approx(1.025)
    assert doc[formats.benchmark_name(other)]["latency"] == {"value": pytest.approx(other.per_call)}
    gab = {b["name"]: b for b in json.loads(formats.render("github-action-benchmark", run))}[name]
    assert gab["value"] == pytest.approx(r.per_call) and gab["unit"] == "ns" and f"{r.ci_pct:.2f}%" in gab["range"]
    gb = {b["name"]: b for b in json.loads(formats.render("google-benchmark", run))["benchmarks"]}[name]
    assert gb["real_time"] == pytest.approx(r.ns_per_call) and gb["time_unit"] == "ns"


@pytest.mark.parametrize("fmt", list(formats.FORMATS))
def test_the_modes_of_one_run_keep_their_own_names(fmt):
    run = synthetic.host_run(algos=("sha256",))
    plain = run.results[0]
    for threads, latency, align in ((2, False, 0), (1, True, 0), (1, False, 3), (2, True, 3)):
        r = copy.deepcopy(plain)
        r.threads, r.latency, r.align = threads, latency, align
        run.results.append(r)
    names = names_of(fmt, json.loads(formats.render(fmt, run)))
    assert len(names) == len(set(names)) == 5   # none written over another
    assert formats.benchmark_name(plain) in names   # the plain loop's name as it always was
    assert formats.benchmark_name(run.results[-1]).endswith("/threads:2/latency/align:3")


def test_exact_counts_have_no_interval_and_keep_their_unit():
    run = synthetic.cross_run()
    r = next(x for x in formats.measured(run) if x.meter == "instructions")
    bmf = json.loads(formats.render("bencher", run))[formats.benchmark_name(r)]["instructions"]
    assert bmf["lower_value"] == bmf["value"] == bmf["upper_value"] == pytest.approx(r.per_call)


def test_a_format_is_json_and_needs_a_verified_result(tmp_path):
    with pytest.raises(UserError, match="writes JSON"):
        exporters.check_path(tmp_path / "x.csv", "bencher")
    with pytest.raises(UserError, match="no verified result"):
        formats.render("bencher", Run(kind="host"))


def test_the_cli_writes_each_format(tmp_path):
    for fmt, schema in SCHEMAS.items():
        out = tmp_path / f"{fmt}.json"
        code, _, err = hb("run", "-a", "crc32", "--budget", "20", "--processes", "2", "--no-save", "-q",
                          "-o", out, "--format", fmt)
        assert code == 0, err
        doc = json.loads(out.read_text())
        jsonschema.validate(doc, schema)
        assert names_of(fmt, doc)[0].startswith("crc32/portable/1024B/host/")
    code, _, err = hb("run", "-a", "crc32", "--format", "bencher")
    assert code == 2 and "--format goes with -o" in err
