"""``python -m referee rank|check|export``: the referee's command line (CONTRACT.md 4).

Each subcommand lives beside the code it fronts: ``rank.rank_main``, ``check.check_main``,
``phh.export_main``; each takes the argument list and returns the exit status.
"""

from __future__ import annotations

import sys
from importlib import import_module

COMMANDS = {
    "rank": ("rank", "rank_main", "print a hand's category: rank CARDS [--rules PRESET]"),
    "check": ("check", "check_main", "replay a session or PHH file: check FILE [--rules PRESET] [--format json|text] [--lang es|en]"),
    "export": ("phh", "export_main", "write a session file as PHH: export FILE [-o OUT]"),
}


def main(argv: list[str] | None = None) -> int:
    """Dispatch to a subcommand; returns its exit status (2 for usage errors)."""
    argv = list(sys.argv[1:] if argv is None else argv)
    if not argv or argv[0] not in COMMANDS:
        print("usage: python -m referee {rank,check,export} ...", file=sys.stderr)
        for name, (_, _, help_text) in COMMANDS.items():
            print(f"  {name:7} {help_text}", file=sys.stderr)
        return 2
    module, func, _ = COMMANDS[argv[0]]
    return getattr(import_module(f"referee.{module}"), func)(argv[1:])


if __name__ == "__main__":
    try:
        status = main()
        sys.stdout.flush()
    except BrokenPipeError:  # the reader went away (``... | head``): nothing more to say
        import os

        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        status = 0
    sys.exit(status)
