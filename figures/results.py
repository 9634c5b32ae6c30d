#!/usr/bin/env python3
"""The README's results table, made from the measured CSVs.

    python figures/results.py          rewrite the table in README.md
    python figures/results.py --check  fail if README.md's table is not what the CSVs give

The table sits between the markers <!-- results-begin --> and <!-- results-end -->
in README.md. Every number in it is read from figures/data/*.csv (through
measurements.read, which also checks each row's provenance, and reads both CSV schemas);
nothing is typed by hand. "of memcpy": the time of a device copy of the same bytes,
measured in the same run, over the step's time (fraction_of_copy).
"""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from measurements import DEFAULT_DISTRIBUTION, DEFAULT_MODE, PROVENANCE, DataError, main_problem, read  # noqa: E402  (the one CSV reader)

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
BEGIN, END = "<!-- results-begin -->", "<!-- results-end -->"

# (what, dataset, row step, size or None for the largest)
DEVICE_REDUCE = [
    ("`DeviceReduce::Sum`, int32", "versus_device_reduce_sum_i32"),
    ("`DeviceReduce::Sum`, float32", "versus_device_reduce_sum_f32"),
    ("`DeviceReduce::Min`, int32", "versus_device_reduce_min_i32"),
    ("`DeviceReduce::Max`, int32", "versus_device_reduce_max_i32"),
    ("`DeviceReduce::ArgMin`, int32", "versus_device_reduce_argmin_i32"),
]
SIZES = [12, 16, 20, 22, 24, 28]
DEVICE_SCAN = [
    ("`DeviceScan::InclusiveSum`, int32", "versus_device_scan_inclusive_sum_i32"),
    ("`DeviceScan::ExclusiveSum`, float32 (deterministic)", "versus_device_scan_exclusive_sum_f32"),
    ("`DeviceScan::InclusiveScan`, affine maps (8 bytes)", "versus_device_scan_affine_f32x2"),
    ("`DeviceScan::InclusiveSumByKey`, int32", "versus_device_scan_sum_by_key_i32"),
]
SCAN_SIZES = [14, 16, 20, 24, 26, 28]
DEVICE_RADIX_SORT = [
    ("`DeviceRadixSort::SortKeys`, uint32", "versus_device_radix_sort_keys_u32"),
    ("`DeviceRadixSort::SortPairs`, uint32/uint32", "versus_device_radix_sort_pairs_u32"),
    ("`DeviceRadixSort::SortKeys`, uint64", "versus_device_radix_sort_keys_u64"),
    ("`DeviceRadixSort::SortKeys`, float32", "versus_device_radix_sort_keys_f32"),
    ("`DeviceRadixSort::SortKeys`, uint32, entropy 0.201", "versus_device_radix_sort_keys_u32_entropy_0201"),
    ("`DeviceRadixSort::SortKeys`, uint32, all equal", "versus_device_radix_sort_keys_u32_all_equal"),
]
SORT_SIZES = [14, 16, 20, 24, 26, 28]


def rows_of(name, data_dir=os.path.join(HERE, "data"), every_axis=False):
    """The rows of figures/data/NAME.csv on the default axes (out of place, uniform input), where
    the file has them: the table compares like with like. Either CSV schema (see measurements.read).
    every_axis: every row (a chapter whose comparisons are problems of their own distribution,
    each named by its own row)."""
    path = os.path.join(data_dir, name + ".csv")
    if not os.path.exists(path):
        return None
    rows = read(path)
    if every_axis:
        return [r for r in rows if r["mode"] == DEFAULT_MODE] or rows
    default = [r for r in rows if (r["mode"], r["distribution"]) == (DEFAULT_MODE, DEFAULT_DISTRIBUTION)]
    return default or rows


def own_problem(rows):
    """The rows of the chapter's own problem (its steps.def), where the file names it."""
    problem = main_problem(rows[0]["chapter"])
    mine = [r for r in rows if r["problem"] == problem]
    return mine or rows


def run_of(row):
    """The run that measured `row`: its GPU, driver, CUDA, commit and date."""
    return tuple(row[key] for key in PROVENANCE)


def latest_run(rows):
    """The latest run of `rows` by date; of runs on one date, the one that measured most of them."""
    date = PROVENANCE.index("date")
    runs = sorted({run_of(r) for r in rows}, key=lambda run: (run[date], sum(run_of(r) == run for r in rows)))
    return runs[-1]


def ratio(rows, versus, n):
    """cubling's time over CUB's for one cell; a cell measured in another run than the latest is marked *."""
    mine = [r for r in rows if r["step"] == "cubling:" + versus and r["n"] == n]
    if not mine or not mine[0]["time_vs_cub"]:
        return "—"
    mark = "" if run_of(mine[0]) == latest_run(rows) else "*"
    return f"{float(mine[0]['time_vs_cub']):.2f}{mark}"


