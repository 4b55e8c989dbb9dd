"""What the process-level benchmarks share (`bench/driver/run.py`,
`bench/dialects/run.py`): two commands timed in interleaved rounds, and the
median of the per-round ratios with a distribution-free 95% interval."""

import math
import re
import statistics
import subprocess
import time


def timed(command):
    """Seconds one run of `command` takes (its output discarded)."""
    start = time.perf_counter()
    subprocess.run(command, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    return time.perf_counter() - start


def pass_timer(name):
    """A measure for `compare`: the seconds of wall time MLIR's own timing
    (`--mlir-timing --mlir-timing-display=list`, appended to the command)
    gives the timer `name` (a pass, such as `CSE`, with what it computes
    under it), so that parsing and printing are left out of the figure."""
    wall = re.compile(r"^\s*(?:[0-9.]+ \(\s*[0-9.]+%\)\s+)*([0-9.]+) \(\s*[0-9.]+%\)\s+" + re.escape(name) + r"$")

    def measure(command):
        done = subprocess.run(
            command + ["--mlir-timing", "--mlir-timing-display=list"],
            check=True,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.PIPE,
            text=True,
        )
        for line in done.stderr.splitlines():
            found = wall.match(line)
            if found:
                return float(found.group(1))
        raise RuntimeError(f"no timer `{name}` in the timing report of {command}")

    return measure


def interval(ratios):
    """The median of `ratios` and a distribution-free 95% interval for it:
    the k-th smallest and k-th largest, k = n/2 - 0.98 sqrt(n) (normal
    approximation of the binomial); with few rounds, the whole range."""
    r = sorted(ratios)
    n = len(r)
    k = max(0, math.floor(n / 2 - 0.98 * math.sqrt(n)))
    return r[n // 2], r[k], r[n - 1 - k]


def compare(base_cmd, our_cmd, min_rounds, max_rounds, budget, target_width, measure=timed):
    """Times `base_cmd` and `our_cmd` in interleaved rounds (one run of each
    per round, in alternating order, after a warm-up round for the page
    cache), from `min_rounds`, adding rounds until the 95% interval of the
    median ratio is within `target_width` of the median, `budget` seconds
    are spent, or `max_rounds` are taken. Returns the medians of both
    times, the median ratio (ours / base) with its interval, and the
    number of rounds. `measure` takes a command and gives its seconds: the
    whole process (`timed`) unless another is given (`pass_timer`)."""
    base, ours = [], []
    start = time.perf_counter()
    measure(base_cmd), measure(our_cmd)
    while True:
        if len(base) % 2:
            b, a = measure(our_cmd), measure(base_cmd)
        else:
            a, b = measure(base_cmd), measure(our_cmd)
        base.append(a)
        ours.append(b)
        median, low, high = interval([o / s for s, o in zip(base, ours)])
        if len(base) >= max_rounds or (
            len(base) >= min_rounds
            and ((high - low) / median <= target_width or time.perf_counter() - start >= budget)
        ):
            break
    return statistics.median(base), statistics.median(ours), median, low, high, len(base)
