# SPDX-License-Identifier: MIT
"""Every word true: each command that prints a table is run small, and what
it printed is read back and set against what it stored (its JSON output or
the store): the statistic and ± the header names, the units, the sums of a
threads table, the order of a ranked table, the meter's one name.  The fake
engine (recorded output) or synthetic stored runs where they can stand in;
the real engine with tiny budgets where the check needs a real run."""
import json
import re
from pathlib import Path

import pytest
import synthetic
from cli_util import fake_engine, filled_store, hb, save

from hashbench import meters, roster
from hashbench.meters import callgrind
from hashbench.meters import timer as timer_meter
from hashbench.paths import ROOT
from hashbench.present.table import fmt_num
from hashbench.results.result import METER_TITLES, Build, Result, Run
from hashbench.storage.store import Store
from hashbench.units import format_size

FIX = Path(__file__).resolve().parent / "fixtures"


@pytest.fixture
def fake_env(tmp_path):
    return {"HASHBENCH_ENGINE": fake_engine(tmp_path)}


# ---- reading what was printed ------------------------------------------------------

def tables(text) -> list:
    """Every plain table printed: [(the line above its headers, {header: [cells]} in order, rows)].
    A row's cells are split at two spaces or more; a leading mark (the tier's) has no header."""
    lines = text.splitlines()
    out = []
    for i, line in enumerate(lines):
        if i == 0 or not line or set(line) != {"-"}:
            continue
        headers = re.split(r"\s{2,}", lines[i - 1].strip())
        rows = []
        for row in lines[i + 1:]:
            cells = re.split(r"\s{2,}", row.strip())
            if len(cells) == len(headers) + 1:
                cells = cells[1:]
            if not row.strip() or len(cells) != len(headers):
                break
            rows.append(dict(zip(headers, cells)))
        out.append((lines[i - 2] if i >= 2 else "", headers, rows))
    return out


def number(cell) -> float:
    return float(cell.replace(",", "").split()[0])


def stored_json(path) -> dict:
    return json.loads(Path(path).read_text())


# ---- run: header, statistic, ±, units, footer ----------------------------------------

def test_run_header_names_the_statistic_and_plus_minus_each_row_stored(fake_env, tmp_path):
    out = tmp_path / "r.json"
    r = hb("run", "--no-save", "-o", out, env=fake_env)
    assert r.returncode == 0, r.stderr
    doc = stored_json(out)
    rows = doc["results"]
    figure_line = next(line for line in r.stdout.splitlines() if "figure = " in line)
    for row in rows:   # every statistic stored is the one printed, and nothing else is claimed
        assert row["statistic"] in figure_line, (row["statistic"], figure_line)
        assert row["plus_minus"] in figure_line, (row["plus_minus"], figure_line)
    said = re.search(r"figure = (.*?) · ± = (.*)$", figure_line)
    stated = {re.sub(r" \(\d+ rows?\)$", "", s) for s in said.group(1).split("; ")}
    assert stated == {row["statistic"] for row in rows}
    assert f"{max(row['processes'] for row in rows)} processes" in figure_line
    # the meter: the title of what each row stored
    assert all(METER_TITLES[row["meter"]] in r.stdout.splitlines()[1] for row in rows)


def test_run_table_shows_the_stored_figures_in_the_unit_it_names(fake_env, tmp_path):
    for unit, field in (("MB/s", "mb_per_s"), ("KB/s", "kb_per_s")):
        out = tmp_path / f"{unit[0]}.json"
        r = hb("run", "--no-save", "--units", unit, "-o", out, env=fake_env)
        assert r.returncode == 0, r.stderr
        rows = {x["label"]: x for x in stored_json(out)["results"]}
        (_, headers, printed), = tables(r.stdout)
        assert unit in headers and "±%" in headers
        assert {p["ALGO"] for p in printed} == set(rows)
        for p in printed:
            row = rows[p["ALGO"]]
            assert p[unit] == fmt_num(row[field])
            assert p["±%"] == f"{row['ci_pct'] if row['ci_pct'] is not None else row['spread_pct']:.1f}"
        footer = r.stdout.strip().splitlines()[-1]
        assert footer.startswith(f"{len(rows)} results")
        for tier, figure in re.findall(r"fastest ([a-z-]+): \S+ \(([\d,.]+) " + re.escape(unit), footer):
            best = max((x for x in rows.values() if x["tier"] == tier), key=lambda x: x["mb_per_s"])
            assert figure == fmt_num(best[field])