def measured_on(rows):
    """The lines that say where and when `rows` were measured: the latest run, then the others, whose cells
    are marked *."""
    main = latest_run(rows)
    others = sorted({run_of(r) for r in rows} - {main})
    said = ["Measured on an {} (driver {}, CUDA {}) at commit `{}`, {}.".format(*main)]
    return said + ["Cells marked * were measured on an {} (driver {}, CUDA {}) at commit `{}`, {}.".format(*run)
                   for run in others]


def table():
    lines = []
    reduce_rows = rows_of("ch05_device_reduce")
    if reduce_rows:
        lines += ["**`cubling::DeviceReduce` against `cub::DeviceReduce`**: cubling's time divided by CUB's,",
                  "same run, same data (below 1 means cubling is faster).", "",
                  "| operation | " + " | ".join(f"2^{k}" for k in SIZES) + " |",
                  "|---|" + "---|" * len(SIZES)]
        for what, versus in DEVICE_REDUCE:
            lines.append(f"| {what} | " + " | ".join(ratio(reduce_rows, versus, 1 << k) for k in SIZES) + " |")
        lines += [""] + measured_on(reduce_rows) + [""]
    scan_rows = rows_of("ch08_device_scan")
    if scan_rows:
        lines += ["**`cubling::DeviceScan` against `cub::DeviceScan`**, the same way; CUB timed with an `int`",
                  "and with an `int64_t` item count, the faster taken:", "",
                  "| operation | " + " | ".join(f"2^{k}" for k in SCAN_SIZES) + " |",
                  "|---|" + "---|" * len(SCAN_SIZES)]
        for what, versus in DEVICE_SCAN:
            lines.append(f"| {what} | " + " | ".join(ratio(scan_rows, versus, 1 << k) for k in SCAN_SIZES) + " |")
        lines += [""] + measured_on(scan_rows) + [""]
    sort_rows = rows_of("ch10_device_radix_sort", every_axis=True)
    if sort_rows:
        lines += ["**`cubling::DeviceRadixSort` against `cub::DeviceRadixSort`**, the same way; CUB timed with an",
                  "`int` and with an `int64_t` item count, the faster taken:", "",
                  "| operation | " + " | ".join(f"2^{k}" for k in SORT_SIZES) + " |",
                  "|---|" + "---|" * len(SORT_SIZES)]
        for what, versus in DEVICE_RADIX_SORT:
            lines.append(f"| {what} | " + " | ".join(ratio(sort_rows, versus, 1 << k) for k in SORT_SIZES) + " |")
        lines += [""] + measured_on(sort_rows) + [""]
    copy_rows = rows_of("ch04_load_store")
    if copy_rows:
        copy_rows = own_problem(copy_rows)
        steps = sorted({int(r["step"]) for r in copy_rows if r["step"].isdigit()})
        largest = max(r["n"] for r in copy_rows)
        lines += [f"**Chapter 04's copy steps** at 2^{largest.bit_length() - 1} int32 items, as a fraction of "
                  "`cudaMemcpyAsync`'s speed in the same run:", "",
                  "| step | " + " | ".join(str(s) for s in steps) + " |",
                  "|---|" + "---|" * len(steps),
                  "| of memcpy | " + " | ".join(
                      next(f"{100 * float(r['fraction_of_copy']):.0f}%" for r in copy_rows
                           if r["step"] == str(s) and r["n"] == largest) for s in steps) + " |", ""]
        lines += measured_on(copy_rows)
    return "\n".join(lines).rstrip() + "\n"


def main(argv):
    readme_path = os.path.join(ROOT, "README.md")
    with open(readme_path, encoding="utf-8") as f:
        readme = f.read()
    if BEGIN not in readme or END not in readme:
        print(f"README.md has no {BEGIN} ... {END} section", file=sys.stderr)
        return 1
    head, rest = readme.split(BEGIN, 1)
    _, tail = rest.split(END, 1)
    try:
        wanted = head + BEGIN + "\n" + table() + END + tail
    except DataError as error:
        print(error, file=sys.stderr)
        return 1
    if argv[:1] == ["--check"]:
        if wanted != readme:
            print("README.md's results table is not what figures/data/*.csv give: run figures/results.py",
                  file=sys.stderr)
            return 1
        print("README.md's results table matches figures/data/*.csv")
        return 0
    with open(readme_path, "w", encoding="utf-8") as f:
        f.write(wanted)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
