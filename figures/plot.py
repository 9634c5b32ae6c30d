#!/usr/bin/env python3
"""Draw every chapter's plot from its measurements.

    python figures/plot.py                 figures/data/chNN_*.csv -> figures/chNN_*.png
    python figures/plot.py --check OUTDIR  draw into OUTDIR, then fail if a committed
                                           figures/*.png is not exactly what its CSV gives

The CSVs are written by the chapter runners (--csv FILE). A plot shows
bandwidth (GB/s, log scale) against input size (log2 of the item count): one
line per step, one for CUB, and the device-to-device copy measured in the
same run as a dashed line. The drawing is deterministic: the same CSV gives
the same PNG, byte for byte, with the pinned toolchain of docs/requirements.txt
(build/<preset>/docs-venv/bin/python, or `cmake --build <dir> --target figures`).
That is what the --check of the CTest test docs.figures_from_data relies on.
"""
import argparse
import csv
import filecmp
import math
import os
import sys

HEADER = (
    "chapter,step,name,item_type,n,bytes,median_us,gbps,copy_gbps,fraction_of_copy,"
    "speedup_vs_prev,speedup_vs_step1,time_vs_cub,max_reps,gpu,driver,cuda,commit,date"
).split(",")
PROVENANCE = ("gpu", "driver", "cuda", "commit", "date")
HERE = os.path.dirname(os.path.abspath(__file__))


class DataError(Exception):
    pass


def read(path):
    """The rows of one runner CSV, checked: header, numbers and provenance."""
    with open(path, newline="", encoding="utf-8") as f:
        reader = csv.reader(f)
        header = next(reader, None)
        if header != HEADER:
            raise DataError(f"{path}: the header is not the runner's:\n  {','.join(HEADER)}")
        rows = []
        for number, values in enumerate(reader, start=2):
            if not values:
                continue
            if len(values) != len(HEADER):
                raise DataError(f"{path}:{number}: {len(values)} columns, expected {len(HEADER)}")
            row = dict(zip(HEADER, values))
            missing = [key for key in PROVENANCE if not row[key].strip() or row[key].strip() == "unknown"]
            if missing:
                raise DataError(f"{path}:{number}: no provenance ({', '.join(missing)} empty or unknown); "
                                "measure with a runner built from the git checkout")
            try:
                row["n"] = int(row["n"])
                row["gbps"] = float(row["gbps"])
                # bytes / time keeps the digits that the gbps column rounds away (0.07 GB/s)
                if row["bytes"] and row["median_us"] and float(row["median_us"]) > 0:
                    row["gbps"] = float(row["bytes"]) / float(row["median_us"]) / 1e3
            except ValueError as error:
                raise DataError(f"{path}:{number}: {error}")
            if row["n"] <= 0 or not row["gbps"] > 0:
                raise DataError(f"{path}:{number}: n and gbps must be positive")
            rows.append(row)
    if not rows:
        raise DataError(f"{path}: no rows")
    return rows


def series(rows):
    """(label, style, [(log2 n, GB/s)]) in drawing order: steps, CUB, copy."""
    steps = sorted({int(row["step"]) for row in rows if row["step"].isdigit()})
    result = []
    for step in steps:
        mine = [row for row in rows if row["step"] == str(step)]
        result.append((f"step {step}: {mine[0]['name']}", "step", mine))
    cub = [row for row in rows if row["step"] == "cub"]
    if cub:
        result.append((f"CUB: {cub[0]['name']}", "cub", cub))
    copy = [row for row in rows if row["step"] == "copy"]
    if copy:
        result.append(("device-to-device copy (read + write)", "copy", copy))
    out = []
    for label, style, chosen in result:
        points = sorted({row["n"]: row["gbps"] for row in chosen}.items())
        out.append((label, style, [(math.log2(n), gbps) for n, gbps in points]))
    return out