def test_run_sweep_prints_each_size_in_its_unit_and_names_the_statistic(fake_env, tmp_path):
    out = tmp_path / "s.json"
    r = hb("run", "--no-save", "--sweep", "-o", out, env=dict(fake_env, HB_FAKE_BENCH="engine-sweep.jsonl"))
    assert r.returncode == 0, r.stderr
    rows = stored_json(out)["results"]
    line = next(x for x in r.stdout.splitlines() if "figure = " in x)
    assert all(x["statistic"] in line for x in rows)
    (_, headers, printed), = tables(r.stdout)
    sizes = sorted({x["size"] for x in rows})
    assert [h for h in headers if h.startswith("MB/s@")] == [f"MB/s@{format_size(z)}" for z in sizes]
    for p in printed:
        for z in sizes:
            x = next(x for x in rows if x["label"] == p["ALGO"] and x["size"] == z)
            assert p[f"MB/s@{format_size(z)}"] == fmt_num(x["mb_per_s"])


# ---- threads: the total is the sum of the threads -------------------------------------

FIELDS = ("iters", "ticks", "ns", "switches", "process", "cpu", "thread")


def threaded(threads, per_call_ns, samples_each=30):
    """A 1 KiB crc32 row with `threads` threads, thread t at per_call_ns[t] ns per call
    (a little scatter), its figures made by the timer meter's own rules."""
    iters = 1000
    samples = []
    for t in range(threads):
        for k in range(samples_each):
            ns = per_call_ns[t] * (1 + 0.001 * (k % 7)) * iters
            samples.append([iters, int(ns * 3), int(ns), 0, k % 2, k % 2, t])
    r = Result(algorithm="crc32", implementation="portable", size=1024, target="host",
               build=Build("host", "gcc 12.2.0", "-O2"), meter="ns", instrument="tsc", digest="7c321b5d",
               verified=True, label="CRC32", tier="checksum", sample_fields=FIELDS, samples=samples,
               harness=[[iters, 30, 10, 0, 0, 0, 0]], threads=threads, processes=2)
    return timer_meter.summarise(r)


def test_threads_total_is_the_sum_of_the_threads_shown(tmp_path):
    # two threads at different speeds: the pooled figure of the row is not the threads' mean
    run = Run(kind="host", command="hashbench run --threads 1,2", options={"sizes": [1024], "processes": 2},
              context=dict(synthetic.MACHINE), status="complete")
    run.results = [threaded(1, [100.0]), threaded(2, [100.0, 160.0])]
    db = tmp_path / "t.sqlite"
    save(Store(db), run)
    r = hb("show", "last", "--db", db)
    assert r.returncode == 0, r.stderr
    (_, headers, printed), = [t for t in tables(r.stdout) if "THREADS" in t[1]]
    two = run.results[1]
    each = two.extra["thread_mb_per_s"]
    for p in printed:
        n = int(p["THREADS"])
        stored = run.results[0].mb_per_s if n == 1 else sum(each)
        assert p["MB/s total"] == fmt_num(stored)
        per_thread = next(h for h in headers if h.startswith("MB/s") and h != "MB/s total")
        # what one thread is said to do, times the threads, is the total (to the digits shown)
        assert number(p[per_thread]) * n == pytest.approx(number(p["MB/s total"]), rel=0.01)
        assert p["scaling"] == fmt_num(stored / run.results[0].mb_per_s)


def test_threads_of_a_real_run_add_up(tmp_path):
    out = tmp_path / "t.json"
    r = hb("run", "-a", "crc32", "--threads", "1,2", "--budget", "20", "--processes", "2", "--no-save", "-o", out)
    assert r.returncode == 0, r.stderr
    rows = {x["threads"]: x for x in stored_json(out)["results"]}
    (_, headers, printed), = [t for t in tables(r.stdout) if "THREADS" in t[1]]
    for p in printed:
        n = int(p["THREADS"])
        total = rows[n]["mb_per_s"] if n == 1 else sum(rows[n]["thread_mb_per_s"])
        assert p["MB/s total"] == fmt_num(total)
        per_thread = next(h for h in headers if h.startswith("MB/s") and h != "MB/s total")
        assert number(p[per_thread]) * n == pytest.approx(number(p["MB/s total"]), rel=0.01)


