# SPDX-License-Identifier: MIT
"""hashbench: the command line.  It only wires the commands (hashbench/commands/, one module each)
and turns failures into one line: results go to stdout; progress, warnings and errors to stderr;
bad input exits 2 with one line, never a traceback."""
import importlib
import sys

from .errors import BuildError, UserError, terminate_as_interrupt

# command -> its module in hashbench/commands/, in the order `--help` lists them; only the module of
# the command given is imported (a quick start), none for `--version`, every one for `--help`
COMMANDS = {"run": "run", "list": "catalogue", "hash": "hashfiles", "history": "stored", "show": "stored",
            "compare": "compare", "diff": "diff", "trend": "trend", "cross": "cross", "matrix": "matrix", "rom": "rom",
            "play": "play",
            "size": "size", "fleet": "fleet", "report": "report", "export": "exchange", "import": "exchange"}


def build_parser(command=None):
    """The parser, with the subcommands of `command`'s module ('': none; None: all)."""
    from .commands.options import Parser, Version, formatter  # here: `hash` in its plain forms needs no parser

    p = Parser(
        prog="hashbench", formatter_class=formatter,
        description="Benchmark hash algorithms on this machine and on other CPUs; every digest is verified first.",
        epilog="examples:\n  hashbench run                       # every algorithm, 1024 B\n"
               "  hashbench run -a 'sha*' --sweep     # SHA family at 64/256/1024 B\n"
               "  hashbench hash -a blake3 FILE       # like b3sum\n"
               "  hashbench list\n  hashbench history; hashbench diff last~1 last\n"
               "  hashbench trend -a sha256            # steps in each stored series, and their commits\n"
               "  hashbench cross --target n64,nes   # other CPUs: exact counts\n"
               "  hashbench rom --target gba -o hb.gba --run   # a console ROM, run headless\n"
               "  hashbench matrix --cc gcc,clang --flags=-O2,-O3   # builds side by side\n"
               "  hashbench size --flags=-Os,-O2     # code size per algorithm and build\n"
               "  hashbench report -o report.html     # plots and tables of the last run\n"
               "  hashbench export last -o run.json; hashbench import run.json  # between machines\n"
               "'hashbench COMMAND --help' explains each command.")
    p.add_argument("--version", action=Version)
    sub = p.add_subparsers(dest="command", metavar="COMMAND")
    names = [COMMANDS[command]] if command in COMMANDS else [] if command == "" else dict.fromkeys(COMMANDS.values())
    for name in names:  # each registers its parser(s) and the function to call
        module = importlib.import_module(f".commands.{name}", __package__)
        getattr(module, "add_parsers", getattr(module, "add_parser", None))(sub)
    return p


def main(argv=None):
    argv = sys.argv[1:] if argv is None else argv
    command = next((a for a in argv if not a.startswith("-")), None)
    args = None
    if argv[:1] == ["hash"]:   # the quick start of a sha256sum-like tool: no parser, stores nothing
        args = importlib.import_module(".commands.hashfiles", __package__).quick_args(argv[1:])
    if args is None:
        terminate_as_interrupt()   # a run stored as interrupted, not left 'running'
        parser = build_parser("" if command is None and "--version" in argv and "-h" not in argv
                              and "--help" not in argv else command)
        args = parser.parse_naming_command(argv)
        if not args.command:
            parser.print_help()
            return 2
        import shlex
        args.command_line = shlex.join(["hashbench", *argv])   # stored with the run: the library never reads sys.argv
    try:
        return args.func(args)
    except (UserError, BuildError) as exc:  # bad input, an unusable environment, a build that failed
        print(f"hashbench: {'build failed: ' * isinstance(exc, BuildError)}{exc}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("hashbench: interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:
        return 0


if __name__ == "__main__":
    sys.exit(main())