def plot(rows, path):
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    from matplotlib.ticker import FuncFormatter, MaxNLocator

    # The library's defaults, not whatever matplotlibrc this machine has.
    matplotlib.rcParams.update(matplotlib.rcParamsDefault)
    matplotlib.rcParams.update({"font.family": "DejaVu Sans", "font.size": 10, "path.simplify": False})

    chapter = rows[0]["chapter"]
    gpus = ", ".join(dict.fromkeys(row["gpu"] for row in rows))
    item_type = rows[0]["item_type"]
    lines = series(rows)
    if not any(style == "step" for _, style, _ in lines):
        raise DataError(f"{chapter}: no step rows to plot")

    fig, ax = plt.subplots(figsize=(9, 5.5), dpi=100)
    # Distinct colours for the steps (tab10 without its red, which is CUB's, and its grey, the copy's).
    palette = ["#1f77b4", "#ff7f0e", "#2ca02c", "#9467bd", "#8c564b", "#e377c2", "#bcbd22", "#17becf"]
    for i, (label, style, points) in enumerate(lines):
        xs = [x for x, _ in points]
        ys = [y for _, y in points]
        if style == "step":
            ax.plot(xs, ys, marker="o", markersize=4, linewidth=1.6, color=palette[i % len(palette)], label=label)
        elif style == "cub":
            ax.plot(xs, ys, marker="s", markersize=4, linewidth=2.0, color="#d62728", label=label)
        else:
            ax.plot(xs, ys, linestyle="--", linewidth=1.4, color="#555555", label=label)

    ax.set_yscale("log")
    ax.set_xlabel(f"input size: number of {item_type} items (log scale)")
    ax.set_ylabel("GB/s (log scale)")
    ax.xaxis.set_major_locator(MaxNLocator(integer=True))
    ax.xaxis.set_major_formatter(FuncFormatter(lambda x, _: f"$2^{{{int(round(x))}}}$"))
    ax.yaxis.set_major_formatter(FuncFormatter(lambda y, _: f"{y:g}"))
    ax.grid(True, which="major", linewidth=0.5, alpha=0.5)
    ax.grid(True, which="minor", axis="y", linewidth=0.3, alpha=0.3)
    number, _, topic = chapter.partition("_")
    ax.set_title(f"Chapter {number}, {topic.replace('_', ' ')}: bandwidth by input size\n"
                 f"measured on {gpus}", fontsize=11)
    ax.legend(loc="upper left", fontsize=8, framealpha=0.9)
    fig.tight_layout()
    fig.savefig(path, format="png", dpi=100, metadata={"Software": None})
    plt.close(fig)


def csvs(data_dir):
    if not os.path.isdir(data_dir):
        return []
    names = sorted(name for name in os.listdir(data_dir)
                   if name.startswith("ch") and name[2:4].isdigit() and name[4:5] == "_" and name.endswith(".csv"))
    return [os.path.join(data_dir, name) for name in names]


def draw_all(data_dir, out_dir):
    """Draw one PNG per CSV into out_dir; returns the PNG names, or raises DataError."""
    os.makedirs(out_dir, exist_ok=True)
    drawn = []
    for path in csvs(data_dir):
        name = os.path.splitext(os.path.basename(path))[0] + ".png"
        plot(read(path), os.path.join(out_dir, name))
        drawn.append(name)
    return drawn


def main(argv):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--check", metavar="OUTDIR",
                        help="draw into OUTDIR and compare with the committed plots; change nothing")
    parser.add_argument("--data", default=os.path.join(HERE, "data"), help="folder of the CSVs (default figures/data)")
    parser.add_argument("--figures", default=HERE, help="folder of the plots (default figures/)")
    args = parser.parse_args(argv)

    try:
        if not args.check:
            drawn = draw_all(args.data, args.figures)
            for name in drawn:
                print(f"wrote {os.path.join(args.figures, name)}")
            if not drawn:
                print(f"no measurements in {args.data}: nothing to draw")
            return 0

        drawn = draw_all(args.data, args.check)
    except DataError as error:
        print(f"error: {error}", file=sys.stderr)
        return 1
    if not drawn and not csvs(args.data):
        committed = sorted(name for name in os.listdir(args.figures) if name.endswith(".png"))
        if committed:
            print(f"error: plots without measurements: {', '.join(committed)}", file=sys.stderr)
            return 1
        print(f"no measurements in {args.data} yet: nothing to check")
        return 0
    failures = []
    for name in drawn:
        committed = os.path.join(args.figures, name)
        if not os.path.exists(committed):
            failures.append(f"{name}: its CSV has no committed plot")
        elif not filecmp.cmp(committed, os.path.join(args.check, name), shallow=False):
            failures.append(f"{name}: the committed plot is not what its CSV gives")
    orphans = sorted(name for name in os.listdir(args.figures) if name.endswith(".png") and name not in drawn)
    failures += [f"{name}: a plot with no CSV in {args.data}" for name in orphans]
    for failure in failures:
        print(f"error: {failure}", file=sys.stderr)
    if failures:
        print("redraw with the pinned toolchain: cmake --build <build dir> --target figures "
              "(or build/<preset>/docs-venv/bin/python figures/plot.py), and commit the PNGs", file=sys.stderr)
        return 1
    print(f"{len(drawn)} plot(s) match their measurements: {', '.join(drawn)}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