def footer_figures(printed) -> dict:
    """The footer's 'fastest TIER: NAME (FIGURE UNIT...)': {tier: (name, figure)}."""
    line = next(x for x in printed.splitlines() if " results" in x and "fastest" in x)
    return {tier: (name, fig) for tier, name, fig in re.findall(r"fastest (\S+): (\S+) \(([\d,.]+) ", line)}


def shown_beside(printed, name, figure) -> bool:
    """The figure is a cell of a printed table, in the row of the name."""
    return any(row.get("ALGO") == name and figure in row.values() for _, _, rows in tables(printed) for row in rows)


def test_threads_footer_names_a_figure_the_table_shows(tmp_path):
    # the two-thread row's pooled figure beats one thread's, but no column shows it
    run = Run(kind="host", command="hashbench run --threads 1,2", options={"sizes": [1024], "processes": 2},
              context=dict(synthetic.MACHINE), status="complete")
    run.results = [threaded(1, [100.0]), threaded(2, [90.0, 95.0])]
    assert run.results[1].mb_per_s > run.results[0].mb_per_s
    db = tmp_path / "t.sqlite"
    save(Store(db), run)
    r = hb("show", "last", "--db", db)
    assert r.returncode == 0, r.stderr
    name, figure = footer_figures(r.stdout)["checksum"]
    assert figure == fmt_num(run.results[0].mb_per_s)
    assert shown_beside(r.stdout, name, figure), r.stdout


@pytest.mark.parametrize("mode", [["--threads", "1,2"], ["--latency"], ["--align", "0,3"]])
def test_a_mode_runs_footer_names_a_figure_its_table_shows(mode):
    r = hb("run", "-a", "crc32,sha256", "--budget", "10", "--processes", "2", "--no-save", *mode)
    assert r.returncode == 0, r.stderr
    found = footer_figures(r.stdout)
    assert set(found) == {"checksum", "crypto"}, r.stdout
    for name, figure in found.values():
        assert shown_beside(r.stdout, name, figure), (name, figure, r.stdout)


# ---- matrix: MB/s follows the rank --------------------------------------------------

def test_matrix_mb_per_s_follows_its_rank(tmp_path):
    run = synthetic.builds_run()
    # interleaved rounds that rank O2 above O3-native although O3-native's own figure is faster:
    # the table's MB/s must follow the rank it prints, not the other statistic
    for r in run.results:
        base = r.ns_per_call if r.build.name != "O3-native" else r.ns_per_call / 0.8 * 1.02
        r.extra["rounds_ns"] = [base * (1 + 0.001 * k) for k in range(5)]
    db = tmp_path / "m.sqlite"
    save(Store(db), run)
    r = hb("show", "last", "--db", db)
    assert r.returncode == 0, r.stderr
    ranked = [t for t in tables(r.stdout) if "BUILD" in t[1] and "#" in t[1]]
    assert len(ranked) == 3
    for title, headers, printed in ranked:
        rel_col = next(h for h in headers if "(rel.)" in h)
        rel = [number(p[rel_col]) for p in printed]
        mbs = [number(p["MB/s"]) for p in printed]
        assert rel == sorted(rel)
        assert mbs == sorted(mbs, reverse=True), (title, printed)
        for x, m in zip(rel, mbs):   # MB/s and rel. say the same thing
            assert mbs[0] / m == pytest.approx(x, abs=0.006 * x + 0.005)
        algo = title.split(" (")[0]
        best = next(x for x in run.results if x.build.name == printed[0]["BUILD"] and x.label == algo)
        assert printed[0]["MB/s"] == fmt_num(best.mb_per_s)


# ---- compare: the ranking's figure is named --------------------------------------------

