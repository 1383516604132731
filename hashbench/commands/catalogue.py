# SPDX-License-Identifier: MIT
"""hashbench list and hashbench hash: the roster, and digests of files."""
import json
import subprocess
import sys

from .. import roster, userimpl
from ..build.host import catalogue as engine_catalogue
from ..build.host import ensure_engine
from ..errors import UserError
from ..present.table import render
from ..userimpl.engine import host_engine
from .options import formatter, log_to_stderr


def add_parsers(sub):
    lp = sub.add_parser("list", help="the algorithm roster", formatter_class=formatter,
                        description="List every algorithm with its tier, digest size and implementations: those of "
                                    "this machine, and the assembly written for one CPU (present only there).",
                        epilog="examples:\n  hashbench list\n  hashbench list --json | jq .id")
    lp.add_argument("--json", action="store_true", help="one JSON object per line")
    lp.set_defaults(func=list_main)
    h = sub.add_parser("hash", help="print digests of files, like sha256sum", formatter_class=formatter,
                       description="Print '<hex>  <name>' for each FILE (standard input when none or '-').",
                       epilog="examples:\n  hashbench hash -a sha256 README.md\n  echo -n abc | hashbench hash -a md5")
    h.add_argument("-a", "--algo", required=True, help="algorithm id")
    h.add_argument("--impl", default="portable", help="implementation (default portable)")
    userimpl.add_args(h, then="its --impl name hashes the files")
    h.add_argument("files", nargs="*", metavar="FILE")
    h.set_defaults(func=hash_main)


def list_main(args) -> int:
    catalogue, backends = engine_catalogue(ensure_engine())
    impls = {c["id"]: c["impls"] for c in catalogue}
    algos = [a for a in roster.algorithms() if a.id in impls]
    if args.json:
        for a in algos:
            print(json.dumps({"id": a.id, "label": a.label, "tier": a.tier, "digest_len": a.digest_len,
                              "block_len": a.block_len, "width": a.width, "streaming": a.streaming,
                              "spec": a.spec, "impls": impls[a.id], "asm": {n: i.isa for n, i in a.asm.items()}}))
        return 0
    rows = [[a.id, a.label, a.tier, a.digest_len * 8, a.block_len, a.width, ",".join(impls[a.id]),
             ",".join(a.asm) or "-", a.spec] for a in algos]
    render(["ID", "LABEL", "TIER", "BITS", "BLOCK", "WIDTH", "IMPLEMENTATIONS", "ASSEMBLY", "SPEC"], rows, "lllrrrlll")
    if any(a.asm for a in algos):
        print("ASSEMBLY: hand-written for one CPU, measured only there "
              "(hashbench cross --target gb --impl sm83; docs/adding-an-algorithm.md)", file=sys.stderr)
    skipped = [b["name"] for b in backends if not b["available"]]
    if skipped:
        print(f"backends not available here: {', '.join(skipped)}", file=sys.stderr)
    return 0


def hash_main(args) -> int:
    engine = host_engine(userimpl.prepare(getattr(args, "impl_dir", None), log_to_stderr(False)), log_to_stderr(False))
    catalogue, _ = engine_catalogue(engine)
    algo = roster.select([args.algo], None, [a for a in roster.algorithms() if a.id in {c["id"] for c in catalogue}])
    if len(algo) != 1:
        raise UserError(f"'{args.algo}' names {len(algo)} algorithms; hash needs exactly one")
    impls = next(c["impls"] for c in catalogue if c["id"] == algo[0].id)
    if args.impl not in impls:
        raise UserError(f"{algo[0].id} has no implementation {args.impl!r} (available: {', '.join(impls)})")
    proc = subprocess.run([str(engine), "hash", algo[0].id, args.impl] + (args.files or ["-"]))
    return 1 if proc.returncode else 0
