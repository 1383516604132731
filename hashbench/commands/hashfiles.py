# SPDX-License-Identifier: MIT
"""hashbench hash: digests of files, like sha256sum, and about as quick to start.

The engine does the hashing: this process resolves the names and then becomes the engine
(os.execv: no child process, nothing copied between the two), which streams a file through our
own code in large blocks, or maps it whole for a library's one-shot.  The path to that exec reads
a few small files and imports nothing slow (python -X importtime shows it; no pathlib, json, re
or signal): whether the engine is up to date comes from hashbench.enginestamp, the engine's
catalogue and the default implementations from hashbench.hashchoice's memo beside it, the roster
only when a name needs more than an exact id or label (a glob, a suggestion).  The engine's
`hash` restores SIGPIPE's default itself (Python ignores it, and an ignored signal stays so
after exec)."""
import os
import sys
from types import SimpleNamespace

from .. import enginestamp, hashchoice
from ..errors import UserError
from ..userimpl import options as impl_options

DESCRIPTION = """Print '<hex>  <name>' for each FILE (standard input when none or '-'), like sha256sum: a file
that cannot be read is named on stderr, the others are still hashed, and the exit status is 1."""

IMPL_HELP = ("implementation (default: the fastest on a file of those the engine verified on this machine for that "
             "algorithm, timed at the first call without --impl and kept for this engine build)")


def defaults_now() -> str:
    """The memo's choices, one 'algo: impl' each, for --help."""
    from ..toolchain.host import engine_path
    engine = os.environ.get("HASHBENCH_ENGINE") or engine_path()
    chosen = hashchoice.load(engine).get("fastest", {}) if os.path.exists(engine) else {}
    if not chosen:
        return ("default implementations on this machine: none chosen yet (the first call without --impl "
                "for an algorithm times its implementations on a file, a second or two)")
    return ("default implementations on this machine (fastest verified, this engine build):\n  "
            + ", ".join(f"{a}: {i}" for a, i in chosen.items()))


def add_parser(sub):
    import argparse  # only here: the quick path (quick_args) never builds a parser

    from .options import formatter

    class Help(argparse.Action):
        """-h/--help, with the default implementations chosen so far on this machine below it."""

        def __init__(self, option_strings, dest=argparse.SUPPRESS, **kw):
            super().__init__(option_strings, dest, nargs=0, help="show this help message and exit", **kw)

        def __call__(self, parser, namespace, values, option_string=None):
            parser.epilog += "\n\n" + defaults_now()
            parser.print_help()
            parser.exit()

    h = sub.add_parser("hash", help="print digests of files, like sha256sum", formatter_class=formatter,
                       description=DESCRIPTION, add_help=False,
                       epilog="examples:\n  hashbench hash -a sha256 README.md\n  echo -n abc | hashbench hash -a md5\n"
                              "  hashbench hash -a blake3 --impl portable big.iso   # our own code")
    h.add_argument("-h", "--help", action=Help)
    h.add_argument("-a", "--algo", required=True, help="algorithm id or label (hashbench list)")
    h.add_argument("--impl", help=IMPL_HELP)
    impl_options.add_args(h, then="its --impl name hashes the files")
    h.add_argument("files", nargs="*", metavar="FILE")
    h.set_defaults(func=hash_main)


def quick_args(argv):
    """The arguments of `hash` in the forms a shell script writes them (-a/--algo, --impl, files,
    '--' before names that start with '-'), without argparse and its imports: a quick start.
    None for anything else (--help, --impl-dir, an unknown option, no algorithm): the parser then
    reads them, and explains or refuses as for every command."""
    opts, files, it = {"algo": None, "impl": None}, [], iter(argv)
    for a in it:
        if a == "--":
            files += list(it)
            break
        if a == "-" or not a.startswith("-"):
            files.append(a)
            continue
        name, eq, value = a.partition("=")
        key = {"-a": "algo", "--algo": "algo", "--impl": "impl"}.get(name)
        if key is None and a.startswith("-a") and not a.startswith("--"):
            key, value, eq = "algo", a[2:], "="
        if key is None or opts[key] is not None:
            return None
        opts[key] = value if eq else next(it, None)
        if not opts[key]:
            return None
    if opts["algo"] is None:
        return None
    return SimpleNamespace(**opts, files=files, impl_dir=None, func=hash_main)


def resolve(name, algos) -> str:
    """An algorithm id from an id or label (any case) of the engine's catalogue; anything else
    (a glob, a typo) through the roster's selection, which suggests the nearest ids."""
    low = name.lower()
    for algo_id, a in algos.items():
        if low in (algo_id, a["label"].lower()):
            return algo_id
    from .. import roster
    hits = roster.select([name], None, [a for a in roster.algorithms() if a.id in algos])
    if len(hits) != 1:
        raise UserError(f"'{name}' names {len(hits)} algorithms; hash needs exactly one")
    return hits[0].id


def engine_for(args):
    """The engine that hashes: the default one, or one with the implementation folders in it."""
    if not impl_options.named(args.impl_dir, os.environ):
        quick = os.environ.get("HASHBENCH_ENGINE") or enginestamp.clone_engine()
        if quick:
            return quick
        from ..toolchain.host import ensure_engine  # an installed package's tree, or make to run
        return ensure_engine()
    from .. import userimpl
    from ..userimpl.engine import host_engine
    from .options import log_to_stderr
    return host_engine(userimpl.prepare(args.impl_dir, log_to_stderr(False)), log_to_stderr(False))


def hash_main(args) -> int:
    engine = str(engine_for(args))
    memo = hashchoice.load(engine)
    algos = hashchoice.catalogue(engine, memo)
    algo = resolve(args.algo, algos)
    impls = algos[algo]["impls"]
    impl = args.impl or hashchoice.fastest(engine, memo, algo, lambda m: print(m, file=sys.stderr, flush=True))
    if impl not in impls:
        raise UserError(f"{algo} has no implementation {impl!r} (available: {', '.join(impls)})")
    sys.stdout.flush()
    sys.stderr.flush()
    # a file named like an option reaches the engine as a name: it reads no options after the implementation
    os.execv(engine, ["hashbench", "hash", algo, impl] + (args.files or ["-"]))