def ranking_says_one_thing(printed):
    """Rank order, relative figure and MB/s agree: rel. rises, MB/s falls, MB/s = the first's ÷ rel."""
    rel = [number(p["TIME (rel.)"]) for p in printed]
    mbs = [number(p["MB/s"]) for p in printed]
    assert [int(p["#"].rstrip(".")) for p in printed] == list(range(1, len(printed) + 1))
    assert rel == sorted(rel), printed
    assert mbs == sorted(mbs, reverse=True), printed
    for x, m in zip(rel, mbs):
        assert mbs[0] / m == pytest.approx(x, abs=0.006 * x + 0.005)


def test_compare_names_the_statistic_it_ranked(fake_env, tmp_path):
    out = tmp_path / "c.json"
    r = hb("compare", "md5", "--no-save", "-o", out, env=dict(fake_env, HB_FAKE_BENCH="engine-compare.jsonl"))
    assert r.returncode == 0, r.stderr
    rows = {x["implementation"]: x for x in stored_json(out)["results"]}
    title, headers, printed = tables(r.stdout)[0]
    assert all(x["statistic"] in title for x in rows.values()) and METER_TITLES["ns"] in title
    assert set(p["IMPL"] for p in printed) == set(rows)
    assert printed[0]["MB/s"] == fmt_num(min(rows.values(), key=lambda x: x["per_call"])["mb_per_s"])
    # the cycles column names the cycles stored: reference cycles under the TSC, as `run` says
    units = {x["cycle_unit"] for x in rows.values() if x.get("cycles_per_byte")}
    assert units and (("ref-cyc/B" in headers) == (units == {"ref-cycles"})), (units, headers)
    ranking_says_one_thing(printed)


def test_compare_of_a_real_short_run_says_one_thing():
    # a short budget: some rows with samples enough for the fastest moments, some without, whose
    # ratios come from the processes' paired values; rank, rel. and MB/s must still agree
    r = hb("compare", "blake3", "--budget", "20", "--no-save")
    assert r.returncode == 0, r.stderr
    ranking_says_one_thing(tables(r.stdout)[0][2])


# ---- show: a stored run says what it stored -------------------------------------------

def test_show_prints_the_stored_statistic_and_old_records_say_so(tmp_path):
    run = synthetic.host_run()
    run.results[0].extra.update(statistic="fastest 0.05 of 120 samples", plus_minus="95% interval, %")
    db = tmp_path / "s.sqlite"
    save(Store(db), run)
    r = hb("show", "last", "--db", db)
    assert r.returncode == 0, r.stderr
    line = next(x for x in r.stdout.splitlines() if "figure = " in x)
    assert "fastest 0.05 of 120 samples (1 row)" in line
    assert f"(not recorded) ({len(run.results) - 1} rows)" in line   # synthetic rows stored none


# ---- history, diff, export: what the store holds ------------------------------------

@pytest.fixture(scope="module")
def filled(tmp_path_factory):
    db = tmp_path_factory.mktemp("words") / "f.sqlite"
    store, runs = filled_store(db)
    return db, store


def test_history_counts_what_each_run_stored(filled):
    db, store = filled
    r = hb("history", "--db", db)
    assert r.returncode == 0, r.stderr
    (_, _, printed), = tables(r.stdout)
    for p in printed:
        run = store.load(p["RUN"])
        assert int(p["RESULTS"]) == len(run.results) and p["KIND"] == run.kind and p["STATUS"] == run.status
        assert p["TARGETS"] == ",".join(dict.fromkeys(x.target for x in run.results))


def test_diff_prints_the_stored_figures_and_counts_its_verdicts(filled):
    db, store = filled
    r = hb("diff", "1", "2", "--db", db)
    assert r.returncode == 0, r.stderr
    (_, _, printed), = tables(r.stdout)
    a, b = store.load("1"), store.load("2")
    by_a = {(x.label, x.size): x for x in a.results}
    by_b = {(x.label, x.size): x for x in b.results}
    for p in printed:
        key = (p["ALGO"], 1024)
        assert p["UNIT"] == "µs"   # the stored unit, ns, shown in µs
        assert p["A"] == fmt_num(by_a[key].per_call / 1000) and p["B"] == fmt_num(by_b[key].per_call / 1000)
        assert float(p["B/A"]) == pytest.approx(by_b[key].per_call / by_a[key].per_call, abs=0.0006)
    differ = sum(p["VERDICT"].startswith("B ") for p in printed)
    inconclusive = sum(p["VERDICT"].startswith("inconclusive") for p in printed)
    assert f"{differ} of {len(printed)} timed rows differ significantly, {inconclusive} inconclusive" in r.stdout


