# SPDX-License-Identifier: MIT
"""The reference studies' speeds beside our estimated ones: Markdown tables for
docs/generated/cross-platform.md (studies/cross_report.py) and the cycle-model
validation (studies/validate_cycle_model.py), from results of any run.

Per row: the reference study's KB/s (data/seed-speeds.toml), our estimate (meter
est-cycles: the target's CPU model, converted at its real clock), the ratio
estimate / seed; on the GBA also mGBA's exact figure.  "compared" is the
implementation a row compares: `portable`, except AES, whose family code has
no T-tables (our `compact`)."""
import tomllib

from hashbench import roster
from hashbench.paths import ROOT

SEEDS = ROOT / "data" / "seed-speeds.toml"
NDS_BUS_HZ = 33513982  # the clock the suite page gives the NDS: the DS bus clock (docs/reference-studies.md)
SIZE = 1024
LIKE_COMPACT = {"aes-cbc-mac"}
EST, EXACT = "est-cycles", "exact-cycles"
WITHIN = (0.7, 1.3)   # "within 30%": the goal for an estimate


def seed_data() -> dict:
    with open(SEEDS, "rb") as f:
        return tomllib.load(f)


def published(target: str, sd: dict = None) -> dict:
    """{algo id: the reference study's KB/s at 1024 B} for one of our targets: the N64
    README's Ares figures, else the suite page's crypto column (every GBA
    placement reads the GBA one)."""
    sd = sd or seed_data()
    if target == "n64":
        return dict(sd["n64"]["kb_per_s"])
    col = sd["crypto_column"]
    return dict(zip(col["order"], col["gba" if target.startswith("gba") else target]))


class Figures:
    """Verified results at SIZE, looked up by (target, algorithm,
    implementation, meter); a variant's results apart (variant=)."""

    def __init__(self, results, variant=None):
        self.by = {(r.target, r.algorithm, r.implementation, r.meter): r for r in results
                   if r.verified and r.size == SIZE and (r.variant or None) == variant and r.per_call}

    def get(self, target, algo, impl="portable", meter=EST):
        return self.by.get((target, algo, impl, meter))

    def kb(self, target, algo, impl="portable", meter=EST):
        r = self.get(target, algo, impl, meter)
        return None if r is None else r.kb_per_s

    def compared(self, target, algo, meter=EST):
        """(implementation, KB/s) a seed row compares."""
        impl = "compact" if algo in LIKE_COMPACT and self.get(target, algo, "compact", meter) else "portable"
        return impl, self.kb(target, algo, impl, meter)

    def targets(self, meter=EST) -> set:
        return {k[0] for k in self.by if k[3] == meter}


def fmt(v) -> str:
    if v is None:
        return "n/a"
    return f"{v:,.0f}" if v >= 100 else f"{v:.3g}"


def ratio(a, b) -> str:
    return f"{a / b:.2f}" if a and b else "-"


def within(rows) -> str:
    """'k of n rows within 30%' over the rows' ratios."""
    got = [r for r in rows if r is not None]
    near = [r for r in got if WITHIN[0] <= r <= WITHIN[1]]
    return f"{len(near)} of {len(got)} rows within 30% (estimate ÷ seed between {WITHIN[0]} and {WITHIN[1]})"


def labels():
    return roster.labels()


def pbkdf2_line(fig: Figures, target: str, seeds: dict, impl_target=None) -> list:
    """How much slower than HMAC-SHA256 the reference study makes PBKDF2, against our
    estimate (100 iterations: the digest the family publishes is of 100)."""
    t = impl_target or target
    s_h, s_p = seeds.get("hmac-sha256"), seeds.get("pbkdf2-sha256")
    e_h, e_p = fig.kb(t, "hmac-sha256"), fig.kb(t, "pbkdf2-sha256")
    if not (s_h and s_p and e_h and e_p):
        return []
    return ["", f"PBKDF2 against HMAC-SHA256: the reference study's figures make PBKDF2 {s_h / s_p:,.0f}× slower, our estimates "
                f"{e_h / e_p:,.0f}× (100 iterations: the digest the family publishes, 4F AC C7 38, is the digest of "
                "100, whatever its READMEs say)" + (f"; the reference study's PBKDF2 figure is {s_h / s_p / (e_h / e_p):,.0f}× "
                                                     "lower than its own HMAC figure implies" if s_h / s_p > 3 * e_h / e_p
                                                     else "") + "."]


def seed_table(fig: Figures, target: str, seeds: dict) -> list:
    """| algo | seed | est. portable | est. compact | compared | est./seed | for {algo: seed KB/s}."""
    names = labels()
    lines = ["| algo | seed KB/s | est. portable | est. compact | compared | est. ÷ seed |",
             "|---|---:|---:|---:|---|---:|"]
    ratios = []
    for algo, seed in seeds.items():
        impl, est = fig.compared(target, algo)
        ratios.append(est / seed if est and seed else None)
        lines.append(f"| {names.get(algo, algo)} | {fmt(seed)} | {fmt(fig.kb(target, algo))} | "
                     f"{fmt(fig.kb(target, algo, 'compact'))} | {impl} | {ratio(est, seed)} |")
    return lines + ["", within(ratios) + "."] + pbkdf2_line(fig, target, seeds)


