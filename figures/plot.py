#!/usr/bin/env python3
"""Draw every chapter's plot from its measurements.

    python figures/plot.py                 figures/data/chNN_*.csv -> figures/chNN_*.png
    python figures/plot.py --check OUTDIR  draw into OUTDIR, then fail if a committed
                                           figures/*.png is not exactly what its CSV gives

The CSVs are written by the chapter runners (--csv FILE). Each workload of a CSV
(a problem, with its mode and input distribution) that has numbered steps gets two
panels over the input size (log2 of the item count):

- bandwidth, GB/s on a log scale: one line per step, CUB's line, and the device
  copy measured in the same run (dashed, drawn on top so that it stays visible
  where it lies on CUB's line, as in chapter 04 where CUB's row is the copy);
  for the chapters of ITEM_RATES (sorts), items per second instead (gitems_per_s,
  named by the chapter's unit), with the copy left out: it moves no items;
- each step's time divided by CUB's (by step 1's where a workload has no CUB row)
  on a linear scale, with the reference line at 1: below 1 is faster. The y range
  shows every step that stays within 2x of the reference whole, so that 5-30%
  differences are visible; slower steps leave the top of the panel, marked with
  triangles, and the panel's heading says how far they go. The copy is drawn here
  too when it moves the same bytes as the steps: the fastest that moving them can be.

"% of copy" (fraction_of_copy) is the time of a device-to-device copy that moves
the same number of bytes as the step (the bytes column), measured in the same run,
divided by the step's time: 100% means as fast as a copy of the same bytes. CSVs
from before the runner's axes columns counted the copy's read + write of the items
instead; their plots say so in the legend.

The CSVs are read by figures/measurements.py, which reads both schemas (the 19
original columns, and the same with problem, mode, distribution and gitems_per_s
appended). Rows "cubling:NAME" / "cub:NAME" (library
against CUB) are not plotted; the pages show them as tables.

The drawing is deterministic: the same CSV gives the same PNG, byte for byte, with
the pinned toolchain of docs/requirements.txt (build/<preset>/docs-venv/bin/python,
or `cmake --build <dir> --target figures`). That is what the --check of the CTest
test docs.figures_from_data relies on. The PNG is 9 in wide at 200 dpi (1800 px),
for a page that shows it about 850 px wide: its 12 pt text stays about 12 pt.
"""
import argparse
import filecmp
import math
import os
import re
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from measurements import (DEFAULT_DISTRIBUTION, DEFAULT_MODE, DataError, is_step, main_problem,  # noqa: E402
                          read, same_bytes_copy, workload)

HERE = os.path.dirname(os.path.abspath(__file__))
# Chapters whose top panel shows items per second rather than bytes: their unit.
ITEM_RATES = {"10_device_radix_sort": "Gkeys/s"}


def workloads(rows):
    """The (problem, mode, distribution) that have numbered steps: the chapter's own problem on
    the default axes first, then the others in the order of the file."""
    seen = list(dict.fromkeys(workload(row) for row in rows if is_step(row)))
    main = main_problem(rows[0]["chapter"])
    return sorted(seen, key=lambda key: (key[0] != main, key[1:] != (DEFAULT_MODE, DEFAULT_DISTRIBUTION),
                                         seen.index(key)))


def short_name(name):
    """step03_sequential_addressing -> sequential addressing."""
    return re.sub(r"^step\d+_", "", name).replace("_", " ")


def series(rows, copy_label="device copy"):
    """(label, style, step, [(n, row)]) in drawing order: steps, CUB, copy, for one workload."""
    result = []
    for step in sorted({int(row["step"]) for row in rows if is_step(row)}):
        mine = [row for row in rows if row["step"] == str(step)]
        result.append((f"{step}: {short_name(mine[0]['name'])}", "step", str(step), mine))
    cub = [row for row in rows if row["step"] == "cub"]
    if cub:
        result.append((f"CUB: {cub[0]['name']}", "cub", "cub", cub))
    copy = [row for row in rows if row["step"] == "copy"]
    if copy:
        result.append((copy_label, "copy", "copy", copy))
    return [(label, style, step, sorted({row["n"]: row for row in chosen}.items()))
            for label, style, step, chosen in result]


# Distinct colours for the steps (tab10 without its red, which is CUB's, and its grey, the copy's),
# and a marker each, so that lines on top of each other stay apart.
# Distinct colours and markers for up to 12 steps (chapter 04 has ten): no two
# steps share a colour, and none uses CUB's red or the copy's grey.
PALETTE = ["#1f77b4", "#ff7f0e", "#2ca02c", "#9467bd", "#8c564b", "#e377c2", "#bcbd22", "#17becf",
           "#393b79", "#e6550d", "#637939", "#7b4173"]