def test_markdown_export_says_what_the_terminal_says(filled, tmp_path):
    db, store = filled
    run = synthetic.host_run()
    for x in run.results:
        x.extra.update(statistic="processes' medians", plus_minus="MAD of the samples, % of the median")
    save(store, run)
    md = tmp_path / "s.md"
    r = hb("show", "last", "--db", db, "-o", md)
    assert r.returncode == 0, r.stderr
    text = md.read_text()
    term = next(x for x in r.stdout.splitlines() if "figure = " in x)
    assert term in text.splitlines()
    rows = [line.split("|")[1:-1] for line in text.splitlines() if line.startswith("| ")]
    head = [c.strip() for c in rows[0]]
    for cells in rows[1:]:
        d = dict(zip(head, (c.strip() for c in cells)))
        stored = next(x for x in run.results if x.label == d["ALGO"])
        assert d["MB/s"] == fmt_num(stored.mb_per_s)


def test_export_holds_what_the_store_shows(filled, tmp_path):
    db, store = filled
    out = tmp_path / "e.json"
    r = hb("export", "1", "--db", db, "-o", out)
    assert r.returncode == 0, r.stderr
    doc = stored_json(out)
    run = store.load("1")
    assert len(doc["results"]) == len(run.results)
    for row, stored in zip(doc["results"], run.results):
        assert (row["algorithm"], row["implementation"], row["size"]) == (stored.algorithm, stored.implementation,
                                                                          stored.size)
        assert row["mb_per_s"] == stored.mb_per_s and row["ci_pct"] == stored.ci_pct
    other = tmp_path / "o.sqlite"   # imported elsewhere, it prints the same tables
    assert hb("import", out, "--db", other).returncode == 0
    shown = tables(hb("show", "1", "--db", db).stdout)
    assert shown and shown[0][2] and tables(hb("show", "last", "--db", other).stdout) == shown


# ---- one vocabulary for meters --------------------------------------------------------

PRIMARY = {m.option for m in meters.REGISTRY} | set(meters.FIGURES)
OLD = {a for m in meters.REGISTRY for a in m.aliases} - PRIMARY


def test_help_names_each_meter_by_its_one_name():
    for command in ("run", "compare", "cross"):
        r = hb(command, "--help", env={"COLUMNS": "1000"})
        assert r.returncode == 0
        text = " ".join(r.stdout.split())
        clauses = re.findall(r"\(old spellings? still taken: ([^)]*)\)", text)
        assert clauses, text
        rest = re.sub(r"\(old spellings? still taken: ([^)]*)\)", "", text)
        for old in OLD:
            o = re.escape(old)   # "(sim)" beside a name, "--meter sim", or a meter's entry "; sim: ..."
            assert not re.search(rf"\({o}\)|--meter {o}\b|(?:; |METER ){o}:", rest), (command, old)
        for pair in ", ".join(clauses).split(", "):
            a, _, b = pair.partition(" = ")
            assert a in OLD and meters.option(a, *meters.CROSS, meters.HOST) == (b or meters.CYCLE_MODEL)


def test_an_old_spelling_works_with_one_note(fake_env, tmp_path):
    out = tmp_path / "o.json"
    r = hb("run", "--meter", "time", "-a", "crc32", "--no-save", "-o", out, env=fake_env)
    assert r.returncode == 0, r.stderr
    assert r.stderr.count("note: --meter time is the old spelling of --meter ns") == 1
    assert {x["meter"] for x in stored_json(out)["results"]} == {"ns"}


def test_the_est_cycles_header_names_the_meter_as_option_and_record_do():
    desc = {"caches": {"I1": {"bytes": 32768, "ways": 8, "line": 64}}, "version": "valgrind-3.19.0",
            "calls": 4, "warm_calls": 1}
    named = re.findall(r"\bmeter (\S+?):", "\n".join(callgrind.header_lines(desc)))
    assert named == [meters.choose("est-cycles", meters.HOST).option] == [callgrind.METER]
    # a run stored with the old header is shown with the header made again
    assert callgrind.stored_header({"meter": dict(desc, header=["meter sim: old"])}) == callgrind.header_lines(desc)