def gba_table(fig: Figures, seeds: dict) -> list:
    """The GBA: the reference study, then per placement our estimate, mGBA's exact
    figure and the ratios (estimate ÷ seed, estimate ÷ mGBA)."""
    names = labels()
    lines = ["| algo | compared | seed KB/s | ROM est. | ROM mGBA | ROM est. ÷ seed | ROM est. ÷ mGBA | "
             "IWRAM est. | IWRAM mGBA | IWRAM est. ÷ seed | IWRAM est. ÷ mGBA |",
             "|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|"]
    ratios = {"gba": [], "gba-iwram": []}
    for algo, seed in seeds.items():
        impl, _ = fig.compared("gba", algo)
        cells = []
        for t in ("gba", "gba-iwram"):
            est, exact = fig.kb(t, algo, impl), fig.kb(t, algo, impl, EXACT)
            ratios[t].append(est / seed if est and seed else None)
            cells += [fmt(est), fmt(exact), ratio(est, seed), ratio(est, exact)]
        lines.append(f"| {names.get(algo, algo)} | {impl} | {fmt(seed)} | " + " | ".join(cells) + " |")
    return lines + ["", f"ROM: {within(ratios['gba'])}; IWRAM: {within(ratios['gba-iwram'])}."] + \
        pbkdf2_line(fig, "gba", seeds, "gba-iwram")


def gba_column_origin(gba_hz: int) -> str:
    """The suite page's GBA KB/s against its NDS KB/s, row by row, beside the
    ratio of the clocks it gives them: where they agree, the GBA figure is the
    NDS's scaled by clock (the same cycles per byte as an ARM946E-S with
    caches), which GBA code can approach only from IWRAM."""
    col = seed_data()["crypto_column"]
    names = labels()
    ratios = [(names.get(a, a), g / n) for a, g, n in zip(col["order"], col["gba"], col["nds"])]
    clock = gba_hz / NDS_BUS_HZ
    near = sum(abs(r / clock - 1) <= 0.05 for _, r in ratios)
    return ("The reference study's GBA column ÷ its NDS column, row by row: "
            + ", ".join(f"{lab} {r:.3f}" for lab, r in ratios)
            + f". The clocks' ratio is {clock:.3f} (16.78 / 33.51 MHz); {near} of {len(ratios)} rows are"
            " within 5% of it. The suite page marks these figures approximate, and this says how: its GBA"
            " column is its NDS column scaled by clock (an ARM946E-S's cycles per byte, with caches),"
            " not a measurement of code running from the GBA's cartridge ROM.")


def sha2_line(fig: Figures, target: str, seed_pair) -> str:
    """The suite's SHA-256 against SHA-512 table beside our estimates."""
    s256, s512 = seed_pair
    parts = []
    for impl in ("portable", "compact"):
        e256, e512 = fig.kb(target, "sha256", impl), fig.kb(target, "sha512", impl)
        if e256 and e512:
            parts.append(f"{impl} {fmt(e256)} / {fmt(e512)} KB/s (SHA-512 costs {e256 / e512:.2f}× SHA-256)")
    return (f"SHA-256 / SHA-512 table: seed {fmt(s256)} / {fmt(s512)} KB/s (SHA-512 costs {s256 / s512:.2f}× "
            f"SHA-256); estimate " + ("; ".join(parts) if parts else "n/a") + ".")


def sections(fig: Figures, clocks: dict, variant_fig: Figures = None) -> list:
    """Every seed table we estimate: N64 (its README), NDS and 3DS (the
    suite's crypto column), GBA (the same, with mGBA beside).  `clocks`:
    {target: clock_hz}.  variant_fig: the NDS with its caches off."""
    sd = seed_data()
    crypto = {p: published(p, sd) for p in ("nds", "3ds", "gba")}
    out = []
    have = fig.targets()
    if "n64" in have:
        out += [f"#### N64 (VR4300 @ {clocks['n64'] / 1e6:.2f} MHz): the reference study's KB/s at 1024 B, on Ares", ""]
        out += seed_table(fig, "n64", published("n64", sd)) + ["", sha2_line(fig, "n64", sd["sha256_vs_sha512"]["n64"]),
                                                              ""]
    if "nds" in have:
        mhz = clocks["nds"] / 1e6
        out += [f"#### NDS (ARM946E-S @ {mhz:.2f} MHz): the suite's crypto column (approximate, melonDS)", ""]
        out += seed_table(fig, "nds", crypto["nds"])
        out += ["", f"At {mhz:.2f} MHz, the ARM9's clock; the suite page says 33.51 MHz, the DS's bus clock, at "
                    "which every estimate would halve.", "", sha2_line(fig, "nds", sd["sha256_vs_sha512"]["nds"]), ""]
        if variant_fig is not None and "nds" in variant_fig.targets():
            names = labels()
            out += ["The same rows with the model's `caches-off` variant (not the DS as libnds sets it up; one "
                    "explanation of the reference study's low figures), KB/s: " + ", ".join(
                        f"{names.get(a, a)} {fmt(variant_fig.compared('nds', a)[1])} "
                        f"({ratio(variant_fig.compared('nds', a)[1], s)})" for a, s in crypto["nds"].items())
                    + " (estimate, and ÷ seed).", ""]
    if "3ds" in have:
        out += [f"#### 3DS (ARM11 @ {clocks['3ds'] / 1e6:.1f} MHz): the suite's crypto column (approximate, Citra)",
                ""]
        out += seed_table(fig, "3ds", crypto["3ds"]) + [""]
    if "gba" in have:
        out += [f"#### GBA (ARM7TDMI @ {clocks['gba'] / 1e6:.2f} MHz): the suite's crypto column (approximate, "
                "mGBA), beside our estimate and mGBA's exact cycles", ""]
        out += gba_table(fig, crypto["gba"])
        s256, s512 = sd["sha256_vs_sha512"]["gba"]
        out += ["", f"The suite's SHA-256 / SHA-512 table says {s256} / {s512} KB/s, its crypto column "
                    f"{crypto['gba']['sha256']} / {crypto['gba']['sha512']}.", "",
                gba_column_origin(clocks["gba"]), ""]
    return out
