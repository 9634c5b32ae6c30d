"""The one reader of the chapter runners' CSVs (figures/data/chNN_*.csv).

The runners (chapters/common/runner.cu, --csv FILE) write one row per (step, size,
workload) under this header:

    chapter,step,name,item_type,n,bytes,median_us,gbps,copy_gbps,fraction_of_copy,
    speedup_vs_prev,speedup_vs_step1,time_vs_cub,max_reps,gpu,driver,cuda,commit,date,
    problem,mode,distribution,gitems_per_s

Files from before the last four columns are read too: their rows get the chapter's
problem (CHAPTER(folder, problem, ...) in chapters/<folder>/steps.def), mode
out_of_place and distribution uniform, and no items per second.

`step` is a step number, "cub" for the CUB oracle, "copy" for the device-to-device
copy, or "cubling:<name>" / "cub:<name>" for a library call against the same call on
CUB. A workload is (problem, mode, distribution).

Users: figures/plot.py (the plots), figures/results.py (the README's table) and
docs/_ext/cubling_data.py (the book's tables and numbers).
"""
import csv
import os
import re

HEADER = (
    "chapter,step,name,item_type,n,bytes,median_us,gbps,copy_gbps,fraction_of_copy,"
    "speedup_vs_prev,speedup_vs_step1,time_vs_cub,max_reps,gpu,driver,cuda,commit,date"
).split(",")
# Appended by the rewritten runner; files with the 19 columns above stay readable.
AXES = ("problem", "mode", "distribution", "gitems_per_s")
HEADER_AXES = HEADER + list(AXES)
DEFAULT_MODE, DEFAULT_DISTRIBUTION = "out_of_place", "uniform"
PROVENANCE = ("gpu", "driver", "cuda", "commit", "date")
NUMERIC = ("n", "bytes", "median_us", "gbps", "copy_gbps", "fraction_of_copy",
           "speedup_vs_prev", "speedup_vs_step1", "time_vs_cub", "max_reps", "gitems_per_s")
ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


class DataError(Exception):
    """A CSV that cannot be read, or a request it cannot answer."""


_problems = {}


def main_problem(chapter):
    """The chapter's problem as its steps.def names it (CHAPTER(folder, problem, ...)), or ''."""
    if chapter not in _problems:
        _problems[chapter] = ""
        try:
            with open(os.path.join(ROOT, "chapters", chapter, "steps.def"), encoding="utf-8") as f:
                for line in f:
                    match = re.match(r"\s*CHAPTER\(\s*([^,\s]+)\s*,\s*([^,\s)]+)", line)
                    if match and match.group(1) == chapter:
                        _problems[chapter] = match.group(2)
                        break
        except OSError:
            pass
    return _problems[chapter]


def read(path):
    """The rows of one runner CSV, checked (header, column count, provenance, numbers), as
    dicts: the numeric columns as floats (None where empty), n as an int, and gbps recomputed
    as bytes over time, which keeps the digits that the CSV's gbps rounds away (0.07 GB/s)."""
    try:
        f = open(path, newline="", encoding="utf-8")
    except OSError:
        raise DataError(f"no measurements at {path}: run the chapter runner with --csv "
                        "(see the chapter's page), then figures/plot.py")
    with f:
        reader = csv.reader(f)
        header = next(reader, None)
        if header not in (HEADER, HEADER_AXES):
            raise DataError(f"{path}: the header is not the runner's:\n  {','.join(HEADER_AXES)}\n"
                            f"  (or, from before the runner's axes, its first {len(HEADER)} columns)")
        rows = []
        for number, values in enumerate(reader, start=2):
            if not values:
                continue
            if len(values) != len(header):
                raise DataError(f"{path}:{number}: {len(values)} columns, expected {len(header)}")
            row = dict(zip(header, values))
            missing = [key for key in PROVENANCE if not row[key].strip() or row[key].strip() == "unknown"]
            if missing:
                raise DataError(f"{path}:{number}: no provenance ({', '.join(missing)} empty or unknown); "
                                "measure with a runner built from the git checkout")
            if "problem" not in row:
                row.update(problem=main_problem(row["chapter"]), mode=DEFAULT_MODE,
                           distribution=DEFAULT_DISTRIBUTION, gitems_per_s="")
            for key in NUMERIC:
                text = row[key].strip()
                try:
                    row[key] = float(text) if text else None
                except ValueError:
                    raise DataError(f"{path}:{number}: {key} is not a number: {text!r}")
            if row["n"] is None or not row["median_us"] or row["median_us"] <= 0:
                raise DataError(f"{path}:{number}: n and median_us are required, and the time positive")
            row["n"] = int(row["n"])
            if row["bytes"]:
                row["gbps"] = row["bytes"] / row["median_us"] / 1e3
            if row["n"] <= 0 or not (row["gbps"] or 0) > 0:
                raise DataError(f"{path}:{number}: n and gbps must be positive")
            rows.append(row)
    if not rows:
        raise DataError(f"{path}: no rows")
    return rows


def workload(row):
    return (row["problem"], row["mode"], row["distribution"])


def is_step(row):
    return row["step"].isdigit()


def is_versus(row):
    return ":" in row["step"]


def same_bytes_copy(rows):
    """Whether the copy rows move the bytes of the steps (the runner's yardstick since the axes
    columns; before, the copy counted the read + write of the items, whatever a step moved)."""
    copy = {row["n"]: row["bytes"] for row in rows if row["step"] == "copy"}
    steps = [row for row in rows if is_step(row) and row["n"] in copy]
    return bool(steps) and all(copy[row["n"]] == row["bytes"] for row in steps)