def written_meter_names():
    """Every `--meter NAME` written in the README, the docs, the studies and the code."""
    files = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md")), *sorted((ROOT / "hashbench").rglob("*.py")),
             *sorted((ROOT / "studies").glob("*.py"))]
    for f in files:
        for m in re.finditer(r"--meter[ =]([a-z][a-z0-9-]*)\b(?![ -]?[a-z]*[a-z] [a-z])", f.read_text()):
            yield f.relative_to(ROOT), m.group(1)


def test_docs_and_messages_spell_each_meter_one_way():
    old = sorted({(str(f), name) for f, name in written_meter_names() if name in OLD})
    assert not old, f"old meter spellings written: {old}"


# ---- report: the page's headers and figures are the stored runs' --------------------

def test_report_headers_and_plus_minus_are_the_stored_runs(tmp_path):
    from hashbench.present.table import plus_minus
    run = synthetic.host_run()
    for k, r in enumerate(run.results):   # rows with the interval between processes, and one without
        r.extra.update(statistic="median over processes", plus_minus="95% interval between processes")
        r.ci_pct = 0.5 + k if k else None
    sweep = synthetic.host_run(sizes=(16, 256, 4096), machine={"hostname": "bench-b"})
    db = tmp_path / "r.sqlite"
    store, _ = filled_store(db, [run, sweep])
    page_path = tmp_path / "r.html"
    r = hb("report", "1", "2", "--db", db, "-o", page_path)
    assert r.returncode == 0, r.stderr
    page = page_path.read_text()
    for n in ("1", "2"):   # each run's heading: its id, kind, time and machine as stored
        stored = store.load(n)
        assert (f"<h2>Run {stored.id} · {stored.kind} · {stored.started_at} · "
                f"{stored.context['hostname']}</h2>") in page
    sizes = re.findall(r'<th class="n">MB/s @ ([^<]+)</th>', page)
    assert sizes == [format_size(z) for z in (16, 256, 4096)]
    words = re.search(r"data-words='figure'>([^<]*)<", page).group(1)
    assert words == "figure = median over processes · ± = 95% interval between processes"
    speed = re.search(r'<table data-table="speed" data-run="1">.*?</table>', page, re.S).group(0)
    headers = re.findall(r"<th[^>]*>([^<]*)</th>", speed)
    by = {x.algorithm: x for x in run.results}
    rows = re.findall(r"<tr data-algorithm=.*?</tr>", speed, re.S)
    assert len(rows) == len(run.results)
    for row in rows:
        algo = re.match(r'<tr data-algorithm="([^"]+)"', row).group(1)
        shown = dict(zip(headers, re.findall(r"<td[^>]*>([^<]*)</td>", row)))
        assert shown["MB/s"] == fmt_num(by[algo].mb_per_s)
        assert shown["± %"] == fmt_num(plus_minus(by[algo]))   # the terminal's ±, not another spread


# ---- size: the table is the JSON ----------------------------------------------------

def test_size_table_says_what_its_json_says():
    args = ("size", "--flags=-O2,-Os", "-a", "crc32,xor8", "--impl", "portable,compact", "-q")
    r = hb(*args)
    assert r.returncode == 0, r.stderr
    rows = [json.loads(x) for x in hb(*args, "--json").stdout.splitlines()]
    title, headers, printed = tables(r.stdout)[0]
    assert headers[2:] == list(dict.fromkeys(x["build"] for x in rows))
    labels = {a.id: a.label for a in roster.algorithms()}
    shown = {(labels[x["algorithm"]], x["implementation"], x["build"]): x for x in rows}
    assert len(printed) * len(headers[2:]) == len(rows)
    for p in printed:
        for build in headers[2:]:
            assert number(p[build]) == shown[(p["ALGO"], p["IMPL"], build)]["code_bytes"]
    assert "host" in title and all(x["target"] == "host" and x["c_library"] is None for x in rows)
    assert "C library's routines not counted" in title


# ---- one name per console and implementation ------------------------------------------