MARKERS = ["o", "v", "s", "D", "^", "P", "X", "<", ">", "p", "h", "*"]
CUB_COLOUR, COPY_COLOUR = "#d62728", "#333333"


def relative_limits(curves, floor=()):
    """Linear y limits for the time ratios: every step that stays within 2x of the reference is
    shown whole, so that 5-30% differences between them are visible; slower ones leave the top.
    `floor`: the copy's ratios, which only lower the bottom (a copy of the same bytes is the
    fastest that moving those bytes can be)."""
    peaks = [max(y for _, y in points) for points in curves.values() if points]
    lows = [min(y for _, y in points) for points in curves.values() if points] + [y for _, y in floor]
    within = [peak for peak in peaks if peak <= 2.0]
    top = max(within) if within else min(peaks)
    top = max(1.25, 1.08 * top)
    bottom = min(0.95, 0.97 * min(lows)) if lows else 0.9
    bottom = 0.0 if top > 3 else max(0.0, math.floor(bottom * 20) / 20)
    return bottom, math.ceil(top * 20) / 20


def plot(rows, path):
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    from matplotlib.ticker import FuncFormatter, MaxNLocator

    # The library's defaults, not whatever matplotlibrc this machine has. The page shows the PNG
    # about 850 px wide: 9 in at 200 dpi, halved by the browser, keeps 12 pt text at 12 pt.
    matplotlib.rcParams.update(matplotlib.rcParamsDefault)
    matplotlib.rcParams.update({"font.family": "DejaVu Sans", "font.size": 12, "axes.titlesize": 13,
                                "axes.labelsize": 12, "xtick.labelsize": 11.5, "ytick.labelsize": 11.5,
                                "legend.fontsize": 11.5, "path.simplify": False})

    chapter = rows[0]["chapter"]
    gpus = ", ".join(dict.fromkeys(row["gpu"] for row in rows))
    keys = workloads(rows)
    if not keys:
        raise DataError(f"{chapter}: no step rows to plot")
    number, _, topic = chapter.partition("_")
    new_copy = any(row.get("gitems_per_s") for row in rows)

    groups = []
    for key in keys:
        mine = [row for row in rows if workload(row) == key and not (":" in row["step"])]
        same_bytes = same_bytes_copy(mine)
        copy_label = ("device copy of the same bytes" if same_bytes or new_copy
                      else "device-to-device copy (read + write)")
        groups.append((key, mine, series(mine, copy_label), same_bytes))

    legend_rows = [math.ceil(len(lines) / 2) for _, _, lines, _ in groups]
    ratios = []
    for rows_in_legend in legend_rows:
        ratios += [3.2, 3.2, 0.3 * rows_in_legend + 0.05]
    fig = plt.figure(figsize=(9, sum(ratios) + 0.7 * len(groups)), dpi=200, layout="constrained")
    grid = fig.add_gridspec(len(ratios), 1, height_ratios=ratios)
    fig.get_layout_engine().set(h_pad=0.06, hspace=0.02)

    def size_axis(ax, label):
        ax.xaxis.set_major_locator(MaxNLocator(integer=True))
        ax.xaxis.set_major_formatter(FuncFormatter(lambda x, _: f"$2^{{{int(round(x))}}}$"))
        ax.grid(True, which="major", linewidth=0.6, alpha=0.5)
        if label:
            ax.set_xlabel(label)

    for g, ((problem, mode, distribution), mine, lines, same_bytes) in enumerate(groups):
        top = fig.add_subplot(grid[3 * g])
        rel = fig.add_subplot(grid[3 * g + 1], sharex=top)
        key_ax = fig.add_subplot(grid[3 * g + 2])
        key_ax.axis("off")
        item_type = next(row["item_type"] for row in mine if is_step(row))
        axes_text = "".join(f", {text.replace('_', ' ')}" for text, default in
                            ((mode, DEFAULT_MODE), (distribution, DEFAULT_DISTRIBUTION)) if text != default)
        what = f"{problem}{axes_text}" if problem else item_type
        head = f"Chapter {number}, {topic.replace('_', ' ')}: {what}" if g == 0 else f"{what}"
        top.set_title(head + (f"\nmeasured on {gpus}" if g == 0 else ""), loc="left")

        # top: bandwidth, log scale
        handles = []
        unit = ITEM_RATES.get(chapter)
        for i, (label, style, _, points) in enumerate(lines):
            if unit and style == "copy":  # no items: in the legend for the lower panel, not drawn here
                (line,) = top.plot([], [], linestyle=(0, (5, 3)), marker="x", markersize=5, linewidth=1.4,
                                   color=COPY_COLOUR)
                handles.append((line, label))
                continue
            xs = [math.log2(n) for n, _ in points]
            ys = [row["gitems_per_s"] if unit else row["gbps"] for _, row in points]
            if style == "step":
                (line,) = top.plot(xs, ys, marker=MARKERS[i % len(MARKERS)], markersize=4.5, linewidth=1.6,
                                   color=PALETTE[i % len(PALETTE)], zorder=3)
            elif style == "cub":
                (line,) = top.plot(xs, ys, marker="s", markersize=6, linewidth=3.2, color=CUB_COLOUR, alpha=0.75,
                                   zorder=2)
            else:  # drawn last and on top, dashed and thin, so that it stays visible over CUB's line
                (line,) = top.plot(xs, ys, linestyle=(0, (5, 3)), marker="x", markersize=5, linewidth=1.4,
                                   color=COPY_COLOUR, zorder=4)
            handles.append((line, label))
        top.set_yscale("log")
        top.set_ylabel(f"{unit or 'GB/s'} (log scale)")
        top.yaxis.set_major_formatter(FuncFormatter(lambda y, _: f"{y:g}"))
        top.grid(True, which="minor", axis="y", linewidth=0.3, alpha=0.3)
        size_axis(top, None)
        top.tick_params(labelbottom=False)

        # bottom: time relative to CUB (or to step 1), linear
        # CUB is the reference, unless it is no like-for-like yardstick: when its call
        # is more than twice as slow as the fastest step at the largest size (a
        # segmented reduction for many tiny segments, say), ratios to it would squash
        # the steps' differences together, so the steps are drawn against step 1.
        reference = next((points for _, style, _, points in lines if style == "cub"), None)
        ref_name = "CUB's"
        step_lines = [points for _, style, _, points in lines if style == "step"]
        if reference is not None and step_lines:
            largest = max(n for n, _ in reference)
            fastest = min((row["median_us"] for points in step_lines for n, row in points if n == largest),
                          default=None)
            cub_time = dict(reference)[largest]["median_us"]
            if fastest and cub_time > 2 * fastest:
                reference = None
        if reference is None:
            reference, ref_name = lines[0][3], "step 1's"
        ref_time = {n: row["median_us"] for n, row in reference}
        curves = {}
        for i, (label, style, step, points) in enumerate(lines):
            if style == "step" or (style == "copy" and same_bytes):
                curves[step] = [(math.log2(n), row["median_us"] / ref_time[n]) for n, row in points
                                if n in ref_time and ref_time[n] > 0 and row["median_us"] > 0]
        bottom, ceiling = relative_limits({k: v for k, v in curves.items() if k != "copy"}, curves.get("copy", ()))
        clipped = []
        for i, (label, style, step, _) in enumerate(lines):
            points = curves.get(step)
            if not points:
                continue
            xs, ys = [x for x, _ in points], [y for _, y in points]
            if style == "step":
                colour = PALETTE[i % len(PALETTE)]
                rel.plot(xs, ys, marker=MARKERS[i % len(MARKERS)], markersize=4.5, linewidth=1.6, color=colour,
                         zorder=3)
                out = [(x, y) for x, y in points if y > ceiling]
                if out:
                    peak = max(out, key=lambda p: p[1])
                    clipped.append((step, peak))
                    rel.plot([x for x, _ in out], [ceiling] * len(out), linestyle="none", marker="^",
                             markersize=7, color=colour, clip_on=False, zorder=5)
            else:
                rel.plot(xs, ys, linestyle=(0, (5, 3)), marker="x", markersize=5, linewidth=1.4, color=COPY_COLOUR,
                         zorder=4)
        rel.axhline(1.0, color=CUB_COLOUR if ref_name == "CUB's" else "#777777", linewidth=2.2, alpha=0.75,
                    zorder=2)
        rel.set_ylim(bottom, ceiling)
        rel.set_ylabel(f"time ÷ {ref_name} time")
        rel.yaxis.set_major_formatter(FuncFormatter(lambda y, _: f"{y:.2f}".rstrip("0").rstrip(".") + "×"))
        size_axis(rel, f"input size: number of {item_type} items")
        note = "below 1: faster than CUB" if ref_name == "CUB's" else "below 1: faster than step 1"
        if clipped:
            parts = [f"step {step} up to {peak[1]:,.0f}×" if peak[1] >= 100 else f"step {step} up to {peak[1]:.3g}×"
                     for step, peak in clipped]
            note += "\n▲ off the scale: " + ",\n    ".join(", ".join(parts[k:k + 3]) for k in range(0, len(parts), 3))
        rel.set_title(note, loc="left", fontsize=11.5, color="#444444")

        labels = [label for _, label in handles]
        key_ax.legend([line for line, _ in handles], labels, loc="upper left", ncol=2, frameon=False,
                      borderaxespad=0, handlelength=2.6, columnspacing=1.6)
    # tight: the image grows to hold a legend whose labels are wider than the axes
    fig.savefig(path, format="png", dpi=200, metadata={"Software": None}, bbox_inches="tight", pad_inches=0.15)
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
