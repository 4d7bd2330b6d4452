"""Profile one in-process axiomcheck check under cProfile and print the top entries.

    python bench/profile.py FILE [--venue V] [--track T] [--stage S] [--top N] [--sort KEY] [--warm]

Runs `axiomcheck.api.check_file` from the working tree (src/ comes first on sys.path),
so the profile shows the code as it is now, without interpreter start-up. Imports that
check_file makes on its first call are profiled unless --warm calls it once beforehand.
"""

import sys
from pathlib import Path

BENCH = Path(__file__).resolve().parent
# This file is named like the stdlib `profile` module, which cProfile imports: drop bench/
# from the import path first, then put the working tree's src/ in front.
sys.path[:] = [p for p in sys.path if Path(p or ".").resolve() != BENCH]
sys.path.insert(0, str(BENCH.parent / "src"))

import argparse  # noqa: E402
import cProfile  # noqa: E402
import pstats  # noqa: E402
import time  # noqa: E402


def parse_args() -> argparse.Namespace:
    """Command-line options."""
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("file", type=Path, help="PDF to check")
    parser.add_argument("--venue", default="axiom-2026")
    parser.add_argument("--track", default="paper")
    parser.add_argument("--stage", default="submission")
    parser.add_argument("--top", type=int, default=25, help="entries to print (default 25)")
    parser.add_argument("--sort", default="cumulative", help="pstats sort key (default cumulative)")
    parser.add_argument("--warm", action="store_true",
                        help="call check_file once before profiling (leaves out first-call imports)")
    return parser.parse_args()


def main() -> int:
    """Import check_file, profile one call, print the report summary and the statistics."""
    args = parse_args()
    if not args.file.is_file():
        print(f"profile.py: no such file: {args.file}", file=sys.stderr)
        return 2
    try:
        from axiomcheck.api import check_file
    except ImportError as exc:
        print(f"profile.py: cannot import axiomcheck.api.check_file ({exc}).\n"
              "Install the project first (pip install -e . in the repo root), "
              "or wait until axiomcheck/api.py exists.", file=sys.stderr)
        return 2
    options = {"venue": args.venue, "track": args.track, "stage": args.stage}
    if args.warm:
        check_file(str(args.file), **options)
    profiler = cProfile.Profile()
    start = time.perf_counter()
    report = profiler.runcall(check_file, str(args.file), **options)
    elapsed = time.perf_counter() - start
    print(f"checked {args.file} in {elapsed * 1000:.1f} ms under the profiler: {type(report).__name__}\n")
    pstats.Stats(profiler).sort_stats(args.sort).print_stats(args.top)
    return 0


if __name__ == "__main__":
    sys.exit(main())