def test_one_name_takes_a_consoles_other_spellings_with_a_note(capsys):
    from hashbench.spelling import one_name
    consoles = ("nes", "snes", "gb", "gbc", "gba", "nds", "n64")
    assert one_name("gb", consoles, "--target") == "gb" and capsys.readouterr().err == ""
    assert one_name("Game Boy", consoles, "--target") == "gb"
    assert one_name("GBC", consoles, "--target") == "gbc"
    assert one_name("Super NES", consoles, "--target") == "snes"
    assert one_name("gbx", consoles, "--target") == "gbx"   # no name: the caller's error says so
    assert capsys.readouterr().err.splitlines() == ["note: --target 'Game Boy' is spelled 'gb'",
                                                    "note: --target 'GBC' is spelled 'gbc'",
                                                    "note: --target 'Super NES' is spelled 'snes'"]
    assert one_name("MOS 6502", ("portable", "6502", "sm83"), "--impl") == "6502"


def test_cross_takes_the_other_spellings_with_one_note_each():
    r = hb("cross", "--target", "GB", "--impl", "SM83,nosuch", "-a", "crc8", "--no-save")
    assert r.returncode == 2   # the target and SM83 taken; the unknown implementation refused
    assert r.stderr.splitlines() == ["note: --target 'GB' is spelled 'gb'", "note: --impl 'SM83' is spelled 'sm83'",
                                     "hashbench: unknown implementation 'nosuch': cross runs "
                                     + ", ".join(roster.OURS + (roster.SMALL,)
                                                 + tuple(n for n in roster.asm_names() if n != "65816"))
                                     + " and the --impl-dir folders' code"]   # 65816: the Super NES image's alone


# ---- list and cross: fit and complete -----------------------------------------------

@pytest.mark.parametrize("columns", [80, 90, 100])
def test_list_fits_the_terminal(fake_env, columns):
    r = hb("list", env=dict(fake_env, COLUMNS=str(columns)))
    assert r.returncode == 0, r.stderr
    assert max(len(x) for x in (r.stdout + r.stderr).splitlines()) <= columns
    listed = [json.loads(x) for x in hb("list", "--json", env=fake_env).stdout.splitlines()]
    first = {x.split()[0] for x in r.stdout.splitlines()[2:] if x and not x.startswith(" ")}
    assert first == {a["id"] for a in listed}
    if columns == 80:   # too narrow for the spec beside the rest: each on lines of its own, whole
        words = " ".join(r.stdout.split())
        assert all(f"spec: {' '.join(a['spec'].split())}" in words for a in listed)


def test_steps_count_done_and_time_left():
    from hashbench.progress import Steps
    now = [0.0]
    steps = Steps(4, clock=lambda: now[0])
    now[0] = 20.0
    assert steps.line("nes: built") == "nes: built · 1/4 done, 0:20 so far, about 60 s left"
    now[0] = 120.0
    assert steps.line("gb: built").endswith("2/4 done, 2:00 so far, about 2 min left")
    now[0] = 200.0
    steps.line("x")
    assert steps.line("z80: built").endswith("4/4 done, 3:20 so far")


@pytest.mark.toolchain
def test_cross_prints_every_size_it_measured(tmp_path):
    from hashbench.targets import load_all
    if load_all()["n64"].missing():
        pytest.skip("the n64 target is not installed")
    out = tmp_path / "x.json"
    r = hb("cross", "--target", "n64", "-a", "crc32,fnv1a32", "--size", "64,256", "--no-save", "-o", out, timeout=600)
    assert r.returncode == 0, r.stderr
    rows = stored_json(out)["results"]
    printed = {int(re.search(r"@ (\d+) B", title).group(1)): p for title, _, p in tables(r.stdout)}
    assert set(printed) == {x["size"] for x in rows} == {64, 256}
    labels = roster.labels()
    for x in rows:
        cell = next(p for p in printed[x["size"]] if p["ALGO"] == labels[x["algorithm"]]
                    and p.get("IMPL", "portable") == x["implementation"])["n64"]
        assert number(cell) == pytest.approx(x["per_byte"], rel=0.01, abs=0.006)
    assert re.search(r"n64: .*digests match · 1/1 done", r.stderr), r.stderr

