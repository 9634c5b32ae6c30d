#!/usr/bin/env python3
"""Draw the book's access-pattern diagrams as SVG, from code.

    python3 figures/diagrams.py                 write docs/chapters/diagrams/*.svg
    python3 figures/diagrams.py --check OUTDIR  draw into OUTDIR, then fail if a committed
                                                docs/chapters/diagrams/*.svg is not exactly
                                                what this script draws

Every picture of an access pattern in the chapters (which thread owns which item,
which lane reads which lane, which bank a word falls in) is computed here from the
same index formulas as the kernels, not drawn by hand, so that a picture cannot
disagree with its code. The script needs only the standard library. Its output is
deterministic (no timestamps, coordinates written with a fixed format), which is
what the --check of the CTest test docs.diagrams_from_code relies on.

The drawings carry no title: the page's figure caption says what they show. A page
includes one with, e.g.::

    .. figure:: diagrams/ch03_bank_conflicts.svg
       :width: 100%
"""
import argparse
import filecmp
import os
import sys
from xml.sax.saxutils import escape

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
OUT = os.path.join(ROOT, "docs", "chapters", "diagrams")

FONT = "DejaVu Sans, Helvetica, Arial, sans-serif"
MONO = "DejaVu Sans Mono, Menlo, Consolas, monospace"
INK = "#222222"     # text
LINE = "#444444"    # outlines and arrows
NOTE = "#555555"    # secondary text
FAINT = "#c8c8c8"   # inactive outlines, unused arrows
EMPTY = "#f4f4f4"   # inactive cells
RED = "#c0392b"     # what goes wrong: conflicts, out-of-range lanes, the end of a timeline
# One colour per thread (tab20's light half for fills, its dark half for strokes and arrows).
THREAD_FILL = ["#aec7e8", "#ffbb78", "#98df8a", "#ff9896", "#c5b0d5", "#c49c94", "#f7b6d2", "#dbdb8d"]
THREAD_INK = ["#1f77b4", "#ff7f0e", "#2ca02c", "#d62728", "#9467bd", "#8c564b", "#e377c2", "#a5a51b"]
BLUE_FILL, BLUE = "#dbe8f6", "#3a6ea5"
ORANGE_FILL, ORANGE = "#fde3c8", "#b8651b"
GREEN_FILL, GREEN = "#eaf6ea", "#3d8b3d"
HOST_FILL = "#e8f0fb"  # as in docs/chapters/05_dispatch_layers.svg


def num(value):
    """A coordinate as text: at most two decimals, no trailing zeros, never '-0'."""
    text = f"{value:.2f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


class Svg:
    """A small SVG writer: shapes in drawing order, arrowheads made per colour."""

    def __init__(self, width, height, description):
        self.width, self.height, self.description = width, height, description
        self.parts = []
        self.markers = {}

    def _marker(self, colour):
        if colour not in self.markers:
            self.markers[colour] = f"arrow{len(self.markers)}"
        return self.markers[colour]

    def rect(self, x, y, w, h, fill="none", stroke=LINE, width=1.2, rx=0, dash=None, opacity=None):
        extra = f' rx="{num(rx)}"' if rx else ""
        extra += f' stroke-dasharray="{dash}"' if dash else ""
        extra += f' fill-opacity="{num(opacity)}"' if opacity is not None else ""
        self.parts.append(f'<rect x="{num(x)}" y="{num(y)}" width="{num(w)}" height="{num(h)}" '
                          f'fill="{fill}" stroke="{stroke}" stroke-width="{num(width)}"{extra}/>')

    def text(self, x, y, content, size=14, anchor="start", fill=INK, bold=False, mono=False, italic=False):
        extra = ' font-weight="bold"' if bold else ""
        extra += ' font-style="italic"' if italic else ""
        extra += f' font-family="{MONO}"' if mono else ""
        extra += f' text-anchor="{anchor}"' if anchor != "start" else ""
        self.parts.append(f'<text x="{num(x)}" y="{num(y)}" font-size="{num(size)}" fill="{fill}"{extra}>'
                          f'{escape(content)}</text>')

    def rich(self, x, y, pieces, size=14, anchor="start", fill=INK):
        """One line of text mixing plain and code pieces: [(text, is_code), ...]."""
        spans = "".join(f'<tspan font-family="{MONO}">{escape(t)}</tspan>' if code else escape(t)
                        for t, code in pieces)
        extra = f' text-anchor="{anchor}"' if anchor != "start" else ""
        self.parts.append(f'<text x="{num(x)}" y="{num(y)}" font-size="{num(size)}" fill="{fill}"{extra}>'
                          f'{spans}</text>')

    def line(self, x1, y1, x2, y2, stroke=LINE, width=1.5, arrow=False, dash=None):
        extra = f' stroke-dasharray="{dash}"' if dash else ""
        extra += f' marker-end="url(#{self._marker(stroke)})"' if arrow else ""
        self.parts.append(f'<line x1="{num(x1)}" y1="{num(y1)}" x2="{num(x2)}" y2="{num(y2)}" '
                          f'stroke="{stroke}" stroke-width="{num(width)}"{extra}/>')

    def path(self, d, stroke=LINE, width=1.5, fill="none", arrow=False, dash=None):
        extra = f' stroke-dasharray="{dash}"' if dash else ""
        extra += f' marker-end="url(#{self._marker(stroke)})"' if arrow else ""
        self.parts.append(f'<path d="{d}" stroke="{stroke}" stroke-width="{num(width)}" fill="{fill}"{extra}/>')

    def brace(self, x1, x2, y, label, size=13, below=False, colour=NOTE):
        """A square bracket over (or under) x1..x2 with a centred label."""
        tick = 6 if below else -6
        self.path(f"M {num(x1)} {num(y - tick)} L {num(x1)} {num(y)} L {num(x2)} {num(y)} L {num(x2)} {num(y - tick)}",
                  stroke=colour, width=1.2)
        self.text((x1 + x2) / 2, y + 17 if below else y - 6, label, size=size, anchor="middle", fill=colour)

    def render(self):
        defs = "".join(
            f'<marker id="{mid}" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="7" markerHeight="7" '
            f'orient="auto-start-reverse"><path d="M 0 0 L 10 5 L 0 10 z" fill="{colour}"/></marker>'
            for colour, mid in self.markers.items())
        head = (f'<?xml version="1.0" encoding="UTF-8"?>\n'
                f'<!-- Drawn by figures/diagrams.py; edit the script, not this file. -->\n'
                f'<svg xmlns="http://www.w3.org/2000/svg" width="{self.width}" height="{self.height}" '
                f'viewBox="0 0 {self.width} {self.height}" font-family="{FONT}" font-size="14">\n'
                f'<title>{escape(self.description)}</title>\n'
                f'<defs>{defs}</defs>\n'
                f'<rect x="0" y="0" width="{self.width}" height="{self.height}" fill="#ffffff"/>\n')
        return head + "\n".join(self.parts) + "\n</svg>\n"


def cell(svg, x, y, w, h, label, fill="#ffffff", stroke=LINE, size=13, colour=INK, width=1.0, bold=False):
    svg.rect(x, y, w, h, fill=fill, stroke=stroke, width=width)
    if label:
        svg.text(x + w / 2, y + h / 2 + size * 0.36, label, size=size, anchor="middle", fill=colour, bold=bold)


# --- chapter 01 ------------------------------------------------------------------

def write_notes(svg, top, notes, pad=None):
    """A diagram's closing notes, one line each, from `top` down; with `pad`, the picture ends `pad` below them."""
    for k, note in enumerate(notes):
        svg.text(20, top + 19 * k, note, size=13, fill=NOTE)
    if pad is not None:
        svg.height = int(top + 19 * len(notes) + pad)


def ch01_accumulators():
    """One accumulator: a chain of dependent adds. Four: four chains that overlap."""
    latency, pitch, x0 = 4, 21, 150
    svg = Svg(860, 384, "One accumulator: eight adds in a chain, 32 cycles. Four accumulators: "
                        "four interleaved chains, a new add every cycle, then the combine: 19 cycles.")

    def at(cycle):
        return x0 + cycle * pitch

    def add_box(cycle, y, label, combine=False):
        fill, stroke = (ORANGE_FILL, ORANGE) if combine else (BLUE_FILL, BLUE)
        svg.rect(at(cycle) + 2, y, latency * pitch - 4, 28, fill=fill, stroke=stroke, width=1.3, rx=4)
        svg.text(at(cycle) + latency * pitch / 2, y + 19, label, size=13, anchor="middle")

    def waits(c_from, y_from, c_to, y_to):
        """An arc from the end of one add to the start of the add that needs its result."""
        xa, xb = at(c_from) - 8, at(c_to) + 10
        if y_from == y_to:
            top = y_from - 12
            svg.path(f"M {num(xa)} {num(y_from)} C {num(xa)} {num(top)} {num(xb)} {num(top)} {num(xb)} {num(y_to)}",
                     stroke=LINE, width=1.3, arrow=True)
        else:
            svg.path(f"M {num(xa)} {num(y_from)} C {num(xa + 4)} {num(y_from - 14)} {num(xb - 4)} {num(y_to + 42)} "
                     f"{num(xb)} {num(y_to + 30)}", stroke=ORANGE, width=1.3, arrow=True)

    def axis(y, end, done):
        svg.line(at(0), y, at(end) + 6, y, stroke=NOTE, width=1)
        for c in range(0, end + 1, 4):
            svg.line(at(c), y, at(c), y + 5, stroke=NOTE, width=1)
            svg.text(at(c), y + 20, str(c), size=13, anchor="middle", fill=NOTE)
        svg.text(x0 - 12, y + 20, "cycle", size=13, anchor="end", fill=NOTE)
        svg.line(at(done), y - 4, at(done), y - 170 if done < 30 else y - 42, stroke=RED, width=1.5, dash="5 4")

    # One accumulator: add k issues when add k-1's result is ready.
    svg.text(20, 22, "one accumulator: each add waits for the one before", size=14, bold=True)
    y = 46
    svg.text(x0 - 12, y + 19, "s", size=14, anchor="end", mono=True)
    for k in range(8):
        add_box(latency * k, y, f"s += x[{k}]")
        if k:
            waits(latency * k, y, latency * k, y)
    axis(y + 40, 32, 32)
    svg.text(at(32) - 6, y - 8, "32 cycles", size=13, anchor="end", fill=RED, bold=True)

    # Four accumulators: item i goes to s[i % 4]; one add issues per cycle.
    top = 150
    svg.text(20, top, "four accumulators: four independent chains, a new add issues every cycle", size=14, bold=True)
    rows = [top + 22 + 38 * r for r in range(4)]
    for r, y in enumerate(rows):
        svg.rect(x0 - 4, y - 4, at(32) - x0 + 8, 36, fill="#fafafa", stroke="none", width=0)
        svg.text(x0 - 12, y + 19, f"s{r}", size=14, anchor="end", mono=True)
    for i in range(8):
        r = i % 4
        add_box(i, rows[r], f"s{r} += x[{i}]")
        if i >= 4:
            waits(i, rows[r], i, rows[r])
    # the combine: (s0 + s1) + (s2 + s3)
    add_box(9, rows[0], "s0 += s1", combine=True)
    waits(8, rows[0], 9, rows[0])
    waits(9, rows[1], 9, rows[0])
    add_box(11, rows[2], "s2 += s3", combine=True)
    waits(10, rows[2], 11, rows[2])
    waits(11, rows[3], 11, rows[2])
    add_box(15, rows[0], "s0 += s2", combine=True)
    waits(13, rows[0], 15, rows[0])
    waits(15, rows[2], 15, rows[0])
    axis(rows[3] + 40, 32, 19)
    svg.text(at(19) + 6, rows[3] + 22, "19 cycles", size=13, fill=RED, bold=True)
    svg.rect(at(22), rows[1] + 7, 14, 14, fill=BLUE_FILL, stroke=BLUE, rx=3)
    svg.text(at(22) + 20, rows[1] + 19, "an add: 4 cycles of latency", size=13, fill=NOTE)
    svg.rect(at(22), rows[2] + 7, 14, 14, fill=ORANGE_FILL, stroke=ORANGE, rx=3)
    svg.text(at(22) + 20, rows[2] + 19, "the final combine", size=13, fill=NOTE)
    svg.path(f"M {num(at(22))} {num(rows[3] + 14)} C {num(at(22) + 10)} {num(rows[3] + 2)} "
             f"{num(at(23) + 10)} {num(rows[3] + 2)} {num(at(23) + 20)} {num(rows[3] + 14)}", arrow=True, width=1.3)
    svg.text(at(23) + 30, rows[3] + 19, "feeds the next add", size=13, fill=NOTE)
    svg.text(20, 376, "Latency of 4 cycles for illustration. For n items: about 4n cycles in one chain, "
                      "about n with four chains.", size=13, fill=NOTE)
    return svg


# --- chapter 02 ------------------------------------------------------------------

def lanes_label(lanes, count):
    if len(lanes) == count:
        return f"Σ 0–{count - 1}"
    return "+".join(str(lane) for lane in sorted(lanes))


def ch02_shfl_down_vs_butterfly():
    count, offsets = 8, (4, 2, 1)
    x0, pitch, w, h, gap = 160, 86, 68, 34, 46
    svg = Svg(860, 780, "Eight lanes reduce with __shfl_down_sync (offsets 4, 2, 1: lane i reads lane i + offset; "
                        "only lane 0 ends with the total) and with __shfl_xor_sync (lane i exchanges with lane i ^ "
                        "offset; every lane ends with the total).")

    def lx(lane):
        return x0 + lane * pitch

    def panel(top, title, xor):
        svg.rich(20, top, title, size=14)
        svg.text(x0 - 14, top + 26, "lane", size=13, anchor="end", fill=NOTE)
        for lane in range(count):
            svg.text(lx(lane) + w / 2, top + 26, str(lane), size=13, anchor="middle", fill=NOTE, bold=True)
        holds = [{lane} for lane in range(count)]
        useful = [True] * count
        y = top + 36
        svg.text(x0 - 14, y + 22, "start", size=13, anchor="end")
        for lane in range(count):
            cell(svg, lx(lane), y, w, h, f"v{lane}", fill=BLUE_FILL, stroke=BLUE)
        for offset in offsets:
            prev, y = y, y + h + gap
            svg.text(x0 - 14, y + 16, f"offset {offset}", size=13, anchor="end", mono=True)
            new_holds, new_useful = [], []
            for lane in range(count):
                source = lane ^ offset if xor else lane + offset
                valid = source < count
                keep = xor or lane < offset
                new_useful.append(keep and useful[lane])
                new_holds.append(holds[lane] | holds[source] if valid else holds[lane])
                if not valid:
                    svg.text(lx(lane) + w / 2, y - 8, f"✕ src {source}", size=13, anchor="middle", fill=RED)
                    continue
                colour = BLUE if keep else FAINT
                svg.line(lx(lane) + w / 2, prev + h, lx(lane) + w / 2, y - 2, stroke=FAINT, width=1.2)
                svg.line(lx(source) + w / 2, prev + h, lx(lane) + w / 2 + (6 if source > lane else -6), y - 1,
                         stroke=colour, width=1.6 if keep else 1.1, arrow=True)
            holds, useful = new_holds, new_useful
            for lane in range(count):
                if useful[lane]:
                    total = len(holds[lane]) == count
                    cell(svg, lx(lane), y, w, h, lanes_label(holds[lane], count),
                         fill=GREEN_FILL if total else BLUE_FILL, stroke=GREEN if total else BLUE,
                         width=2 if total else 1, bold=total)
                else:
                    cell(svg, lx(lane), y, w, h, "unused", fill=EMPTY, stroke=FAINT, colour="#999999")
        return y + h

    bottom = panel(22, [("__shfl_down_sync(mask, v, offset)", True), (": lane i reads lane i + offset", False)], False)
    svg.text(20, bottom + 24, "Only lane 0 ends with the total. Lanes i ≥ offset compute values nobody reads. "
                              "✕ src j: there is no lane j,", size=13, fill=NOTE)
    svg.text(20, bottom + 42, "so the shuffle hands the lane its own value back.", size=13, fill=NOTE)
    bottom = panel(bottom + 84, [("__shfl_xor_sync(mask, v, offset)", True),
                                 (": lane i exchanges with lane i ^ offset", False)], True)
    svg.text(20, bottom + 24, "A butterfly: every source is in range, and every lane ends with the total "
                              "(no broadcast needed).", size=13, fill=NOTE)
    return svg


# --- chapter 03 ------------------------------------------------------------------

def tree(sequential):
    n = 16
    x0, pitch, w, h, gap = 130, 45, 41, 32, 50
    kind = "sequential" if sequential else "interleaved"
    rule = ("at stride s = 8, 4, 2, 1, thread tid < s adds sdata[tid + s] into sdata[tid]" if sequential else
            "at stride s = 1, 2, 4, 8, thread tid adds sdata[2·s·tid + s] into sdata[2·s·tid]")
    svg = Svg(860, 500, f"A block reduction of 16 values in shared memory with {kind} addressing: {rule}.")

    def ix(i):
        return x0 + i * pitch

    svg.text(x0 - 14, 22, "index", size=13, anchor="end", fill=NOTE)
    for i in range(n):
        svg.text(ix(i) + w / 2, 22, str(i), size=13, anchor="middle", fill=NOTE, bold=True)
    y = 32
    svg.text(x0 - 14, y + 21, "load", size=14, anchor="end")
    for i in range(n):
        cell(svg, ix(i), y, w, h, f"x{i}", fill="#ffffff")
    strides = [n // 2, n // 4, n // 8, n // 16] if sequential else [1, 2, 4, 8]
    written = set(range(n))
    for s in strides:
        prev, y = y, y + h + gap
        adds = ([(tid, tid, tid + s) for tid in range(s)] if sequential else
                [(tid, 2 * s * tid, 2 * s * tid + s) for tid in range(n) if 2 * s * tid < n])
        active = [tid for tid, _, _ in adds]
        svg.text(x0 - 14, y + 13, f"s = {s}", size=14, anchor="end", bold=True)
        svg.text(x0 - 14, y + 30, f"t0–t{active[-1]}" if len(active) > 1 else "t0", size=13, anchor="end",
                 fill=NOTE)
        for tid, dst, src in adds:
            svg.line(ix(dst) + w / 2, prev + h, ix(dst) + w / 2, y - 2, stroke=FAINT, width=1.2)
            svg.line(ix(src) + w / 2, prev + h, ix(dst) + w / 2 + 7, y - 1, stroke=THREAD_INK[tid % 8],
                     width=1.6, arrow=True)
        dsts = {dst: tid for tid, dst, _ in adds}
        for i in range(n):
            if i in dsts:
                last = len(adds) == 1
                cell(svg, ix(i), y, w, h, "sum" if last else f"t{dsts[i]}", fill=THREAD_FILL[dsts[i] % 8],
                     stroke=THREAD_INK[dsts[i] % 8], width=2 if last else 1.2, bold=last)
            else:
                cell(svg, ix(i), y, w, h, "", fill=EMPTY, stroke=FAINT)
        written = set(dsts)
    svg.text(x0 - 14, y + h + 26, "", size=13)
    notes = (["Active threads t0 … t(s−1) touch neighbouring words sdata[0 … 2s−1]: one thread per bank,",
              "no bank conflicts, and whole warps go idle together as s shrinks."] if sequential else
             ["Threads are contiguous (t0 … t7, then t0 … t3, …), but their words are 2·s apart: in a warp of 32,",
              "threads tid and tid + 16/s hit the same bank (see the bank-conflict figure). Step 01 gives the add",
              "into sdata[i] to thread i instead (tid % (2·s) == 0): the active threads spread across the warp."])
    svg.text(20, y + h + 30, "A cell shows the thread that wrote it (colour = thread); arrows: the word it adds in.",
             size=13, fill=NOTE)
    write_notes(svg, y + h + 52, notes, pad=4)
    return svg


def ch03_interleaved_addressing():
    return tree(sequential=False)


def ch03_sequential_addressing():
    return tree(sequential=True)


def bank_stacks(svg, x0, pitch, w, ch, y, stacks, chip):
    """A row of 32 bank numbers at `y`, and under it each bank's column with its chips stacked
    (`stacks`: bank -> the threads that touch it, in order; `chip(k, tid)` -> fill, stroke, text size
    of the k-th chip). Returns the top of the columns and their depth."""
    svg.text(x0 - 12, y + 38, "bank", size=13, anchor="end", fill=NOTE)
    for b in range(32):
        svg.text(x0 + b * pitch + w / 2, y + 38, str(b), size=13, anchor="middle", fill=NOTE)
    depth = max(len(v) for v in stacks.values())
    top = y + 46
    for b in range(32):
        svg.rect(x0 + b * pitch, top, w, depth * ch + 4, fill="#fafafa" if b not in stacks else "#ffffff",
                 stroke=FAINT, width=1)
        for k, tid in enumerate(stacks.get(b, [])):
            fill, stroke, size = chip(k, tid)
            cell(svg, x0 + b * pitch + 1, top + 2 + k * ch, w - 2, ch - 2, str(tid), fill=fill, stroke=stroke,
                 size=size, width=1)
    return top, depth


def ch03_bank_conflicts():
    banks = 32
    x0, pitch, w, ch = 170, 21, 19, 22
    svg = Svg(860, 100, "32 shared-memory banks and the words that a warp's 32 threads touch: index 2·s·tid "
                        "(s = 1: two threads per bank, s = 2: four) against sequential addressing, index tid "
                        "(one thread per bank).")
    cases = [("interleaved, s = 1", "sdata[2·tid]", 2, "2-way conflict:", "2 passes"),
             ("interleaved, s = 2", "sdata[4·tid]", 4, "4-way conflict:", "4 passes"),
             ("sequential", "sdata[tid]", 1, "no conflict:", "1 pass")]
    pass_fill = [BLUE_FILL, ORANGE_FILL, GREEN_FILL, THREAD_FILL[4]]
    pass_ink = [BLUE, ORANGE, GREEN, THREAD_INK[4]]
    y = 8
    for title, index, stride, verdict, passes in cases:
        svg.text(20, y + 16, title, size=14, bold=True)
        stacks = {}
        for tid in range(32):
            stacks.setdefault((stride * tid) % banks, []).append(tid)
        top, depth = bank_stacks(svg, x0, pitch, w, ch, y, stacks, lambda k, tid: (pass_fill[k], pass_ink[k], 13))
        svg.text(20, top + 16, index, size=13, mono=True)
        svg.text(20, top + 36, verdict, size=13, fill=RED if stride > 1 else GREEN, bold=True)
        svg.text(20, top + 54, passes, size=13, fill=RED if stride > 1 else GREEN, bold=True)
        y = top + max(depth * ch + 4, 60) + 22
    svg.text(x0, y + 6, "A chip is a thread id, stacked in the bank of the word it touches (bank = index mod 32).",
             size=13, fill=NOTE)
    svg.text(x0, y + 25, "A bank serves one word per pass: the 2nd, 3rd, 4th chip in a bank each cost one more "
                         "pass.", size=13, fill=NOTE)
    for k, label in enumerate(["1st pass", "2nd", "3rd", "4th"]):
        xk = x0 + k * 90
        svg.rect(xk, y + 38, 14, 14, fill=pass_fill[k], stroke=pass_ink[k])
        svg.text(xk + 20, y + 50, label, size=13, fill=NOTE)
    svg.height = int(y + 62)
    return svg


# --- chapter 04 ------------------------------------------------------------------

THREADS, IPT, WARP = 8, 4, 4  # a toy block: 8 threads x 4 items, warps of 4 threads


def owner(layout, i):
    if layout == "blocked":
        return i // IPT
    if layout == "striped":
        return i % THREADS
    warp, within = divmod(i, WARP * IPT)  # warp-striped: striped within each warp's sub-tile
    return warp * WARP + within % WARP


def ch04_layouts():
    n = THREADS * IPT
    x0, pitch, w, h = 230, 19.5, 18, 30
    svg = Svg(860, 460, "A tile of 32 items held by 8 threads, 4 items each, coloured by owning thread: blocked "
                        "(thread t owns 4t … 4t+3), striped (thread t owns t, t+8, t+16, t+24) and warp-striped "
                        "(striped within each warp's 16 items; warps of 4 threads here).")

    def ix(i):
        return x0 + i * pitch

    svg.text(x0 - 12, 26, "item", size=13, anchor="end", fill=NOTE)
    for i in range(n):
        if i % 4 == 0 or i == n - 1:
            svg.text(ix(i) + w / 2, 26, str(i), size=13, anchor="middle", fill=NOTE)
    rows = [
        ("blocked", "t owns 4t … 4t+3", "load 0 of t0–t7 reads items 0, 4, 8, …, 28: eight places (uncoalesced)"),
        ("striped", "t owns t, t+8, t+16, t+24", "load 0 of t0–t7 reads items 0–7: one run (coalesced)"),
        ("warp-striped", "striped within a warp", "load 0 of each warp reads 4 neighbours: items 0–3 and 16–19"),
    ]
    y = 52
    for layout, rule, first in rows:
        if layout == "warp-striped":
            svg.brace(ix(0), ix(15) + w, y - 4, "warp 0 (t0–t3)")
            svg.brace(ix(16), ix(31) + w, y - 4, "warp 1 (t4–t7)")
            y += 4
        svg.text(20, y + 13, layout, size=14, bold=True)
        svg.text(20, y + 31, rule, size=13, fill=NOTE)
        for i in range(n):
            t = owner(layout, i)
            cell(svg, ix(i), y, w, h, str(t), fill=THREAD_FILL[t], stroke=THREAD_INK[t], width=1)
        # the items of the first load instruction (item 0 of every thread)
        firsts = sorted(next(i for i in range(n) if owner(layout, i) == t) for t in range(THREADS))
        for i in firsts:
            svg.rect(ix(i) - 1.5, y - 1.5, w + 3, h + 3, stroke=INK, width=2.2)
        for i in firsts:
            svg.line(ix(i) + w / 2, y + h + 4, ix(i) + w / 2, y + h + 14, stroke=INK, width=1.5)
        svg.text(x0, y + h + 32, first, size=13, fill=INK)
        y += h + 76
    svg.text(20, y - 12, "Cell: the thread that owns the item. Outlined: the items of each thread's first load "
                         "(item 0 of every thread).", size=13, fill=NOTE)
    svg.text(20, y + 7, "Warps of 4 threads keep the picture small; on the GPU a warp has 32 threads.", size=13,
             fill=NOTE)
    for t in range(THREADS):
        xt = 20 + t * 62
        cell(svg, xt, y + 22, 44, 22, f"t{t}", fill=THREAD_FILL[t], stroke=THREAD_INK[t], width=1)
    svg.height = int(y + 54)
    return svg


def ch04_transpose():
    n = THREADS * IPT
    x0, pitch, w, h = 190, 20, 19, 28
    bw, bpitch = 4 * w + 6, 82  # a thread's registers: 4 slots
    svg = Svg(860, 560, "BlockLoad through shared memory: striped, coalesced loads from global memory, each "
                        "thread stores its items to shared memory at the same positions, a barrier, then each "
                        "thread reads its four consecutive (blocked) items. Stores run the other way.")
    hi = 1  # the thread whose arrows are drawn

    def ix(i):
        return x0 + i * pitch

    def bx(t):
        return x0 + t * bpitch

    def strip(y, label, sub):
        svg.text(20, y + 13, label, size=14, bold=True)
        svg.text(20, y + 30, sub, size=13, fill=NOTE)
        for i in range(n):
            t = owner("striped", i)
            cell(svg, ix(i), y, w, h, str(i), fill=THREAD_FILL[t], stroke=THREAD_INK[t], width=1, size=12.5)

    def registers(y, label, sub, layout):
        svg.text(20, y + 22, label, size=14, bold=True)
        svg.text(20, y + 40, sub, size=13, fill=NOTE)
        for t in range(THREADS):
            items = [i for i in range(n) if owner(layout, i) == t]
            svg.rect(bx(t), y, bw, h + 24, fill="#ffffff", stroke=THREAD_INK[t], width=2 if t == hi else 1.2, rx=4)
            svg.text(bx(t) + bw / 2, y + 16, f"t{t}", size=13, anchor="middle", bold=True, fill=THREAD_INK[t])
            for k, i in enumerate(items):
                cell(svg, bx(t) + 3 + k * w, y + 21, w, h - 4, str(i), fill=THREAD_FILL[t], stroke=THREAD_INK[t],
                     width=1, size=12.5)

    def slot(t, k):
        return bx(t) + 3 + k * w + w / 2

    # global memory, with the four load instructions of the striped pattern
    y_global = 40
    for j in range(IPT):
        svg.brace(ix(j * THREADS), ix(j * THREADS + THREADS - 1) + w, y_global - 6, f"load {j}: items {j * 8}–{j * 8 + 7}")
    strip(y_global, "global memory", "coalesced")
    y_striped = 120
    registers(y_striped, "registers", "striped", "striped")
    for k in range(IPT):
        i = hi + k * THREADS
        svg.line(ix(i) + w / 2, y_global + h + 2, slot(hi, k), y_striped - 2, stroke=THREAD_INK[hi], width=1.6,
                 arrow=True)
    y_shared = 232
    strip(y_shared, "shared memory", "same positions")
    for k in range(IPT):
        i = hi + k * THREADS
        svg.line(slot(hi, k), y_striped + h + 26, ix(i) + w / 2, y_shared - 2, stroke=THREAD_INK[hi], width=1.6,
                 arrow=True)
    for t in range(THREADS):
        svg.brace(ix(IPT * t), ix(IPT * t + IPT - 1) + w, y_shared + h + 6, f"→ t{t}", below=True,
                  colour=THREAD_INK[t])
    y_bar = y_shared + h + 46
    svg.line(x0 - 10, y_bar, 850, y_bar, stroke=RED, width=2, dash="7 5")
    svg.text(20, y_bar + 5, "__syncthreads()", size=13, mono=True, fill=RED)
    y_blocked = y_bar + 44
    registers(y_blocked, "registers", "blocked", "blocked")
    for k in range(IPT):
        i = IPT * hi + k
        svg.line(ix(i) + w / 2, y_shared + h + 28, slot(hi, k), y_blocked - 2, stroke=THREAD_INK[hi], width=1.6,
                 arrow=True, dash="4 3")
    notes = ["Global memory sees only striped accesses: load j of threads 0–7 reads 8 neighbouring items, one",
             "coalesced transaction. The reordering to blocked happens in shared memory. Arrows: thread 1's items.",
             "Stores run the other way: blocked registers → shared memory → __syncthreads() → striped, coalesced",
             "stores to global memory."]
    y = y_blocked + h + 24 + 26
    write_notes(svg, y, notes, pad=0)
    return svg


# --- chapter 05 ------------------------------------------------------------------

def ch05_two_pass_vs_one_pass():
    x0, unit, rh, rp = 170, 5.8, 26, 34
    ends = [52, 57, 60, 55]  # when each block has reduced its share (arbitrary units)
    launch_gap, fold = 22, 15
    svg = Svg(860, 600, "Two passes: kernel 1's blocks write partials, then a second, dependent launch of one "
                        "block folds them. One pass: one cooperative launch; the blocks write partials and meet "
                        "at a grid barrier, then block 0 folds them.")

    def at(u):
        return x0 + u * unit

    def bar(u1, u2, y, label, fill=BLUE_FILL, stroke=BLUE):
        svg.rect(at(u1), y, (u2 - u1) * unit, rh, fill=fill, stroke=stroke, width=1.3, rx=4)
        if label:
            svg.text(at(u1) + 10, y + 18, label, size=13)

    def partial(u, y, b):
        svg.rect(at(u) - 2, y + 4, 26, rh - 8, fill=ORANGE_FILL, stroke=ORANGE, width=1.2, rx=2)
        svg.text(at(u) + 11, y + 18, f"p{b}", size=13, anchor="middle")

    def time_axis(y, done, label):
        svg.line(at(0), y, at(110), y, stroke=NOTE, width=1.2, arrow=True)
        svg.text(at(110), y - 8, "time", size=13, anchor="end", fill=NOTE)
        svg.line(at(done), y - 6, at(done), y + 6, stroke=RED, width=2)
        svg.text(at(done), y + 20, label, size=13, anchor="middle", fill=RED, bold=True)

    # two passes
    svg.text(20, 22, "two passes", size=14, bold=True)
    top = 60
    k1_end = max(ends) + 3
    svg.brace(at(0), at(k1_end), top - 8, "kernel 1: every block reduces its share, writes a partial")
    k2 = k1_end + launch_gap
    svg.brace(at(k2), at(k2 + fold + 3), top - 8, "kernel 2: one block")
    for b, end in enumerate(ends):
        y = top + b * rp
        svg.text(x0 - 14, y + 18, f"block {b}", size=13, anchor="end")
        bar(0, end, y, "reduce its tiles" if b == 0 else "")
        partial(end, y, b)
    svg.rect(at(k1_end) + 4, top - 2, (launch_gap) * unit - 8, 4 * rp - 4, fill="#eeeeee", stroke=FAINT, rx=4,
             dash="4 3")
    svg.text(at(k1_end + launch_gap / 2), top + 1.5 * rp + 2, "second", size=13, anchor="middle", fill=NOTE)
    svg.text(at(k1_end + launch_gap / 2), top + 1.5 * rp + 20, "launch", size=13, anchor="middle", fill=NOTE)
    bar(k2, k2 + fold, top, "fold p0…p3", fill=GREEN_FILL, stroke=GREEN)
    svg.text(at(k2 + fold) + 6, top + 18, "→ sum", size=13)
    for b in range(1, 4):
        svg.line(at(ends[b]) + 24, top + b * rp + rh / 2, at(k2) - 2, top + rh / 2 + 4, stroke=FAINT, width=1.1,
                 dash="3 3")
    two_done = k2 + fold
    time_axis(top + 4 * rp + 10, two_done, "done")
    svg.text(20, top + 4 * rp + 48, "Kernel 2 needs every partial, so it can only start once kernel 1 has "
                                     "drained: a second, dependent launch.", size=13, fill=NOTE)

    # one pass
    top2 = top + 4 * rp + 124
    svg.text(20, top2 - 38, "one pass: one cooperative launch", size=14, bold=True)
    barrier = k1_end + 2
    svg.brace(at(0), at(barrier + fold + 3), top2 - 8, "one kernel, every block resident at once")
    for b, end in enumerate(ends):
        y = top2 + b * rp
        svg.text(x0 - 14, y + 18, f"block {b}", size=13, anchor="end")
        bar(0, end, y, "reduce its tiles" if b == 0 else "")
        partial(end, y, b)
        if end + 4 < barrier:
            svg.line(at(end) + 26, y + rh / 2, at(barrier) - 3, y + rh / 2, stroke=NOTE, width=1.3, dash="2 3")
        if b:
            svg.text(at(barrier) + 8, y + 18, "exits", size=13, fill=NOTE)
    svg.line(at(barrier), top2 - 4, at(barrier), top2 + 4 * rp, stroke=RED, width=2, dash="6 4")
    svg.text(at(barrier) + 8, top2 + 4 * rp + 2, "grid barrier", size=13, fill=RED, bold=True)
    bar(barrier, barrier + fold, top2, "fold p0…p3", fill=GREEN_FILL, stroke=GREEN)
    svg.text(at(barrier + fold) + 6, top2 + 18, "→ sum", size=13)
    one_done = barrier + fold
    time_axis(top2 + 4 * rp + 26, one_done, "done")
    svg.text(20, top2 + 4 * rp + 64, "The blocks wait at the barrier (dotted) instead of ending the kernel; "
                                      "block 0 then folds the partials.", size=13, fill=NOTE)
    svg.text(20, top2 + 4 * rp + 83, "Not to scale: the gap between kernels is a few microseconds, which "
                                      "matters at small sizes.", size=13, fill=NOTE)
    svg.rect(x0, top2 + 4 * rp + 96, 14, 14, fill=BLUE_FILL, stroke=BLUE, rx=3)
    svg.text(x0 + 20, top2 + 4 * rp + 108, "a block's share", size=13, fill=NOTE)
    svg.rect(x0 + 150, top2 + 4 * rp + 96, 14, 14, fill=ORANGE_FILL, stroke=ORANGE, rx=2)
    svg.text(x0 + 170, top2 + 4 * rp + 108, "its partial, written to scratch", size=13, fill=NOTE)
    svg.rect(x0 + 400, top2 + 4 * rp + 96, 14, 14, fill=GREEN_FILL, stroke=GREEN, rx=3)
    svg.text(x0 + 420, top2 + 4 * rp + 108, "the final fold", size=13, fill=NOTE)
    svg.height = int(top2 + 4 * rp + 120)
    return svg


# --- chapter 06 ------------------------------------------------------------------

def ch06_transform_iterator():
    svg = Svg(860, 480, "The sum of squares two ways: a kernel writes the n squares to memory and a reduction "
                        "reads them back (read x, write x², read x²: three passes over memory), against a "
                        "transform iterator that squares each item as the reduction loads it (read x: one pass).")

    def array(x, y, name, ghost=False):
        stroke = FAINT if ghost else LINE
        labels = [f"{name}[0]", f"{name}[1]", f"{name}[2]", "…", f"{name}[n−1]"]
        widths = [52, 52, 52, 30, 66]
        xi = x
        for label, wi in zip(labels, widths):
            cell(svg, xi, y, wi, 30, "" if ghost else label, fill="#ffffff" if not ghost else "#fafafa",
                 stroke=stroke, size=13, width=1)
            xi += wi
        return x + sum(widths) / 2

    def kernel(x, y, w, title, sub):
        svg.rect(x, y, w, 58, fill=BLUE_FILL, stroke=BLUE, width=1.4, rx=6)
        svg.rich(x + w / 2, y + 24, title, size=14, anchor="middle")
        svg.text(x + w / 2, y + 44, sub, size=13, anchor="middle", fill=NOTE)

    def memory_band(y):
        svg.rect(150, y, 690, 66, fill=GREEN_FILL, stroke=GREEN, width=1, rx=6)
        svg.text(20, y + 30, "global memory", size=14, bold=True)
        svg.text(20, y + 48, "(HBM)", size=13, fill=NOTE)

    def traffic(x1, y1, x2, y2, label, step, colour=RED):
        svg.line(x1, y1, x2, y2, stroke=colour, width=2.2, arrow=True)
        svg.text((x1 + x2) / 2 + 10, (y1 + y2) / 2 + 5, f"{step} {label}", size=13, fill=colour, bold=True)

    # square, then reduce
    svg.text(20, 22, "square, then reduce: three passes over memory, 12·n bytes of float", size=14, bold=True)
    ky, my = 44, 166
    kernel(170, ky, 240, [("kernel 1: ", False), ("y[i] = x[i]*x[i]", True)], "n squares, written out")
    kernel(510, ky, 250, [("kernel 2: reduce y", False)], "reads the squares back")
    svg.rect(780, ky + 14, 56, 30, fill="#ffffff", stroke=LINE, rx=4)
    svg.text(808, ky + 34, "sum", size=13, anchor="middle")
    svg.line(760, ky + 29, 778, ky + 29, stroke=LINE, width=1.5, arrow=True)
    memory_band(my)
    cx = array(170, my + 18, "x")
    cy = array(530, my + 18, "y")
    traffic(cx - 40, my + 16, cx - 40, ky + 60, "read x", "①")
    traffic(cx + 70, ky + 60, cy - 40, my + 16, "write y", "②")
    traffic(cy + 60, my + 16, cy + 60, ky + 60, "read y", "③")

    # transform iterator
    top = 270
    svg.text(20, top + 6, "transform iterator: one pass over memory, 4·n bytes", size=14, bold=True)
    ky2, my2 = top + 30, top + 140
    kernel(170, ky2, 590, [("reduce over ", False), ("TransformInputIterator(x, square)", True)],
           "each item is squared in registers as it is loaded, then added")
    svg.rect(780, ky2 + 14, 56, 30, fill="#ffffff", stroke=LINE, rx=4)
    svg.text(808, ky2 + 34, "sum", size=13, anchor="middle")
    svg.line(760, ky2 + 29, 778, ky2 + 29, stroke=LINE, width=1.5, arrow=True)
    memory_band(my2)
    cx2 = array(170, my2 + 18, "x")
    array(530, my2 + 18, "y", ghost=True)
    svg.text(530 + 126, my2 + 38, "no array of squares", size=13, anchor="middle", fill="#999999", italic=True)
    traffic(cx2 - 40, my2 + 16, cx2 - 40, ky2 + 60, "read x", "①")
    svg.height = my2 + 66 + 30
    svg.text(20, svg.height - 8, "Red arrows cross the memory boundary: each moves 4·n bytes of float. "
                                 "The squares never leave the registers.", size=13, fill=NOTE)
    return svg


# --- chapter 07 ------------------------------------------------------------------

def span_label(lo, hi):
    """What a scan cell holds: nothing (0), one item, or the sum of items lo to hi."""
    if lo > hi:
        return "0"
    return f"x{lo}" if lo == hi else f"{lo}–{hi}"


def scan_grid(svg, x0, pitch, w, n, top):
    svg.text(x0 - 14, top, "index", size=13, anchor="end", fill=NOTE)
    for i in range(n):
        svg.text(x0 + i * pitch + w / 2, top, str(i), size=13, anchor="middle", fill=NOTE, bold=True)


def ch07_hillis_steele():
    """Hillis and Steele on 8 items: in round d, item i >= d adds item i - d of the round before."""
    n = 8
    x0, pitch, w, h, gap = 170, 82, 70, 32, 50
    svg = Svg(860, 400, "Hillis and Steele's inclusive scan of 8 items: in the round of distance d = 1, 2, 4, "
                        "thread i >= d adds the value of thread i - d from the round before, into the other half "
                        "of a double buffer; after log2(8) = 3 rounds, item i holds the sum of items 0 to i.")

    def ix(i):
        return x0 + i * pitch

    scan_grid(svg, x0, pitch, w, n, 22)
    y = 32
    svg.text(x0 - 14, y + 21, "load (buffer 0)", size=14, anchor="end")
    spans = [(i, i) for i in range(n)]
    for i in range(n):
        cell(svg, ix(i), y, w, h, span_label(i, i))
    for r, d in enumerate((1, 2, 4)):
        prev, y = y, y + h + gap
        svg.text(x0 - 14, y + 13, f"d = {d}", size=14, anchor="end", bold=True)
        svg.text(x0 - 14, y + 30, f"→ buffer {(r + 1) % 2}", size=13, anchor="end", fill=NOTE)
        new = []
        for i in range(n):
            svg.line(ix(i) + w / 2, prev + h, ix(i) + w / 2, y - 2, stroke=FAINT, width=1.2, arrow=i < d)
            if i >= d:
                svg.line(ix(i - d) + w / 2, prev + h, ix(i) + w / 2 - 7, y - 1, stroke=THREAD_INK[i % 8],
                         width=1.6, arrow=True)
                new.append((spans[i - d][0], spans[i][1]))
            else:
                new.append(spans[i])
        spans = new
        for i in range(n):
            done = spans[i][0] == 0
            cell(svg, ix(i), y, w, h, span_label(*spans[i]), fill=THREAD_FILL[i % 8] if i >= d else EMPTY,
                 stroke=THREAD_INK[i % 8] if i >= d else FAINT, width=2 if done and i >= d else 1.2,
                 bold=done)
    notes = ["A cell shows which items it sums (2–5: items 2 to 5); coloured: the thread added in this round,",
             "grey: it copied its value across (i < d). Every round reads one buffer and writes the other, then",
             "__syncthreads(). 17 adds for 8 items, where a sequential scan does 7: n log2(n) work."]
    write_notes(svg, y + h + 30, notes, pad=4)
    return svg


def ch07_blelloch():
    """Blelloch on 8 items: the up-sweep builds the reduction tree in place, the down-sweep turns it into the
    exclusive scan."""
    n = 8
    x0, pitch, w, h, gap = 170, 82, 70, 32, 46
    svg = Svg(860, 800, "Blelloch's work-efficient scan of 8 items in place: the up-sweep (d = 1, 2, 4) adds "
                        "node 2d(t+1) - 1 - d into node 2d(t+1) - 1; the root is cleared; the down-sweep "
                        "(d = 4, 2, 1) hands each node's value to its left child and adds the left child's old "
                        "value into it. The result is the exclusive scan.")

    def ix(i):
        return x0 + i * pitch

    scan_grid(svg, x0, pitch, w, n, 22)
    y = 32
    svg.text(x0 - 14, y + 21, "load", size=14, anchor="end")
    spans = [(i, i) for i in range(n)]
    for i in range(n):
        cell(svg, ix(i), y, w, h, span_label(i, i))

    def round_row(label, sub, d, down):
        nonlocal y, spans
        prev, y = y, y + h + gap
        svg.text(x0 - 14, y + 13, label, size=14, anchor="end", bold=True)
        svg.text(x0 - 14, y + 30, sub, size=13, anchor="end", fill=NOTE)
        nodes = {2 * d * (t + 1) - 1: t for t in range(n // (2 * d))}
        new = list(spans)
        for node, t in nodes.items():
            left = node - d
            ink = THREAD_INK[t % 8]
            if down:
                new[left] = spans[node]
                new[node] = (spans[node][0], spans[left][1]) if spans[node][0] <= spans[node][1] else spans[left]
                svg.line(ix(node) + w / 2, prev + h, ix(left) + w / 2 + 7, y - 1, stroke=ink, width=1.6,
                         arrow=True)
            else:
                new[node] = (spans[left][0], spans[node][1])
            svg.line(ix(left) + w / 2, prev + h, ix(node) + w / 2 - 7, y - 1, stroke=ink, width=1.6, arrow=True)
        spans = new
        for i in range(n):
            if i in nodes or (down and i + d in nodes):
                t = nodes.get(i, nodes.get(i + d))
                cell(svg, ix(i), y, w, h, span_label(*spans[i]), fill=THREAD_FILL[t % 8], stroke=THREAD_INK[t % 8])
            else:
                cell(svg, ix(i), y, w, h, span_label(*spans[i]), fill=EMPTY, stroke=FAINT, colour=NOTE)

    for d in (1, 2, 4):
        round_row(f"up d = {d}", f"{n // (2 * d)} thread" + ("s" if n // (2 * d) > 1 else ""), d, False)
    # The root (the total) is cleared.
    prev, y = y, y + h + gap
    svg.text(x0 - 14, y + 13, "clear the root", size=14, anchor="end", bold=True)
    for i in range(n):
        svg.line(ix(i) + w / 2, prev + h, ix(i) + w / 2, y - 2, stroke=FAINT, width=1.2)
    spans[n - 1] = (1, 0)
    for i in range(n):
        root = i == n - 1
        cell(svg, ix(i), y, w, h, span_label(*spans[i]), fill=ORANGE_FILL if root else EMPTY,
             stroke=ORANGE if root else FAINT, colour=INK if root else NOTE)
    svg.text(x0 - 14, y + 30, "total 0–7 kept", size=13, anchor="end", fill=ORANGE)
    for d in (4, 2, 1):
        round_row(f"down d = {d}", f"{n // (2 * d)} thread" + ("s" if n // (2 * d) > 1 else ""), d, True)
    for i in range(n):
        svg.rect(ix(i), y, w, h, fill="none", stroke=GREEN, width=2)
    notes = ["A cell shows which items it sums (0: none); coloured: the cells a thread wrote in that round.",
             "Up-sweep: chapter 03's reduction tree, kept in place. Down-sweep: each node passes what lies left",
             "of its subtree to its left child, and that plus the left child's old sum to its right child.",
             "The last row is the exclusive scan (green); adding each item gives the inclusive one.",
             "2(n − 1) = 14 adds for 8 items (and 7 swaps), in 2 log2(n) = 6 rounds."]
    write_notes(svg, y + h + 30, notes, pad=4)
    return svg


def ch07_warp_scan():
    """A warp's inclusive scan with __shfl_up_sync: offsets 1, 2, 4, 8, 16."""
    lanes = 32
    x0, pitch, w, h, gap = 104, 23, 21, 24, 44
    svg = Svg(860, 500, "A warp scans 32 values with __shfl_up_sync: at offset 1, 2, 4, 8, 16, lane i >= offset "
                        "adds the value of lane i - offset. Each cell shows the first lane its sum starts at; "
                        "after 5 rounds every lane's sum starts at lane 0.")

    def lx(lane):
        return x0 + lane * pitch

    svg.text(x0 - 12, 22, "lane", size=13, anchor="end", fill=NOTE)
    for lane in range(0, lanes, 4):
        svg.text(lx(lane) + w / 2, 22, str(lane), size=12, anchor="middle", fill=NOTE, bold=True)
    y = 30
    svg.text(x0 - 12, y + 17, "start", size=14, anchor="end")
    first = list(range(lanes))
    for lane in range(lanes):
        cell(svg, lx(lane), y, w, h, str(first[lane]), fill=BLUE_FILL, stroke=BLUE, size=11)
    for offset in (1, 2, 4, 8, 16):
        prev, y = y, y + h + gap
        svg.text(x0 - 12, y + 17, f"offset {offset}", size=13, anchor="end", mono=True)
        for lane in range(offset, lanes):
            svg.line(lx(lane - offset) + w / 2, prev + h, lx(lane) + w / 2 - 3, y - 1,
                     stroke=THREAD_INK[(lane // offset) % 8] if offset < 16 else BLUE, width=1.0, arrow=True)
        first = [first[lane - offset] if lane >= offset else first[lane] for lane in range(lanes)]
        for lane in range(lanes):
            done = first[lane] == 0
            cell(svg, lx(lane), y, w, h, str(first[lane]), fill=GREEN_FILL if done else BLUE_FILL,
                 stroke=GREEN if done else BLUE, size=11, width=1.6 if done else 1.0, bold=done)
    notes = ["A cell shows the first lane its sum starts at; lane i always ends at itself (6: lanes 6 to i).",
             "Green: the prefix is complete. Each round doubles the lanes that are; 5 rounds cover 32,",
             "with no shared memory and no barrier: a lane < offset gets its own value back and adds nothing."]
    write_notes(svg, y + h + 30, notes, pad=4)
    return svg


# --- chapter 08 ------------------------------------------------------------------

# The states of a look-back's window, one per lane: lane k reads tile t - 32 + k.
LOOK_BACK_STATES = {"X": ("not ready", "#eeeeee", FAINT), "A": ("aggregate", ORANGE_FILL, ORANGE),
                    "P": ("prefix", GREEN_FILL, GREEN)}


def look_back_window(first_read):
    """The 32 predecessors of tile t as one warp reads them: older prefixes and
    aggregates, the newest prefix at lane 19, aggregates after it, and (on the
    first read) one tile that has published nothing yet."""
    states = ["P" if k in (2, 9, 19) else "A" for k in range(32)]
    if first_read:
        states[27] = "X"
    return states


def ch08_look_back():
    x0, w, h, top = 96, 22, 30, 70
    svg = Svg(860, 430, "The look-back of tile t: one warp reads the status words of the 32 tiles before it, "
                        "one per lane. On the first read a tile after the newest prefix has published nothing, "
                        "so the warp reads the window again; on the second read the nearest prefix (lane 19) and "
                        "the aggregates after it are folded left to right into tile t's exclusive prefix.")

    def row(y, states, label, note):
        svg.text(x0 - 10, y + h / 2 + 5, label, size=13, anchor="end")
        for k, state in enumerate(states):
            _, fill, stroke = LOOK_BACK_STATES[state]
            cell(svg, x0 + k * w, y, w, h, state, fill=fill, stroke=stroke, size=11,
                 colour=NOTE if state == "X" else INK)
        cell(svg, x0 + 32 * w + 8, y, 2 * w, h, "t", fill=BLUE_FILL, stroke=BLUE, bold=True)
        svg.text(x0, y + h + 20, note, size=13, fill=NOTE)

    for k in (0, 8, 16, 24, 31):
        svg.text(x0 + k * w + w / 2, top - 10, str(k), size=11, anchor="middle", fill=NOTE)
    svg.text(x0 - 10, top - 10, "lane", size=11, anchor="end", fill=NOTE)
    svg.brace(x0, x0 + 32 * w, top - 26, "the window: tiles t - 32 … t - 1, one status word per lane of one warp")
    first = look_back_window(True)
    row(top, first, "1st read", "")
    svg.line(x0 + 27 * w + w / 2, top + h + 4, x0 + 27 * w + w / 2, top + h + 16, stroke=RED, width=1.6)
    svg.text(x0 + 32 * w, top + h + 30, "not ready after the newest prefix: read the window again",
             size=13, anchor="end", fill=RED)
    second = look_back_window(False)
    top2 = top + h + 62
    row(top2, second, "2nd read", "")
    nearest = max(k for k, s in enumerate(second) if s == "P")
    nx = x0 + nearest * w + w / 2
    svg.line(nx, top2 + h + 30, nx, top2 + h + 4, stroke=GREEN, width=1.6, arrow=True)
    svg.text(nx, top2 + h + 46, "nearest prefix (the highest lane that sees P)", size=13, anchor="middle", fill=GREEN)
    for k in range(nearest + 1):
        svg.rect(x0 + k * w, top2, w, h, fill="#ffffff", stroke="none", width=0, opacity=0.55)
    # the fold, left to right
    fy = top2 + h + 86
    svg.text(x0 - 10, fy + 5, "fold", size=13, anchor="end")
    svg.line(nx, fy, x0 + 32 * w + 8 + w, fy, stroke=BLUE, width=2, arrow=True)
    for k in range(nearest, 32):
        svg.line(x0 + k * w + w / 2, fy - 5, x0 + k * w + w / 2, fy + 5, stroke=BLUE, width=1.3)
    svg.rich(x0, fy + 28, [("exclusive prefix of t = ", False),
                           (f"prefix(t-{32 - nearest}) + agg(t-{31 - nearest}) + … + agg(t-1)", True)], size=13)
    svg.text(x0, fy + 48, "then t publishes its own prefix: that sum + agg(t). The older prefixes and aggregates "
                          "(faded) are not needed.", size=13, fill=NOTE)
    svg.text(x0, fy + 66, "cubling folds in this order, left to right, whatever the timing (floats come out the "
                          "same on every run);", size=13, fill=NOTE)
    svg.text(x0, fy + 84, "with no P in the window, the warp adds all 32 aggregates and reads the 32 tiles "
                          "before them.", size=13, fill=NOTE)
    ly = fy + 104
    for i, key in enumerate(("X", "A", "P")):
        name, fill, stroke = LOOK_BACK_STATES[key]
        lx = x0 + i * 260
        cell(svg, lx, ly, 18, 18, key, fill=fill, stroke=stroke, size=10)
        svg.text(lx + 26, ly + 14, {"X": "NOT_READY: nothing yet", "A": "AGGREGATE: the tile's own total",
                                    "P": "PREFIX: everything up to it"}[key], size=13, fill=NOTE)
    svg.height = int(ly + 30)
    return svg


def ch08_chained_scan():
    x0, unit, rh, rp, tiles = 120, 7.0, 24, 30, 6
    load, hop, tail = 14, 9, 6  # load and scan a tile; pass a prefix on; add it and store (arbitrary units)
    svg = Svg(860, 480, "Chained scan against decoupled look-back, six tiles that start together. Chained: each "
                        "tile waits for its predecessor's prefix, so the prefix crosses the tiles one hop at a "
                        "time. Look-back: each tile publishes its aggregate as soon as it has scanned itself, and "
                        "reads its predecessors' aggregates at once.")

    def at(u):
        return x0 + u * unit

    def panel(top, title, finish):
        svg.text(20, top - 26, title, size=14, bold=True)
        done = 0
        for b in range(tiles):
            y = top + b * rp
            svg.text(x0 - 12, y + 17, f"tile {b}", size=13, anchor="end")
            svg.rect(at(0), y, load * unit, rh, fill=BLUE_FILL, stroke=BLUE, width=1.2, rx=3)
            if b == 0:
                svg.text(at(0) + 8, y + 17, "load, scan", size=12)
            start, end = finish(b)
            if start > load:
                svg.line(at(load) + 2, y + rh / 2, at(start) - 2, y + rh / 2, stroke=RED, width=1.4, dash="3 3")
            svg.rect(at(start), y, (end - start) * unit, rh, fill=GREEN_FILL, stroke=GREEN, width=1.2, rx=3)
            svg.rect(at(end), y, tail * unit, rh, fill=ORANGE_FILL, stroke=ORANGE, width=1.2, rx=3)
            done = max(done, end + tail)
        y = top + tiles * rp + 8
        svg.line(at(0), y, at(96), y, stroke=NOTE, width=1.2, arrow=True)
        svg.text(at(96), y - 8, "time", size=13, anchor="end", fill=NOTE)
        svg.line(at(done), y - 6, at(done), y + 6, stroke=RED, width=2)
        svg.text(at(done), y + 20, "done", size=13, anchor="middle", fill=RED, bold=True)

    panel(50, "chained scan: a tile waits for its predecessor's prefix",
          lambda b: (load + b * hop, load + (b + 1) * hop))
    panel(50 + tiles * rp + 96, "decoupled look-back: a tile waits for its predecessors' aggregates",
          lambda b: (load + (2 if b else 0), load + (hop if b else 2)))
    ly = 50 + 2 * (tiles * rp + 96) - 40
    for i, (fill, stroke, text) in enumerate(((BLUE_FILL, BLUE, "load and scan the tile"),
                                              (GREEN_FILL, GREEN, "find and publish its prefix"),
                                              (ORANGE_FILL, ORANGE, "add it, store"))):
        svg.rect(x0 + i * 210, ly, 14, 14, fill=fill, stroke=stroke, rx=3)
        svg.text(x0 + i * 210 + 20, ly + 12, text, size=13, fill=NOTE)
    svg.line(x0 + 630, ly + 7, x0 + 660, ly + 7, stroke=RED, width=1.4, dash="3 3")
    svg.text(x0 + 666, ly + 12, "waiting", size=13, fill=NOTE)
    svg.text(20, ly + 40, "Not to scale. With thousands of tiles the chain's hops add up to the whole time;",
             size=13, fill=NOTE)
    svg.text(20, ly + 59, "the look-back's wait does not grow with the tile count.", size=13, fill=NOTE)
    svg.height = int(ly + 75)
    return svg


def ch08_warp_specialized():
    x0, unit, rh, rp, span = 150, 8.0, 22, 30, 76
    load, reduce, look, scan, store = 10, 2, 7, 3, 3  # not to scale (arbitrary units)
    svg = Svg(860, 520, "One block's timeline, two designs. One tile per block: the block loads its tile, then "
                        "waits for its prefix with nothing in flight, then stores; the memory idles while it "
                        "waits. Warp-specialized: a producer warp loads tile after tile into a ring of stages, a "
                        "reducer warp publishes each tile's aggregate as it lands, a look-back warp finds the "
                        "prefixes one tile at a time, and the consumer warps scan and store; the loads never stop.")

    def at(u):
        return x0 + u * unit

    def bar(row_y, start, end, fill, stroke, label=""):
        svg.rect(at(start), row_y, (end - start) * unit, rh, fill=fill, stroke=stroke, width=1.2, rx=3)
        if label:
            svg.text(at(start) + (end - start) * unit / 2, row_y + 15, label, size=11, anchor="middle")

    def axis(y):
        svg.line(at(0), y, at(span), y, stroke=NOTE, width=1.2, arrow=True)
        svg.text(at(span) + 8, y + 5, "time", size=13, fill=NOTE)

    def memory(y, busy):
        svg.text(x0 - 12, y + 15, "memory", size=13, anchor="end", fill=NOTE)
        svg.rect(at(0), y, span * unit, rh, fill=EMPTY, stroke=FAINT, width=1)
        for start, end in busy:
            svg.rect(at(start), y, (end - start) * unit, rh, fill=BLUE_FILL, stroke="none", width=0)

    # One tile per block: load, wait for the prefix, store; then the next tile.
    top = 50
    svg.text(20, top - 22, "one tile per block (steps 3 to 6): a tile's wait leaves the memory idle", size=14, bold=True)
    svg.text(x0 - 12, top + 15, "block", size=13, anchor="end")
    t, busy = 0, []
    for k in range(3):
        bar(top, t, t + load, BLUE_FILL, BLUE, f"load {k}")
        svg.line(at(t + load) + 2, top + rh / 2, at(t + load + look) - 2, top + rh / 2, stroke=RED, width=1.4, dash="3 3")
        bar(top, t + load + look, t + load + look + store, ORANGE_FILL, ORANGE)
        busy += [(t, t + load), (t + load + look, t + load + look + store)]
        t += load + look + store
    memory(top + rp, busy)
    axis(top + 2 * rp + 6)

    # Warp-specialized: four jobs, four rows.
    top2 = top + 3 * rp + 60
    svg.text(20, top2 - 22, "warp-specialized (the probe): the loads run on while tiles wait for their prefixes",
             size=14, bold=True)
    rows = ["producer", "reducer", "look-back", "consumers"]
    for i, name in enumerate(rows):
        svg.text(x0 - 12, top2 + i * rp + 15, name, size=13, anchor="end")
    busy, look_free, consumers_free, tiles = [], 0, 0, 7
    for k in range(tiles):
        landed = (k + 1) * load
        if landed > span:
            break
        bar(top2, k * load, landed, BLUE_FILL, BLUE, f"tile {k}")
        busy.append((k * load, landed))
        bar(top2 + rp, landed, landed + reduce, GREEN_FILL, GREEN)
        start = max(landed + reduce, look_free)  # one look-back at a time
        look_free = start + look
        scanned = max(landed, consumers_free) + scan  # the consumers take the tiles in order
        stored = max(scanned, look_free) + store
        if stored > span:
            break
        bar(top2 + 2 * rp, start, look_free, GREEN_FILL, GREEN, str(k))
        bar(top2 + 3 * rp, scanned - scan, scanned, ORANGE_FILL, ORANGE)
        if look_free > scanned:
            svg.line(at(scanned) + 2, top2 + 3 * rp + rh / 2, at(look_free) - 2, top2 + 3 * rp + rh / 2,
                     stroke=RED, width=1.4, dash="3 3")
        bar(top2 + 3 * rp, stored - store, stored, ORANGE_FILL, ORANGE)
        busy.append((stored - store, stored))
        consumers_free = stored
    memory(top2 + 4 * rp, busy)
    axis(top2 + 5 * rp + 6)

    ly = top2 + 5 * rp + 40
    for i, (fill, stroke, text) in enumerate(((BLUE_FILL, BLUE, "a tile's bytes landing"),
                                              (GREEN_FILL, GREEN, "aggregate, then prefix, published"),
                                              (ORANGE_FILL, ORANGE, "scan, add the prefix, store"))):
        svg.rect(x0 + i * 250 - 130, ly, 14, 14, fill=fill, stroke=stroke, rx=3)
        svg.text(x0 + i * 250 - 110, ly + 12, text, size=13, fill=NOTE)
    svg.line(x0 - 130, ly + 34, x0 - 100, ly + 34, stroke=RED, width=1.4, dash="3 3")
    svg.text(x0 - 94, ly + 39, "waiting for the prefix", size=13, fill=NOTE)
    svg.text(20, ly + 66, "Not to scale, one block of many. The reducer never waits on another block, so an "
                          "aggregate is out as soon as its tile lands;", size=13, fill=NOTE)
    svg.text(20, ly + 85, "and the producer refills each stage as soon as every warp is done with it.",
             size=13, fill=NOTE)
    svg.height = int(ly + 100)
    return svg


def ch08_consumer_rows():
    """Step 7's consumer warp: ROWS rows of 32 16-byte vectors, folded in order; drawn with 8 lanes, 2 rows and
    4 items a vector."""
    lanes, rows, vector = 8, 2, 4   # the kernel: 32 lanes, ROWS = 8, 16 / sizeof(T) items a vector
    x0, ip, vp, h = 170, 20, 84, 26
    vw = vector * ip - 1
    svg = Svg(860, 760, "One consumer warp's items in step 7, drawn with 8 lanes, 2 rows and 4 items a vector. The "
                        "warp's items are 2 rows of 8 vectors; lane l holds vector l of each row, so row 0 holds "
                        "items 0 to 31 and row 1 items 32 to 63, lane l items 4l to 4l + 3 of a row. For each row in "
                        "turn: each lane folds its vector's 4 items in order; the warp scans the 8 lanes' totals with "
                        "shuffles; each lane's fold of the items before its vector is the carry plus the inclusive "
                        "total of the lane to its left; the row's total, lane 7's, joins the carry. Each row is "
                        "stored as one run of contiguous bytes, 128 here and 512 in the kernel.")

    def vx(lane):
        return x0 + lane * vp

    def first(r, lane):
        """The first of the warp's items in lane `lane`'s vector of row r."""
        return (r * lanes + lane) * vector

    def span(lo, hi):
        return "none" if lo > hi else f"{lo}–{hi}"

    def label(y, text, sub):
        svg.text(x0 - 12, y + 12, text, size=13, anchor="end")
        svg.text(x0 - 12, y + 27, sub, size=11, anchor="end", fill=NOTE)

    svg.text(x0 - 12, 22, "lane", size=13, anchor="end", fill=NOTE)
    for lane in range(lanes):
        svg.text(vx(lane) + vw / 2, 22, str(lane), size=13, anchor="middle", fill=THREAD_INK[lane], bold=True)
    y = 62
    carry = 0   # the warp's items folded into the carry so far: 0 .. carry - 1
    for r in range(rows):
        svg.brace(vx(0), vx(lanes - 1) + vw, y - 6,
                  f"row {r}: items {first(r, 0)}–{first(r, lanes) - 1}, {lanes} vectors of 16 bytes, "
                  f"{lanes * 16} contiguous bytes", size=12)
        svg.text(20, y + 18, f"row {r}", size=14, bold=True)
        svg.text(x0 - 12, y + 18, "items", size=12, anchor="end", fill=NOTE)
        for lane in range(lanes):
            for i in range(vector):
                cell(svg, vx(lane) + i * ip, y, ip - 1, h, str(first(r, lane) + i), fill=THREAD_FILL[lane],
                     stroke=THREAD_INK[lane], size=11)
            # ① the lane's fold of its vector, item by item
            fy = y + h + 9
            svg.line(vx(lane) + ip / 2, fy, vx(lane) + vw - 4, fy, stroke=THREAD_INK[lane], width=1.4, arrow=True)
            for i in range(vector - 1):
                svg.line(vx(lane) + ip / 2 + i * ip, fy - 4, vx(lane) + ip / 2 + i * ip, fy + 4,
                         stroke=THREAD_INK[lane], width=1.2)
        yt = y + h + 20
        label(yt, "① lane totals", "its vector, in order")
        for lane in range(lanes):
            cell(svg, vx(lane), yt, vw, h, span(first(r, lane), first(r, lane) + vector - 1), fill=THREAD_FILL[lane],
                 stroke=THREAD_INK[lane], size=12)
        ys = yt + h + 18
        label(ys, "② warp scan", "shuffles up 1, 2, 4")
        for lane in range(lanes):
            svg.line(vx(lane) + vw / 2, yt + h + 2, vx(lane) + vw / 2, ys - 2, stroke=FAINT, width=1.2, arrow=True)
            last = lane == lanes - 1
            cell(svg, vx(lane), ys, vw, h, span(first(r, 0), first(r, lane) + vector - 1), fill=BLUE_FILL,
                 stroke=BLUE, size=12, width=2 if last else 1, bold=last)
        yb = ys + h + 24
        label(yb, f"before[{r}]", "carry + lane to the left")
        for lane in range(lanes):
            if lane:
                svg.line(vx(lane - 1) + vw / 2, ys + h + 2, vx(lane) + vw / 2 - 8, yb - 2, stroke=BLUE, width=1.3,
                         arrow=True)
            cell(svg, vx(lane), yb, vw, h, span(0, first(r, lane) - 1), fill=GREEN_FILL, stroke=GREEN, size=12)
        carry = first(r + 1, 0)
        yc = yb + h + 22
        svg.text(x0, yc, f"③ carry = {span(0, carry - 1)}: the carry so far + the row's total (lane {lanes - 1}'s "
                         f"scan, shuffled to every lane)", size=13)
        y = yc + 50
    # the store: each row one run of contiguous bytes
    y -= 14
    unit = (vx(lanes - 1) + vw - x0) / (rows * lanes * vector)
    svg.text(20, y + 18, "stored", size=14, bold=True)
    for r in range(rows):
        x1 = x0 + first(r, 0) * unit
        svg.brace(x1 + 1, x1 + lanes * vector * unit - 1, y + h + 6,
                  f"row {r}: one run of {lanes * 16} contiguous bytes",
                  size=12, below=True)
        for lane in range(lanes):
            svg.rect(x0 + first(r, lane) * unit, y, vector * unit, h, fill=THREAD_FILL[lane], stroke=THREAD_INK[lane],
                     width=1)
    notes = ["Drawn with 8 lanes, 2 rows and 4 items a vector. Warp w of a "
             "consumer group has 32 lanes and ROWS = 8 rows",
             "of 32 16-byte vectors (4 items of 4 bytes, or 2 of 8); its row r "
             "is the tile's vectors (w · ROWS + r) · 32 + l,",
             "512 contiguous bytes. A cell below the items shows which of "
             "the warp's items it sums (0–7: items 0 to 7).",
             "Lane l holds vector l of each row, so a row is read from shared "
             "memory without bank conflicts and stored with",
             "no transpose. Each item is stored as the prefix (the tile's and "
             "the warps' before) + before[r] + its own fold."]
    write_notes(svg, y + h + 50, notes, pad=-4)
    return svg


# --- chapter 09 ------------------------------------------------------------------

def ch09_one_bit_split():
    """One pass of step 1 on 8 keys: the flags of bit 1, their exclusive scan, the ranks, the scatter."""
    keys = [5, 2, 7, 0, 6, 3, 4, 1]
    bit = 1
    n = len(keys)
    x0, pitch, w, h, gap = 230, 76, 64, 30, 22
    flags = [(k >> bit) & 1 for k in keys]
    ones_before = [sum(flags[:i]) for i in range(n)]
    zeros = n - sum(flags)
    ranks = [zeros + ones_before[i] if flags[i] else i - ones_before[i] for i in range(n)]
    out = [None] * n
    for i in range(n):
        out[ranks[i]] = keys[i]
    svg = Svg(860, 520, "One pass of a one-bit split on 8 keys, on bit 1: the flags (the bit of each key), their "
                        "exclusive scan (the ones before each key), and the rank of each key: a key with bit 0 goes "
                        "to its position minus the ones before it, a key with bit 1 after all the zeros plus the "
                        "ones before it. Every key is then written to its rank; keys with equal bits keep their "
                        "order.")

    def ix(i):
        return x0 + i * pitch

    scan_grid(svg, x0, pitch, w, n, 22)
    y = 32

    def row(label, values, sub=None, fill=None, stroke=None, mono=False, bold=False):
        nonlocal y
        svg.text(x0 - 14, y + (13 if sub else 20), label, size=14, anchor="end", bold=bold)
        if sub:
            svg.text(x0 - 14, y + 29, sub, size=12, anchor="end", fill=NOTE)
        for i, value in enumerate(values):
            f = fill(i) if fill else "#ffffff"
            st = stroke(i) if stroke else LINE
            svg.rect(ix(i), y, w, h, fill=f, stroke=st, width=1.2)
            svg.text(ix(i) + w / 2, y + h / 2 + 5, str(value), size=13, anchor="middle", mono=mono)
        top = y
        y += h + gap
        return top

    def flag_fill(i):
        return ORANGE_FILL if flags[i] else BLUE_FILL

    def flag_ink(i):
        return ORANGE if flags[i] else BLUE

    row("keys", [f"{k} = {k:03b}" for k in keys], sub="binary", fill=flag_fill, stroke=flag_ink)
    row(f"bit {bit}", flags, sub="the flags", fill=flag_fill, stroke=flag_ink, bold=True)
    row("ones before", ones_before, sub="exclusive scan", fill=lambda i: EMPTY, stroke=lambda i: FAINT)
    rank_top = row("rank", ranks, sub=f"zeros = {zeros}", fill=flag_fill, stroke=flag_ink, bold=True)
    y += 50
    for i in range(n):
        svg.line(ix(i) + w / 2, rank_top + h + 2, ix(ranks[i]) + w / 2, y - 3, stroke=flag_ink(i), width=1.6,
                 arrow=True)
    svg.text(x0 - 14, y - 30, "scatter", size=13, anchor="end", fill=NOTE)
    row("after the pass", [f"{k} = {k:03b}" for k in out], fill=lambda r: flag_fill(ranks.index(r)),
        stroke=lambda r: flag_ink(ranks.index(r)))
    notes = [f"Bit 0 (blue): rank = position − ones before it. Bit 1 (orange): rank = zeros ({zeros}) + ones "
             "before it.",
             "The zeros keep their order, and so do the ones: the split is stable. 32 such passes, from bit 0",
             "up, sort 32-bit keys; one BlockScan of the flags per pass gives every rank."]
    write_notes(svg, y + 14, notes, pad=4)
    return svg


def ch09_match_ranks():
    """Two rounds of step 4's match ranking, for a warp drawn with 16 lanes and 2-bit digits."""
    rounds = [[2, 0, 2, 1, 3, 2, 0, 0, 1, 2, 3, 3, 0, 2, 1, 2],
              [1, 1, 0, 2, 0, 3, 1, 0, 2, 2, 1, 0, 3, 0, 1, 1]]
    lanes, digits = 16, 4
    x0, pitch, w, h = 130, 34, 29, 28
    svg = Svg(860, 640, "Two rounds of ranking by match in one warp (16 lanes and 2-bit digits, for the picture). "
                        "In each round every lane holds one key; __match_any_sync gives each lane the lanes whose "
                        "key has the same digit, its peers. A key's rank in its warp is the warp's counter of its "
                        "digit before the round plus its peers in lower lanes; the last peer adds the number of "
                        "peers to the counter.")

    def lx(lane):
        return x0 + lane * pitch

    svg.text(x0 - 12, 22, "lane", size=13, anchor="end", fill=NOTE)
    for lane in range(lanes):
        svg.text(lx(lane) + w / 2, 22, str(lane), size=12, anchor="middle", fill=NOTE, bold=True)
    counters = [0] * digits
    y = 48
    cx = lx(lanes) + 36  # the counters' column
    for r, ds in enumerate(rounds):
        svg.text(20, y + 4, f"round i = {r}", size=14, bold=True)
        y += 14
        svg.text(x0 - 12, y + 19, "digit", size=13, anchor="end")
        for lane, d in enumerate(ds):
            last = max(l for l in range(lanes) if ds[l] == d) == lane
            cell(svg, lx(lane), y, w, h, str(d), fill=THREAD_FILL[d], stroke=THREAD_INK[d], width=2.4 if last else 1,
                 bold=last)
        dy = y
        y += h + 12
        svg.text(x0 - 12, y + 19, "peers below", size=13, anchor="end")
        below = [sum(1 for l in range(lane) if ds[l] == ds[lane]) for lane in range(lanes)]
        for lane in range(lanes):
            cell(svg, lx(lane), y, w, h, str(below[lane]), fill=EMPTY, stroke=FAINT)
        y += h + 12
        svg.text(x0 - 12, y + 19, "rank in warp", size=13, anchor="end")
        for lane, d in enumerate(ds):
            cell(svg, lx(lane), y, w, h, str(counters[d] + below[lane]), fill=THREAD_FILL[d], stroke=THREAD_INK[d],
                 bold=True)
        # the counters: before, plus the round's count
        svg.text(cx, dy - 2, "counters of the warp", size=12, fill=NOTE)
        for d in range(digits):
            count = ds.count(d)
            cy = dy + 6 + d * 24
            cell(svg, cx, cy, 22, 20, str(d), fill=THREAD_FILL[d], stroke=THREAD_INK[d], size=11)
            svg.text(cx + 30, cy + 15, f"{counters[d]} + {count} → {counters[d] + count}", size=12, mono=True)
            counters[d] += count
        y += h + 34
    notes = ["Bold outline: the last peer of each digit, the one lane that adds the count of its peers to the warp's",
             "counter (one shared-memory update per distinct digit, not per key) and shuffles the old value to",
             "its peers. Rank in warp = the counter before the round + the peers in lower lanes: the keys of a",
             "digit are numbered round by round, lane by lane, in the order of the warp-striped tile.",
             "After the last round, one scan of the counters of every warp, digit by digit and warp by warp, says",
             "where each warp's keys of each digit start in the tile; a key's rank is that plus its rank in its warp."]
    write_notes(svg, y, notes, pad=4)
    return svg


def ch09_packed_counters():
    """Steps 2 and 3's counters in shared memory, for a block drawn with 32 threads (the kernel's has 256)."""
    block, digits, banks = 32, 16, 32               # threads drawn, 4-bit digits, shared-memory banks
    lanes = digits // 2                             # step 3: packed words per thread (counter lanes)
    segment = lanes                                 # step 3: words each thread rakes
    x0, pitch, w = 160, 21, 19
    counter_thread = 2                              # the column outlined in (a)
    svg = Svg(860, 1000, "Steps 2 and 3's digit counters in shared memory, for a block drawn with 32 threads. "
                         "Step 2: counters[digit][thread], 16 rows of 32 words in memory order; each thread counts "
                         "its keys down its own column, and the scan gives thread t the 16 consecutive counters "
                         "16t to 16t + 15, half a row. Step 3: words[lane][thread], 8 rows; each word holds two "
                         "16-bit counters, digit lane in the low half and digit lane + 8 in the high half, and "
                         "thread s rakes the 8 consecutive words of segment s. In memory an unused word follows "
                         "every segment, so segment s starts at word 9s: the warp's 32 threads read 32 different "
                         "banks, where segments 8 words apart would put eight threads in each of banks 0, 8, 16 "
                         "and 24.")

    def tx(t):
        return x0 + t * pitch

    def header(y, label, mark=None):
        svg.text(x0 - 10, y, label, size=12, anchor="end", fill=NOTE)
        for t in range(block):
            svg.text(tx(t) + w / 2, y, str(t), size=11, anchor="middle", fill=INK if t == mark else NOTE,
                     bold=t == mark)

    # (a) step 2: a 32-bit counter per digit and thread; thread t scans flat words 16t .. 16t + 15
    svg.text(20, 24, "step 2: counters[digit][thread], 32 bits each, stored row after row", size=14, bold=True)
    header(50, "thread", counter_thread)
    top, rh, rp = 58, 14, 16
    for d in range(digits):
        y = top + d * rp
        svg.text(x0 - 10, y + 11, f"digit {d}", size=11, anchor="end")
        for t in range(block):
            scanner = (d * block + t) // digits     # flat[scanner * 16 + k] is this counter
            svg.rect(tx(t), y, w, rh, fill=THREAD_FILL[scanner % 8], stroke=THREAD_INK[scanner % 8], width=0.8)
        for half in range(block // digits):
            scanner = (d * block + half * digits) // digits
            mid = (tx(half * digits) + tx(half * digits + digits - 1) + w) / 2
            svg.text(mid, y + 11, f"scanned by t{scanner}", size=11, anchor="middle")
    bottom = top + digits * rp
    svg.rect(tx(counter_thread) - 2, top - 3, w + 4, bottom - top + 4, stroke=INK, width=1.8, dash="4 3")
    notes = [f"Dashed: thread {counter_thread} counts its keys down its own column, counters[digit]"
             f"[{counter_thread}]. The scan then takes the",
             "counters in memory order, 16 consecutive ones per thread (colour: that thread), 16 words apart from "
             "thread to thread."]
    write_notes(svg, bottom + 20, notes)

    # (b) step 3: two 16-bit counters per word; segment s = words 8s .. 8s + 7 in memory order
    pb = bottom + 20 + 19 * len(notes) + 24
    svg.text(20, pb, "step 3: words[lane][thread], two 16-bit counters to a 32-bit word", size=14, bold=True)
    header(pb + 26, "thread")
    top, half_h, rp = pb + 34, 12, 29
    for lane in range(lanes):
        y = top + lane * rp
        first = lane * block // segment
        svg.text(x0 - 10, y + 10, f"lane {lane}", size=13, anchor="end")
        svg.text(x0 - 10, y + 23, f"raked by t{first}–t{first + block // segment - 1}", size=11, anchor="end",
                 fill=NOTE)
        for t in range(block):
            s = (lane * block + t) // segment       # the segment (and raking thread) of word (lane, t)
            fill, ink = THREAD_FILL[s % 8], THREAD_INK[s % 8]
            cell(svg, tx(t), y, w, half_h, str(lane + lanes), fill=fill, stroke=ink, size=11, width=0.8)
            cell(svg, tx(t), y + half_h, w, half_h, str(lane), fill=fill, stroke=ink, size=11, width=0.8)
        for s in range(lane * block // segment, (lane + 1) * block // segment):
            t0 = s * segment - lane * block
            svg.rect(tx(t0) - 1, y - 1, tx(t0 + segment - 1) + w - tx(t0) + 2, 2 * half_h + 2, stroke=THREAD_INK[s % 8],
                     width=2)
    bottom = top + lanes * rp
    notes = ["A word holds digit lane + 8 in its high half (top) and digit "
             "lane in its low half: step 2's rows d and d + 8.",
             "Thread s rakes segment s, 8 consecutive words (outlined): it "
             "sums them, a BlockScan scans the 32 sums, and",
             "it writes the segment's prefixes back. The high halves (digits 8–15) then add the low halves' total."]
    write_notes(svg, bottom + 14, notes)

    # (c) step 3 in memory: word w = (lane, t) at w + w / 8; rows of 32 words are the 32 banks
    pc = bottom + 14 + 19 * len(notes) + 24
    svg.text(20, pc, "step 3 in memory: an unused word after every segment; a row of 32 words is the 32 banks",
             size=14, bold=True)
    header(pc + 26, "bank")
    top, rh, rp = pc + 34, 18, 20
    words = block * lanes + block * lanes // segment
    for r in range(words // banks):
        y = top + r * rp
        svg.text(x0 - 10, y + 13, f"words {r * banks}–{r * banks + banks - 1}", size=11, anchor="end")
        for b in range(banks):
            p = r * banks + b
            s, k = divmod(p, segment + 1)           # segment s starts at word 9s; k = 8: the unused word
            if k == segment:
                cell(svg, tx(b), y, w, rh, "", fill=EMPTY, stroke=FAINT, width=0.8)
            else:
                cell(svg, tx(b), y, w, rh, str(s), fill=THREAD_FILL[s % 8], stroke=THREAD_INK[s % 8], size=11,
                     width=0.8)
            if k == 0:
                svg.rect(tx(b) - 1, y - 1, w + 2, rh + 2, stroke=INK, width=2.2)
    bottom = top + words // banks * rp
    # how many lanes read each bank on their first read (k = 0), padded and not
    y = bottom + 14
    for label, stride in (("without the pad", segment),):
        per_bank = {}
        for lane in range(32):
            per_bank.setdefault(lane * stride % banks, []).append(lane)
        svg.text(x0 - 10, y + 9, label, size=12, anchor="end")
        svg.text(x0 - 10, y + 23, "threads per bank", size=11, anchor="end", fill=NOTE)
        for b in range(banks):
            hit = per_bank.get(b, [])
            if hit:
                cell(svg, tx(b), y + 3, w, rh, str(len(hit)), fill="#ffffff", stroke=RED, size=11, colour=RED,
                     bold=True, width=1.6)
            else:
                cell(svg, tx(b), y + 3, w, rh, "", fill="#fafafa", stroke=FAINT)
        y += rh + 12
    notes = ["A cell: the segment (and raking thread) of the word; grey: the "
             "unused word. Outlined: each segment's first",
             "word. Thread l reads word 9l + k at its k-th read, in bank (9l "
             "+ k) mod 32: a warp's 32 threads, 32 banks.",
             "Without the pad, segments 8 words apart would put threads l, l "
             "+ 4, l + 8, … in one bank: eight threads in",
             "each of banks 0, 8, 16 and 24 (red), eight passes a read. In "
             "the kernel's block of 256 threads, each warp's",
             "32 segments span 288 = 9 · 32 words, so every warp reads as this one does."]
    write_notes(svg, y + 14, notes, pad=-4)
    return svg



# --- chapter 10 ------------------------------------------------------------------

def stable_bucket_pass(keys, shift, bits):
    """One LSD pass, as the chapter's kernels make it: keys in the order of their digit, ties
    in their input order."""
    digit = lambda key: (key >> shift) & ((1 << bits) - 1)
    return sorted(keys, key=digit), digit


def base4_key_row(svg, x0, y, w, h, keys, label, bold=None, colour_of=None):
    """A row of 4-bit keys, each written in base 4 (high, low digit) over its value. `bold`: the shift
    (2 or 0) of the digit drawn bold; `colour_of(key)`: the cell's colour index (None: an empty cell)."""
    svg.text(x0 - 14, y + h / 2 + 5, label, size=13, anchor="end")
    for i, key in enumerate(keys):
        d = None if colour_of is None else colour_of(key)
        fill = EMPTY if d is None else THREAD_FILL[d]
        stroke = LINE if d is None else THREAD_INK[d]
        cell(svg, x0 + i * w, y, w - 4, h, "", fill=fill, stroke=stroke)
        svg.rich(x0 + i * w + (w - 4) / 2, y + h / 2 + 5,
                 [(f"{key >> 2}", bold == 2), (f"{key & 3}", bold == 0)], size=14, anchor="middle")
        svg.text(x0 + i * w + (w - 4) / 2, y + h + 14, str(key), size=11, anchor="middle", fill=NOTE)


def digit_braces(svg, x0, y, w, keys, digit, name):
    """A brace "<name> d: count" over the run of each digit d that the keys have, the runs in digit
    order as a stable pass leaves them; returns the runs as (d, first, count)."""
    runs, start = [], 0
    for d in range(4):
        count = sum(1 for key in keys if digit(key) == d)
        if count:
            svg.brace(x0 + start * w, x0 + (start + count) * w - 4, y - 4, f"{name} {d}: {count}", size=12,
                      colour=THREAD_INK[d])
            runs.append((d, start, count))
        start += count
    return runs


def ch10_lsd_passes():
    """Two LSD passes of 2-bit digits over 10 four-bit keys: the buckets of each pass, kept stable."""
    keys = [13, 6, 9, 2, 14, 5, 11, 0, 7, 10]
    bits, x0, w, h = 2, 150, 52, 30
    svg = Svg(860, 420, "An LSD radix sort of ten 4-bit keys with 2-bit digits. Pass 0 moves every key to the "
                        "bucket of its low digit, keeping the order of keys with the same digit; pass 1 does the "
                        "same with the high digit, and the keys come out sorted.")

    def row(y, values, label, shift=None):
        colour_of = None if shift is None else (lambda key: (key >> shift) & 3)
        base4_key_row(svg, x0, y, w, h, values, label, bold=shift, colour_of=colour_of)

    def buckets(y, values, shift):
        ordered, digit = stable_bucket_pass(values, shift, bits)
        digit_braces(svg, x0, y, w, values, digit, "digit")
        return ordered

    y = 40
    row(y, keys, "input", shift=0)
    svg.text(x0 + 10 * w + 6, y + h / 2 + 5, "(base 4: high, low digit)", size=12, fill=NOTE)
    first = buckets(y + 2 * h + 34, keys, 0)
    row(y + 2 * h + 34, first, "after pass 0", shift=2)
    svg.text(x0 + 10 * w + 6, y + 3 * h + 39, "by the low digit", size=12, fill=NOTE)
    second = buckets(y + 4 * h + 68, first, 2)
    row(y + 4 * h + 68, second, "after pass 1")
    svg.text(x0 + 10 * w + 6, y + 5 * h + 73, "by the high digit: sorted", size=12, fill=NOTE)
    assert second == sorted(keys)
    ny = y + 6 * h + 84
    svg.text(20, ny, "Each pass is stable: keys with the same digit keep the order the pass before left them in,",
             size=13, fill=NOTE)
    svg.text(20, ny + 19, "so the low digits' order survives inside each bucket of the high digit. A bucket's "
                          "start is the count of", size=13, fill=NOTE)
    svg.text(20, ny + 38, "every key with a smaller digit: what steps 1 to 3 compute, each in its own way, for "
                          "256 buckets a pass.", size=13, fill=NOTE)
    svg.height = int(ny + 54)
    return svg


def ch10_buckets_first():
    """Buckets first: one stable pass on the top digit splits 12 four-bit keys into 4 buckets; then one
    block per bucket sorts it on the low digit alone, with no grid barrier between the blocks."""
    keys = [13, 6, 9, 2, 14, 5, 11, 0, 7, 10, 4, 15]
    bits, x0, w, h = 2, 150, 52, 30
    n = len(keys)
    svg = Svg(860, 460, "Buckets first, for twelve 4-bit keys with 2-bit digits. One pass on the high digit "
                        "moves every key into the bucket of that digit, in input order. Then block b sorts "
                        "bucket b on the low digit alone, and the keys come out sorted; the blocks never wait "
                        "for one another.")

    def row(y, values, label, shift=None):
        base4_key_row(svg, x0, y, w, h, values, label, bold=shift, colour_of=lambda key: key >> 2)  # by bucket

    y = 40
    row(y, keys, "input", shift=2)
    svg.text(x0 + n * w + 6 - 4 * w, y - 12, "(base 4: high, low digit)", size=12, fill=NOTE)
    split, high = stable_bucket_pass(keys, 2, bits)
    ys = y + 2 * h + 34
    spans = digit_braces(svg, x0, ys, w, keys, high, "bucket")
    row(ys, split, "split", shift=0)
    # one block a bucket: each sorts its own keys on the low digit (stable)
    yb = ys + 2 * h + 40
    result = []
    for d, first, count in spans:
        bucket = sorted(split[first:first + count], key=lambda key: key & 3)
        result += bucket
        x1, x2 = x0 + first * w - 1.5, x0 + (first + count) * w - 2.5
        svg.rect(x1, yb - 6, x2 - x1, h + 26, stroke=THREAD_INK[d], width=1.4, dash="5 3", rx=4)
        svg.text((x1 + x2) / 2, yb + h + 36, f"block {d}", size=12, anchor="middle", fill=THREAD_INK[d])
        for i in range(count):
            xi = x0 + (first + i) * w + (w - 4) / 2
            svg.line(xi, ys + h + 18, xi, yb - 10, stroke=FAINT, width=1.2, arrow=True)
    row(yb, result, "sorted")
    assert result == sorted(keys)
    ny = yb + h + 70
    write_notes(svg, ny, [
        "The split is one stable pass on the top digit: a bucket holds the keys of one digit, in input order,",
        "and every key in bucket d is smaller than every key in bucket d + 1. So each block sorts its bucket on",
        "the lower bits alone, reading no other block's counts and waiting at no grid barrier. A bucket larger",
        "than one block sorts would not fit: then the digit passes follow the split, least significant first.",
    ], pad=14)
    return svg


def ch10_histogram_banks():
    """One warp's shared atomics in the up-front histogram, bank by bank, in the two layouts of
    AgentRadixSortHistogram::Counter: copies (digit d's counter at word d of the copy, so bank d mod 32)
    and lane columns (lane l's counter of digit d at word 32·d + l, so bank l)."""
    banks = 32
    x0, pitch, w, ch = 170, 21, 19, 22
    # 32 distinct digits of one pass, as uniform keys give them (a fixed LCG, so the drawing is reproducible).
    digits, state = [], 12345
    while len(digits) < banks:
        state = (1103515245 * state + 12345) % (1 << 31)
        if (state >> 16) % 256 not in digits:
            digits.append((state >> 16) % 256)
    svg = Svg(860, 100, "One warp's 32 atomics, one per lane, each adding one to the counter of its key's digit, "
                        "stacked by the shared-memory bank of the counter: with one copy of the 256 counters "
                        "(bank = digit mod 32) several lanes meet on a bank; with a column per lane (word "
                        "32 x digit + lane, bank = lane) every lane has a bank of its own.")

    def bx(b):
        return x0 + b * pitch

    y = 8
    svg.text(20, y + 16, "the warp's digits", size=14, bold=True)
    svg.text(x0 - 12, y + 38, "lane", size=13, anchor="end", fill=NOTE)
    for lane in range(banks):
        svg.text(bx(lane) + w / 2, y + 38, str(lane), size=13, anchor="middle", fill=NOTE)
        cell(svg, bx(lane), y + 46, w, ch, "", fill=THREAD_FILL[lane % 8], stroke=THREAD_INK[lane % 8], width=1)
        svg.text(bx(lane) + w / 2, y + 46 + ch / 2 + 4, str(digits[lane]), size=9, anchor="middle")
    svg.text(x0 - 12, y + 46 + ch / 2 + 5, "digit", size=13, anchor="end", fill=NOTE)
    y += 46 + ch + 22
    cases = [("copies", "word d", lambda lane, d: d % banks),
             ("lane columns", "word 32·d + lane", lambda lane, d: (32 * d + lane) % banks)]
    for title, index, bank_of in cases:
        svg.text(20, y + 16, title, size=14, bold=True)
        stacks = {}
        for lane in range(banks):
            stacks.setdefault(bank_of(lane, digits[lane]), []).append(lane)
        top, depth = bank_stacks(svg, x0, pitch, w, ch, y, stacks,
                                 lambda k, lane: (THREAD_FILL[lane % 8], RED if k > 0 else THREAD_INK[lane % 8], 11))
        svg.text(20, top + 16, index, size=13, mono=True)
        verdict = f"{depth} passes" if depth > 1 else "1 pass"
        svg.text(20, top + 36, verdict, size=13, fill=RED if depth > 1 else GREEN, bold=True)
        y = top + max(depth * ch + 4, 44) + 22
    svg.text(x0, y + 6, "A chip is a lane, in the bank of the counter it adds to; a red edge waits a pass more.",
             size=13, fill=NOTE)
    svg.text(x0, y + 25, "Copies: 256 counters a pass (1 KiB). Lane columns: 32 counters a digit, "
                         "one per lane (32 KiB a pass).", size=13, fill=NOTE)
    svg.height = int(y + 38)
    return svg


def ch10_counter_offset():
    """How AgentRadixSortHistogram::CountShifted finds a counter: the byte offset of lane l's counter of
    digit d of pass p, 4 x CounterWord(p, d, l) = p x 32 KiB + d x 128 + l x 4, is three bit fields that
    share no bit, so a funnel shift and one LOP3 build it from the key shifted up by 7."""
    key, lane, pas, digit_shift, radix_bits = 0x9E3779B9, 5, 1, 7, 8
    bit = pas * radix_bits                       # the pass's first bit (begin_bit 0)
    low, high = (key << digit_shift) & 0xFFFFFFFF, key >> (32 - digit_shift)
    shifted = (((high << 32) | low) >> bit) & 0xFFFFFFFF                   # SHF.R.W low, high, bit
    digit_field = ((1 << radix_bits) - 1) << digit_shift
    fixed = 4 * ((pas * 256 + 0) * 32 + lane)                              # 4 x CounterWord(pass, 0, lane)
    offset = (shifted & digit_field) | fixed                               # LOP3
    digit = (key >> bit) & 0xFF
    assert offset == 4 * ((pas * 256 + digit) * 32 + lane), "the fields must not overlap"
    bits, x0, pitch, h = 32, 186, 20, 24
    svg = Svg(860, 100, "The byte offset of a histogram counter built in two instructions. A 32-bit key with "
                        "the digit of pass 1 (bits 8 to 15) marked; a funnel shift of the key shifted up by 7 "
                        "brings that digit to bits 7 to 14; one LOP3 keeps those bits and adds the lane's field "
                        "(bits 2 to 6, lane times 4) and the pass's field (from bit 15, pass times 32 KiB): "
                        "the offset of lane 5's counter of the digit, with no bit of one field in another.")

    def bx(b):  # bit b of a word, bit 31 on the left
        return x0 + (bits - 1 - b) * pitch

    def word(y, value, label, sub, field_of):
        svg.text(20, y + 16, label, size=14, bold=True)
        svg.text(20, y + 34, sub, size=12, mono=True, fill=NOTE)
        for b in range(bits):
            fill, stroke = field_of(b)
            cell(svg, bx(b), y, pitch - 2, h, str((value >> b) & 1), fill=fill, stroke=stroke, size=12,
                 colour=INK if fill != EMPTY else FAINT)

    def in_digit(lo):
        return lambda b: (BLUE_FILL, BLUE) if lo <= b < lo + radix_bits else (EMPTY, FAINT)

    y = 10
    for b in range(0, bits, 4):
        svg.text(bx(b) + (pitch - 2) / 2, y + 12, str(b), size=11, anchor="middle", fill=NOTE)
    svg.text(bx(31) + (pitch - 2) / 2, y + 12, "31", size=11, anchor="middle", fill=NOTE)
    y += 22
    word(y, key, "the key", f"0x{key:08X}", in_digit(bit))
    svg.brace(bx(bit + radix_bits - 1), bx(bit) + pitch - 2, y + h + 4, f"pass {pas}'s digit: {digit}",
              below=True, colour=BLUE)
    y += h + 46
    word(y, shifted, "SHF.R.W", f"(key << 7) >> {bit}", in_digit(digit_shift))
    svg.brace(bx(digit_shift + radix_bits - 1), bx(digit_shift) + pitch - 2, y + h + 4, "the digit, now at bit 7",
              below=True, colour=BLUE)
    y += h + 46

    def offset_field(b):
        if b >= 15:
            return (ORANGE_FILL, ORANGE) if (offset >> b) & 1 or b < 17 else (EMPTY, FAINT)
        if b >= digit_shift:
            return BLUE_FILL, BLUE
        if b >= 2:
            return GREEN_FILL, GREEN
        return EMPTY, FAINT

    word(y, offset, "LOP3", "(x & 0x7F80) | fixed", offset_field)
    svg.brace(bx(16), bx(15) + pitch - 2, y + h + 4, f"pass {pas}", below=True, colour=ORANGE)
    svg.brace(bx(14), bx(7) + pitch - 2, y + h + 4, "digit x 128", below=True, colour=BLUE)
    svg.brace(bx(6), bx(2) + pitch - 2, y + h + 4, f"lane {lane} x 4", below=True, colour=GREEN)
    y += h + 36
    notes = [f"The fixed fields, 4 x CounterWord(pass, 0, lane) = {fixed}, are the same for every key of the pass:",
             f"computed once a pass. The offset, {offset}, is 4 x CounterWord({pas}, {digit}, {lane}); the ATOMS adds one there.",
             "So a key costs SHF.R.W, LOP3 and ATOMS a pass, once it has been shifted up by 7 (into two words)."]
    write_notes(svg, y + 8, notes, pad=-4)
    return svg


def ch10_exchange_apart():
    """One thread's registers through a tile of Onesweep, for 8 keys a thread: with the exchange in the
    ranking's own shared memory, every key and every rank at once; with the exchange apart, a key leaves
    its register as soon as it is ranked."""
    keys, room, sq, gap = 8, 12, 13, 3
    x0, col = 150, 56
    phases = ["loaded", "counted"] + [f"key {i}" for i in range(keys)] + ["looked back", "exchanged"]
    svg = Svg(860, 600, "The registers one thread holds through one tile of Onesweep, 8 keys a thread, against "
                        "the room it has for them. Top: the exchange shares the ranking's shared memory, so "
                        "the thread keeps every key, and then every rank too, until the ranking and the "
                        "look-back are done; past the room they spill to local memory. Bottom: the exchange "
                        "has memory of its own, and each key goes there as soon as it is ranked.")

    def held(apart, phase):
        """(keys, ranks) held in registers after `phase`: a pure function of the two orders in the kernel."""
        if phase < 2:
            return keys, 0
        if phase < 2 + keys:  # key (phase - 2) has just been matched and ranked
            ranked = phase - 1
            return (keys - ranked, 0) if apart else (keys, ranked)
        if phase == 2 + keys:  # the look-back: the ranks wait (shared), nothing left (apart)
            return (0, 0) if apart else (keys, keys)
        return 0, 0  # in the exchange, by rank

    def panel(top, apart, title):
        svg.text(20, top, title, size=14, bold=True)
        base = top + 12 + (2 * keys + 1) * (sq + gap)  # the bottom of the stacks (the tallest: 2 * keys)
        for k, name in enumerate(phases):
            x = x0 + k * col
            for line, word in enumerate(name.split()):
                svg.text(x + sq / 2 + 4, base + 18 + 13 * line, word, size=11, anchor="middle", fill=NOTE)
            held_keys, held_ranks = held(apart, k)
            stack = [("k", BLUE_FILL, BLUE)] * held_keys + [("r", ORANGE_FILL, ORANGE)] * held_ranks
            for j, (label, fill, stroke) in enumerate(stack):
                y = base - (j + 1) * (sq + gap)
                spilled = j >= room
                cell(svg, x, y, sq + 8, sq, label, fill="#ffffff" if spilled else fill,
                     stroke=RED if spilled else stroke, size=10, colour=RED if spilled else stroke,
                     width=1.4 if spilled else 1.0)
        ry = base - room * (sq + gap) - gap / 2
        svg.line(x0 - 8, ry, x0 + len(phases) * col - 20, ry, stroke=RED, width=1.2, dash="6 4")
        svg.text(x0 - 14, ry + 4, "room", size=12, anchor="end", fill=RED)
        svg.brace(x0 + 2 * col - 4, x0 + (2 + keys) * col - 24, base + 40, "matched and ranked, one key after "
                  "another", size=12, below=True)
        return base + 70

    y = panel(24, False, "The exchange in the ranking's memory: keys and ranks wait for the last rank")
    y = panel(y + 24, True, "The exchange apart: each key to its place as soon as it is ranked")
    cell(svg, x0, y + 4, 21, 13, "k", fill=BLUE_FILL, stroke=BLUE, size=10, colour=BLUE)
    svg.text(x0 + 28, y + 15, "a key", size=12, fill=NOTE)
    cell(svg, x0 + 110, y + 4, 21, 13, "r", fill=ORANGE_FILL, stroke=ORANGE, size=10, colour=ORANGE)
    svg.text(x0 + 138, y + 15, "its rank", size=12, fill=NOTE)
    cell(svg, x0 + 230, y + 4, 21, 13, "", fill="#ffffff", stroke=RED, width=1.4)
    svg.text(x0 + 258, y + 15, "past the room: spilled to local memory (the compiler picks which)", size=12,
             fill=NOTE)
    write_notes(svg, y + 46, [
        "The library's tile gives a thread 24 keys and keeps three blocks on each SM, which leaves a thread",
        "56 registers for everything; the picture scales that down to 8 keys and a room of 12.",
    ], pad=12)
    return svg


def ch10_digit_look_back():
    """Onesweep's look-back for tile t: thread d walks back over the words of digit d, tile by tile."""
    tiles, digits, x0, w, h, top = 6, 4, 100, 80, 32, 64
    # (status, count) of tiles t-6 .. t-1 for digits 0..3; X: not ready yet, A: aggregate, P: prefix
    words = [
        [("P", 812), ("A", 14), ("A", 9), ("P", 851), ("A", 17), ("A", 12)],
        [("P", 1630), ("P", 1641), ("A", 16), ("A", 8), ("A", 11), ("X", 0)],
        [("A", 10), ("P", 2475), ("A", 13), ("A", 15), ("A", 9), ("A", 14)],
        [("P", 3290), ("A", 11), ("A", 12), ("A", 10), ("P", 3338), ("A", 13)],
    ]
    svg = Svg(860, 440, "The look-back of Onesweep for tile t: thread d of the block walks back over the status "
                        "words of digit d of the tiles before t, adding their counts, until it reaches a prefix; "
                        "it waits at a tile that has published nothing yet. Each digit's walk is independent.")
    for k in range(tiles):
        svg.text(x0 + k * w + (w - 6) / 2, top - 12, f"t - {tiles - k}", size=12, anchor="middle", fill=NOTE)
    svg.text(x0 + tiles * w + 40, top - 12, "t", size=12, anchor="middle", fill=NOTE, bold=True)
    for d in range(digits):
        y = top + d * (h + 26)
        svg.text(x0 - 14, y + h / 2 + 5, f"digit {d}", size=13, anchor="end")
        row = words[d]
        nearest = max(k for k, (state, _) in enumerate(row) if state == "P")
        waiting = [k for k, (state, _) in enumerate(row) if state == "X" and k > nearest]
        for k, (state, count) in enumerate(row):
            _, fill, stroke = LOOK_BACK_STATES[state]
            label = "" if state == "X" else f"{state} {count}"
            cell(svg, x0 + k * w, y, w - 6, h, label, fill=fill, stroke=stroke, size=12,
                 colour=INK if k >= nearest else NOTE)
            if k < nearest:
                svg.rect(x0 + k * w, y, w - 6, h, fill="#ffffff", stroke="none", width=0, opacity=0.6)
        tx = x0 + tiles * w + 10
        cell(svg, tx, y, 60, h, "", fill=BLUE_FILL, stroke=BLUE)
        # the walk: from t back to the nearest prefix (or to the tile it waits at)
        end = waiting[-1] if waiting else nearest
        svg.line(tx - 2, y + h + 8, x0 + end * w + (w - 6) / 2, y + h + 8,
                 stroke=RED if waiting else GREEN, width=1.5, arrow=True)
        if waiting:
            svg.text(tx + 66, y + h / 2 + 5, "waits: t - 1 not ready", size=12, fill=RED)
        else:
            total = sum(count for _, count in row[nearest:])
            svg.text(tx + 30, y + h / 2 + 5, str(total), size=13, anchor="middle", bold=True)
            svg.text(tx + 66, y + h / 2 + 5, "= " + " + ".join(str(count) for _, count in row[nearest:]),
                     size=12, fill=NOTE)
    ly = top + digits * (h + 26) + 10
    svg.text(x0 - 14, ly + 4, "…", size=16, anchor="end", fill=NOTE)
    svg.text(x0, ly + 4, "and so on for the 256 digits, thread d walking the words of digit d", size=13, fill=NOTE)
    svg.text(20, ly + 34, "The sum is where tile t's first key of digit d goes: the prefix counts every key of a "
                          "smaller digit (from the", size=13, fill=NOTE)
    svg.text(20, ly + 53, "up-front histogram) and of digit d up to that tile. Tile t then publishes its own "
                          "prefix: the sum + its own count.", size=13, fill=NOTE)
    lx = ly + 74
    for i, key in enumerate(("X", "A", "P")):
        name, fill, stroke = LOOK_BACK_STATES[key]
        x = x0 + i * 230
        cell(svg, x, lx, 18, 18, key, fill=fill, stroke=stroke, size=10)
        svg.text(x + 26, lx + 14, {"X": "NOT_READY: nothing yet", "A": "AGGREGATE: the tile's count",
                                   "P": "PREFIX: counted up to the tile"}[key], size=13, fill=NOTE)
    svg.height = int(lx + 30)
    return svg


def ch10_cluster_pass():
    """One digit pass of the sort by one cluster: 3 blocks, a tile of 4 keys each, kept in shared memory."""
    keys = [6, 12, 3, 9, 1, 10, 4, 14, 11, 8, 13, 2]  # base 4: this pass sorts by the low digit
    tile, bits, digits = 4, 2, 4
    blocks, n = len(keys) // tile, len(keys)
    digit = lambda key: key & (digits - 1)
    # steps 2a-2d of AgentRadixSortCluster, as the blocks do them
    counts = [[sum(1 for key in keys[b * tile:(b + 1) * tile] if digit(key) == d) for d in range(digits)]
              for b in range(blocks)]
    totals = [sum(counts[b][d] for b in range(blocks)) for d in range(digits)]
    starts = [sum(totals[:d]) for d in range(digits)]
    before = [[sum(counts[c][d] for c in range(b)) for d in range(digits)] for b in range(blocks)]
    ranks = [sum(1 for j in range(i - i % tile, i) if digit(keys[j]) == digit(keys[i])) for i in range(n)]
    places = [starts[digit(keys[i])] + before[i // tile][digit(keys[i])] + ranks[i] for i in range(n)]
    after = [None] * n
    for i in range(n):
        after[places[i]] = keys[i]
    assert after == stable_bucket_pass(keys, 0, bits)[0]
    shown = 1  # the block whose places are worked out
    svg = Svg(860, 600, "One digit pass of a radix sort by one thread-block cluster of three blocks, each holding "
                        "a tile of four keys in its shared memory. Each block counts the keys of each digit in its "
                        "tile; after a cluster barrier, each block reads every block's counts: each digit's total, "
                        "its start in the cluster (a scan of the totals), and the keys of it in the blocks before. "
                        "A key's place is its digit's start plus those keys plus its rank among its own block's keys "
                        "of that digit; it is written straight into the shared memory of block place / 4, often "
                        "another block's. A second cluster barrier ends the pass.")
    x0, pitch, w, h = 200, 46, 42, 30
    bw, bpitch = tile * pitch - 4, tile * pitch + 30    # a block's tile, and the step to the next block
    sp, sw, sh, rp = 38, 32, 26, 36                     # the small cells of the counts, and their rows' pitch
    frame_pad = 10

    def bx(b):
        return x0 + b * bpitch

    def kx(i):
        return bx(i // tile) + (i % tile) * pitch

    def sx(b, d):
        return bx(b) + (bw - (digits * sp - (sp - sw))) / 2 + d * sp

    def label(y, text, sub, row_h):
        svg.text(x0 - frame_pad - 12, y + (row_h / 2 - 2 if sub else row_h / 2 + 5), text, size=14, anchor="end")
        if sub:
            svg.text(x0 - frame_pad - 12, y + row_h / 2 + 12, sub, size=12, anchor="end", fill=NOTE)

    def key_row(y, values, text, sub):
        label(y, text, sub, h)
        for i, key in enumerate(values):
            d = digit(key)
            cell(svg, kx(i), y, w, h, "", fill=THREAD_FILL[d], stroke=THREAD_INK[d])
            svg.text(kx(i) + w / 2 - 4.5, y + h / 2 + 5, str(key >> bits), size=14, anchor="middle", fill=NOTE,
                     mono=True)
            svg.text(kx(i) + w / 2 + 4.5, y + h / 2 + 5, str(d), size=14, anchor="middle", bold=True, mono=True)
            svg.text(kx(i) + w / 2, y + h + 14, str(key), size=11, anchor="middle", fill=NOTE)

    def small_row(y, values, text, sub, fill, bold=False):
        label(y, text, sub, sh)
        for b in range(blocks):
            for d in range(digits):
                cell(svg, sx(b, d), y, sw, sh, str(values[b][d]), fill=fill(d), stroke=THREAD_INK[d], size=12,
                     bold=bold)

    def barrier(y, text):
        svg.line(x0 - frame_pad - 4, y, bx(blocks - 1) + bw + frame_pad + 4, y, stroke=RED, width=2, dash="6 4")
        svg.text(x0 - frame_pad - 12, y + 4, text, size=12, anchor="end", fill=RED, bold=True)

    r1 = 44
    counts_y = r1 + h + 44
    total_y = counts_y + sh + 30
    start_y, before_y = total_y + rp, total_y + 2 * rp
    place_y = before_y + rp + 8
    arrows_y = place_y + h + 20
    r4 = arrows_y + 96
    end_y = r4 + h + 30
    # the blocks, each a column: what is in its shared memory, what it computes
    for b in range(blocks):
        svg.rect(bx(b) - frame_pad, r1 - 14, bw + 2 * frame_pad, end_y - (r1 - 14) - 8, fill="#fafafa",
                 stroke=FAINT, rx=6)
        svg.text(bx(b) + bw / 2, r1 - 22, f"block {b}", size=14, anchor="middle", bold=True)
    key_row(r1, keys, "before the pass", "shared memory")
    svg.text(x0 - frame_pad - 12, counts_y - 7, "digit", size=11, anchor="end", fill=NOTE)
    for b in range(blocks):
        for d in range(digits):
            svg.text(sx(b, d) + sw / 2, counts_y - 7, str(d), size=11, anchor="middle", fill=NOTE, bold=True)
    small_row(counts_y, counts, "counts", "in shared memory", lambda d: THREAD_FILL[d])
    barrier(counts_y + sh + 15, "cluster barrier")
    small_row(total_y, [totals] * blocks, "total", "sum over the cluster", lambda d: "#ffffff")
    small_row(start_y, [starts] * blocks, "start", "scan of the totals", lambda d: "#ffffff")
    small_row(before_y, before, "before", "in the blocks before", lambda d: "#ffffff")
    for b in range(blocks):
        if b != shown:
            svg.rect(sx(b, 0) - 2, total_y - 2, sx(b, digits - 1) + sw - sx(b, 0) + 4, before_y + sh - total_y + 4,
                     fill="#ffffff", stroke="none", width=0, opacity=0.55)
    # the places: block `shown` worked out as start + before + rank
    label(place_y, "place", "start + before + rank", h)
    for i in range(n):
        d, b = digit(keys[i]), i // tile
        cell(svg, kx(i), place_y, w, h, str(places[i]), fill=THREAD_FILL[d], stroke=THREAD_INK[d], bold=True)
        if b == shown:
            svg.text(kx(i) + w / 2, place_y + h + 13, f"{starts[d]}+{before[b][d]}+{ranks[i]}", size=11,
                     anchor="middle", mono=True)
    # the writes: into the block that holds the place; across a block boundary, dashed
    for i in range(n):
        p, d = places[i], digit(keys[i])
        svg.line(kx(i) + w / 2, arrows_y, kx(p) + w / 2, r4 - 3, stroke=THREAD_INK[d], width=1.6, arrow=True,
                 dash=None if p // tile == i // tile else "5 3")
    svg.text(x0 - frame_pad - 12, (arrows_y + r4) / 2 + 5, "write to place", size=13, anchor="end", fill=NOTE)
    key_row(r4, after, "after the pass", "shared memory")
    barrier(end_y + 6, "cluster barrier")
    ly = end_y + 36
    lx = x0 - 60
    svg.line(lx, ly - 4, lx + 36, ly - 4, stroke=LINE, width=1.6, arrow=True)
    svg.text(lx + 44, ly, "into its own block's shared memory", size=13, fill=NOTE)
    svg.line(lx + 290, ly - 4, lx + 326, ly - 4, stroke=LINE, width=1.6, arrow=True, dash="5 3")
    svg.text(lx + 334, ly, "into another block's: distributed shared memory", size=13, fill=NOTE)
    notes = [f"Keys in base 4 (high, low digit); this pass sorts by the low digit (bold). Place p is slot "
             f"p % {tile} of block p / {tile}.",
             f"Each block reads every block's counts and scans the totals itself; block {shown}'s are worked out, "
             "the others faded.",
             "Between the rows: a cluster barrier once every block's counts are written, and one once every key "
             "is in place."]
    write_notes(svg, ly + 30, notes, pad=-4)
    return svg


def count_glyph(svg, x, y, w, h, t):
    """A cell of tile t's digit counts: a tiny histogram in the tile's colours."""
    cell(svg, x, y, w, h, "", fill=THREAD_FILL[t], stroke=THREAD_INK[t], width=1.2)
    bar = (w - 4) / 3
    for k, share in enumerate((0.45, 0.8, 0.6)):
        top = y + h - 5 - share * (h - 10)
        svg.rect(x + 2 + k * bar + 0.8, top, bar - 1.6, y + h - 5 - top, fill=THREAD_INK[t], stroke="none",
                 width=0)


def ch10_words_over_keys():
    """The cooperative sort in small tiles: each tile's digit counts over the keys it has read."""
    tiles, eighths, last_keys = 4, 8, 3          # a tile's keys in eighths; its counts take one eighth
    x0, unit, gap, h = 200, 19, 16, 34           # an eighth's width, the space between tiles
    tw = eighths * unit
    last = tiles - 1

    def tx(t):
        return x0 + t * (tw + gap)

    def width(t):
        return (last_keys if t == last else eighths) * unit

    right = tx(last) + width(last)
    svg = Svg(860, 560, "One pass of the cooperative sort in small tiles. Block b loads tile b of the pass's input "
                        "into its registers and ranks it; then no one else reads that part of the buffer, so block "
                        "b writes its 256 digit counts over the first eighth of it. The last tile, which may be too "
                        "short, writes its counts into the temporary storage. A grid barrier; then each block finds, "
                        "for each digit, its count in the tiles before it and in all tiles, and scans the totals "
                        "into the digits' starts; it scatters its keys into the other buffer, and a grid barrier "
                        "ends the pass.")
    for t in range(tiles):
        svg.text(tx(t) + tw / 2, 30, f"tile {t}" + (" (last)" if t == last else ""), size=14,
                 anchor="middle", bold=True)

    def label(y, text, sub, row_h=h):
        svg.text(x0 - 14, y + row_h / 2 - 2, text, size=14, anchor="end")
        svg.text(x0 - 14, y + row_h / 2 + 14, sub, size=12, anchor="end", fill=NOTE)

    def barrier(y, text):
        svg.line(x0 - 10, y, right + 10, y, stroke=RED, width=2, dash="6 4")
        svg.text(x0 - 14, y + 4, text, size=12, anchor="end", fill=RED, bold=True)

    # 1. the pass's input: every tile's keys
    r1 = 44
    label(r1, "the pass's input", "keys, by tile")
    for t in range(tiles):
        cell(svg, tx(t), r1, width(t), h, "keys", fill=THREAD_FILL[t], stroke=THREAD_INK[t], size=12)
    # 2. loaded and ranked, then the counts over the first eighth of the tile's own keys
    r2 = r1 + h + 56
    for t in range(tiles):
        svg.line(tx(t) + width(t) / 2, r1 + h + 4, tx(t) + width(t) / 2, r2 - 6, stroke=THREAD_INK[t], width=1.4,
                 arrow=True)
        svg.text(tx(t) + width(t) / 2 + 6, r1 + h + 30, f"block {t} loads", size=11, fill=NOTE)
    label(r2, "the same buffer", "after the loads")
    for t in range(tiles):
        cell(svg, tx(t), r2, width(t), h, "", fill=EMPTY, stroke=FAINT)
        if t < last:
            count_glyph(svg, tx(t), r2, unit, h, t)
            svg.text(tx(t) + unit + 6, r2 + h / 2 + 5, "keys read: free", size=11, fill=NOTE)
        else:
            svg.text(tx(t) + width(t) / 2, r2 + h / 2 + 5, "free", size=11, anchor="middle", fill=NOTE)
    svg.brace(tx(0), tx(0) + unit, r2 + h + 6, "256 counts: an eighth of 2048 keys", size=12, below=True)
    # the last tile's counts: in the temporary storage
    box_x, box_y, box_w, box_h = tx(2) + 40, r2 + h + 30, right + 10 - (tx(2) + 40), h + 10
    svg.line(tx(last) + width(last) / 2, r2 + h + 2, tx(last) + width(last) / 2, box_y - 3, stroke=THREAD_INK[last],
             width=1.4, arrow=True)
    svg.rect(box_x, box_y, box_w, box_h, fill="#ffffff", stroke=LINE, width=1.2, rx=4, dash="4 3")
    count_glyph(svg, box_x + 8, box_y + 5, unit, h, last)
    svg.text(box_x + unit + 16, box_y + box_h / 2 - 3, "last tile's counts:", size=12)
    svg.text(box_x + unit + 16, box_y + box_h / 2 + 12, "in temporary storage", size=12, fill=NOTE)
    barrier(box_y + box_h + 20, "grid barrier")
    # 3. the offsets, from every tile's counts
    r3 = box_y + box_h + 46
    oh = 64
    label(r3, "offsets", "from every tile's counts", oh)
    svg.rect(tx(0), r3, right - tx(0), oh, fill="#ffffff", stroke=LINE, width=1.0)
    for k, line in enumerate(["Each block finds, for each digit, its count in the tiles before it",
                              "(its prefix) and in all tiles (the digit's total): see the next figure.",
                              "A block scan of the totals then gives each digit's start."]):
        svg.text(tx(0) + 12, r3 + 20 + 18 * k, line, size=12)
    # 4. the scatter into the other buffer, and the end of the pass
    r4 = r3 + oh + 30
    label(r4, "the other buffer", "scattered by digit")
    cell(svg, tx(0), r4, right - tx(0), h, "every key at its digit's place", fill="#ffffff", stroke=LINE, size=12)
    barrier(r4 + h + 22, "grid barrier")
    notes = ["Every count is written before it is read, with a grid barrier between: whatever the memory held",
             "before (old keys, garbage) is never taken for a count, and nothing is reset. The first pass of a",
             "sort that must leave its input alone writes its counts over the same parts of the buffer that",
             "the second pass writes, which the first pass does not touch."]
    write_notes(svg, r4 + h + 60, notes, pad=-4)
    return svg


def ch10_column_sums():
    """A tile's prefixes and the digits' totals from every tile's counts: read them all, or scan the columns."""
    digits = [0, 1, 2, 3, 4, 5, None, 255]      # the columns drawn; None: the digits left out
    counts = [[9, 4, 7, 5, 11, 6, 8],           # tile t's count of each digit drawn (the last tile is short)
              [6, 10, 3, 8, 7, 9, 5],
              [12, 7, 8, 2, 5, 10, 6],
              [4, 2, 3, 1, 5, 2, 3]]
    tiles, shown, worked = len(counts), 2, 3    # the block whose sums are drawn, and the digit worked out
    x0, pitch, w, h, rp = 180, 50, 42, 26, 30
    before = [sum(counts[t][c] for t in range(shown)) for c in range(len(counts[0]))]
    totals = [sum(counts[t][c] for t in range(tiles)) for c in range(len(counts[0]))]
    prefixes = [[sum(counts[u][c] for u in range(t)) for c in range(len(counts[0]))] for t in range(tiles)]
    assert prefixes[shown] == before
    svg = Svg(860, 700, "The tiles' digit counts as a matrix, a row per tile and a column per digit. Up to 64 tiles, "
                        "every block reads the whole matrix, a thread per digit: the counts in the rows above its "
                        "own tile add up to its prefix, all rows to the digit's total; one grid barrier. With more "
                        "tiles, a warp per digit, spread over the grid, scans the digit's column, writes each "
                        "tile's exclusive prefix back in place and the column's total to a row of totals; after a "
                        "second grid barrier each block reads its own row of prefixes and the totals.")
    right = x0 + (len(digits) - 1) * pitch + w
    tx = right + 30                              # the text beside a panel

    def cx(k):
        return x0 + k * pitch

    def columns():
        """The columns drawn: (k, index into a row of counts), the "…" column left out."""
        return [(k, k if k < digits.index(None) else k - 1) for k, d in enumerate(digits) if d is not None]

    def header(y):
        svg.text(x0 - 14, y, "digit", size=12, anchor="end", fill=NOTE)
        for k, d in enumerate(digits):
            svg.text(cx(k) + w / 2, y, "…" if d is None else str(d), size=12, anchor="middle", fill=NOTE,
                     bold=d is not None)

    def row(y, values, text, fill, stroke, bold=False, sub=None):
        svg.text(x0 - 14, y + (h / 2 - 3 if sub else h / 2 + 5), text, size=13, anchor="end")
        if sub:
            svg.text(x0 - 14, y + h / 2 + 11, sub, size=11, anchor="end", fill=NOTE)
        for k, c in columns():
            cell(svg, cx(k), y, w, h, str(values[c]), fill=fill, stroke=stroke, size=12, bold=bold)
        svg.text(cx(digits.index(None)) + w / 2, y + h / 2 + 5, "…", size=13, anchor="middle", fill=NOTE)

    def matrix(top, values):
        for t in range(tiles):
            row(top + t * rp, values[t], f"tile {t}", THREAD_FILL[t], THREAD_INK[t])
        return top + tiles * rp

    def mark(x, y1, y2, colour):
        """A thick outline around one column's cells from y1 to y2."""
        svg.rect(x - 4, y1 - 4, w + 8, y2 - y1 + 8, fill="none", stroke=colour, width=2.2, rx=5)

    def barrier(y, text):
        svg.line(x0 - 10, y, right + 10, y, stroke=RED, width=2, dash="6 4")
        svg.text(x0 - 14, y + 4, text, size=12, anchor="end", fill=RED, bold=True)

    k_worked = digits.index(worked)
    ink = THREAD_INK[shown]
    # (a) up to 64 tiles: every block reads every tile's counts
    svg.text(20, 24, "(a) up to 64 tiles: every block reads every tile's counts", size=14, bold=True)
    top = 66
    header(top - 10)
    bottom = matrix(top, counts)
    mark(cx(k_worked), top, bottom - (rp - h), ink)
    svg.text(tx, top + 14, f"Block {shown}, a thread per digit:", size=13, fill=ink, bold=True)
    for k, line in enumerate(["thread d reads digit d's column,", "every tile's count of the digit."]):
        svg.text(tx, top + 34 + 18 * k, line, size=13, fill=NOTE)
    ry = bottom + 12
    row(ry, before, "before", "#ffffff", ink, bold=True, sub=f"tiles 0 to {shown - 1}")
    row(ry + rp + 6, totals, "all", "#ffffff", ink, bold=True, sub=f"tiles 0 to {tiles - 1}")
    c = k_worked
    svg.text(tx, ry + h / 2 + 5, f"digit {worked}: " + " + ".join(str(counts[t][c]) for t in range(shown))
             + f" = {before[c]}", size=12, mono=True)
    svg.text(tx, ry + rp + 6 + h / 2 + 5, f"digit {worked}: " + " + ".join(str(counts[t][c]) for t in range(tiles))
             + f" = {totals[c]}", size=12, mono=True)
    ny = ry + 2 * rp + 34
    svg.text(20, ny, "One grid barrier, before the reads. But every block reads every tile's 256 counts, 1 KiB a "
                     "tile,", size=13, fill=NOTE)
    svg.text(20, ny + 19, "so each block's read grows with the number of tiles.", size=13, fill=NOTE)
    # (b) more tiles: the column scan
    pb = ny + 60
    svg.text(20, pb, "(b) more tiles: the column scan", size=14, bold=True)
    sy = pb + 30
    svg.text(x0 - 14, sy, "scanned by block", size=12, anchor="end", fill=NOTE)
    for k, d in enumerate(digits):
        if d is not None:
            svg.text(cx(k) + w / 2, sy, str(d % tiles), size=12, anchor="middle", fill=THREAD_INK[d % tiles],
                     bold=True)
        else:
            svg.text(cx(k) + w / 2, sy, "…", size=12, anchor="middle", fill=NOTE)
    top = sy + 38
    header(top - 10)
    bottom = matrix(top, prefixes)
    trow = bottom + 6
    row(trow, totals, "totals", "#ffffff", LINE, bold=True, sub="a row of their own")
    mark(cx(k_worked), top, trow + h, THREAD_INK[worked % tiles])
    for k, line in enumerate(["A warp per digit, of the block", "named above, scans the digit's",
                              "column: each count becomes the", "sum of the counts above it, in",
                              "place, and the column's total", "goes to the row of totals."]):
        svg.text(tx, top + 14 + 18 * k, line, size=13, fill=NOTE)
    column = [counts[t][k_worked] for t in range(tiles)]
    svg.text(tx, trow + h / 2 + 5, f"digit {worked}: " + ", ".join(map(str, column)) + " → "
             + ", ".join(str(prefixes[t][k_worked]) for t in range(tiles)), size=11, mono=True)
    barrier(trow + h + 22, "grid barrier")
    ry = trow + h + 44
    row(ry, prefixes[shown], "before", "#ffffff", ink, bold=True, sub=f"tile {shown}'s row")
    row(ry + rp + 6, totals, "all", "#ffffff", ink, bold=True, sub="the totals")
    svg.text(tx, ry + h / 2 + 5, f"Block {shown} reads its own row", size=13, fill=ink, bold=True)
    svg.text(tx, ry + rp + 6 + h / 2 + 5, "and the row of totals.", size=13, fill=ink, bold=True)
    ny = ry + 2 * rp + 34
    svg.text(20, ny, "Two grid barriers, but each block reads only its own row and the totals, however many "
                     "tiles.", size=13, fill=NOTE)
    svg.text(20, ny + 19, "Either way, a block scan of the 256 totals then gives each digit's start.", size=13,
             fill=NOTE)
    svg.height = int(ny + 19 + 12)
    return svg


def ch10_column_scan_threads():
    """Which thread loads which count in ScanColumns and in DirectColumnSums, scaled down."""
    digits, tiles, lanes, warps = 8, 6, 2, 8     # the kernel: 256 digits, 65 to 132 tiles, 32 lanes, 16 warps
    column_run = direct_run = 2                  # the kernel: 8 and 8
    readers = lanes * warps // digits            # threads per digit in DirectColumnSums (the kernel: 512 / 256)
    block_shown = 3                              # the block whose `before` is drawn in (b)
    rows = -(-tiles // (lanes * column_run)) * lanes * column_run  # tiles padded to whole runs: 8
    x0, pitch, w, h, rp = 150, 60, 54, 24, 28
    right = x0 + (digits - 1) * pitch + w
    svg = Svg(860, 800, "The tiles' counts as a matrix, a row per tile and a column per digit, drawn with 8 digits, "
                        "6 tiles, warps of 2 lanes and blocks of 16 threads. In the column scan, digit d is scanned by "
                        "warp d / 6 of block d % 6: warp 0 of blocks 0 to 5 takes digits 0 to 5, warp 1 of blocks 0 "
                        "and 1 digits 6 and 7. Lane 0 loads tiles 0 and 1 and lane 1 tiles 2 and 3; the warp scans "
                        "the two lanes' sums and writes the prefixes back; then lane 0 loads tiles 4 and 5, lane 1 "
                        "finds no tiles 6 and 7 and loads zeros, and the prefixes go on from the carry of tiles 0 to "
                        "3. In the direct sums every block reads every count: threads d and d + 8 share digit d, "
                        "thread d taking tiles 0, 2, 4 and thread d + 8 tiles 1, 3, 5, two loads at a time; each "
                        "sums the tiles before the block's own and all of them, and thread d adds the two readers' "
                        "sums.")
    lane_colours = [(BLUE_FILL, BLUE), (ORANGE_FILL, ORANGE)]
    reader_colours = [(GREEN_FILL, GREEN), (THREAD_FILL[4], THREAD_INK[4])]

    def cx(d):
        return x0 + d * pitch

    def matrix(top, who, colours):
        """Rows of tiles 0 .. rows - 1 (past the last tile: loads of 0); who(t, d) = (label, colour index)."""
        for d in range(digits):
            svg.text(cx(d) + w / 2, top - 8, str(d), size=12, anchor="middle", fill=NOTE, bold=True)
        svg.text(x0 - 10, top - 8, "digit", size=12, anchor="end", fill=NOTE)
        for t in range(rows):
            y = top + t * rp
            real = t < tiles
            svg.text(x0 - 10, y + h / 2 + 5, f"tile {t}" if real else f"no tile {t}", size=12, anchor="end",
                     fill=INK if real else NOTE)
            for d in range(digits):
                text, c = who(t, d)
                fill, ink = colours[c]
                if real:
                    cell(svg, cx(d), y, w, h, text, fill=fill, stroke=ink, size=12)
                else:
                    svg.rect(cx(d), y, w, h, fill="#fafafa", stroke=FAINT, width=1, dash="3 3")
                    svg.text(cx(d) + w / 2, y + h / 2 + 5, f"{text}: 0", size=11, anchor="middle", fill=NOTE)
        return top + rows * rp

    def runs(top, labels):
        """A bracket left of the rows of each pass of the loop, and a dashed line between the passes."""
        per = lanes * column_run
        for k, text in enumerate(labels):
            y1, y2 = top + k * per * rp, top + (k + 1) * per * rp - (rp - h)
            svg.path(f"M 86 {num(y1)} L 80 {num(y1)} L 80 {num(y2)} L 86 {num(y2)}", stroke=NOTE, width=1.2)
            for j, part in enumerate(text):
                svg.text(74, (y1 + y2) / 2 + 4 + 16 * (j - (len(text) - 1) / 2), part, size=12, anchor="end",
                         fill=NOTE)
            if k:
                svg.line(x0 - 6, y1 - (rp - h) / 2, right + 6, y1 - (rp - h) / 2, stroke=LINE, width=1.2, dash="5 4")

    def side(y, lines, colour=NOTE, bold_first=False):
        for k, line in enumerate(lines):
            svg.text(right + 16, y + 18 * k, line, size=12, fill=INK if bold_first and k == 0 else colour,
                     bold=bold_first and k == 0)

    # (a) ScanColumns: digit d by warp d / G of block d % G; lane l loads tiles first + l * RUN + k
    svg.text(20, 24, "(a) more tiles: the column scan, a warp per digit (ScanColumns)", size=14, bold=True)
    owner = {}
    for b in range(tiles):
        for wp in range(warps):
            for d in range(b + wp * tiles, digits, tiles * warps):
                owner[d] = (b, wp)
    top = 52
    for d in range(digits):
        b, wp = owner[d]
        svg.text(cx(d) + w / 2, top, f"block {b}", size=12, anchor="middle", fill=THREAD_INK[b], bold=True)
        svg.text(cx(d) + w / 2, top + 16, f"warp {wp}", size=12, anchor="middle", fill=THREAD_INK[b])
    svg.text(x0 - 10, top, "scanned by", size=12, anchor="end", fill=NOTE)
    lane_of = {}
    for first in range(0, tiles, lanes * column_run):
        for lane in range(lanes):
            for k in range(column_run):
                lane_of[first + lane * column_run + k] = lane
    mtop = top + 46
    bottom = matrix(mtop, lambda t, d: (f"lane {lane_of[t]}", lane_of[t]), lane_colours)
    runs(mtop, [("first", f"= {f}") for f in range(0, rows, lanes * column_run)])
    side(mtop + 14, ["first = 0:", "each lane loads its 2", "consecutive tiles and sums", "them; the warp scans the",
                     "2 sums, and each tile's", "prefix goes back in place."])
    side(mtop + 4 * rp + 14, ["first = 4:", "the same, from the carry", "(tiles 0–3's total); tiles", "past the last "
                              "load 0.", "Then lane 0 writes the", "digit's total."])
    notes = [f"Digit d: warp d / {tiles} of block d % {tiles} ({tiles} tiles, one block each). Warps 2 to 7, and "
             f"warp 1 of blocks 2 to 5, have no digit.",
             "Every digit's column is loaded the same way; only the warp that scans it differs."]
    write_notes(svg, bottom + 18, notes)

    # (b) DirectColumnSums: thread reader * DIGITS + d; reader r loads tiles r, r + READERS, ...
    pb = bottom + 18 + 19 * len(notes) + 34
    svg.text(20, pb, "(b) up to 64 tiles: every block reads every count (DirectColumnSums)", size=14, bold=True)
    top = pb + 28
    for d in range(digits):
        svg.text(cx(d) + w / 2, top, ", ".join(f"t{r * digits + d}" for r in range(readers)), size=12,
                 anchor="middle", fill=INK)
    svg.text(x0 - 10, top, "read by", size=12, anchor="end", fill=NOTE)
    reader_of = {}
    for r in range(readers):
        for first in range(r, rows, readers * direct_run):
            for k in range(direct_run):
                reader_of[first + k * readers] = r
    mtop = top + 30
    bottom = matrix(mtop, lambda t, d: (f"t{reader_of[t] * digits + d}", reader_of[t]), reader_colours)
    runs(mtop, [("first", "= r"), ("first", f"= r + {readers * direct_run}")])
    own = mtop + block_shown * rp - (rp - h) / 2
    svg.line(x0 - 6, own, right + 6, own, stroke=RED, width=1.6)
    for r in range(readers):
        mine = [t for t in range(rows) if reader_of[t] == r]
        runs_of = [", ".join(str(t) for t in mine[k:k + direct_run] if t < tiles)
                   + "".join(f" ({t}: none)" for t in mine[k:k + direct_run] if t >= tiles)
                   for k in range(0, len(mine), direct_run)]
        side(mtop + 14 + 2 * 18 * r, [f"reader {r}, threads {r * digits}–{r * digits + digits - 1}:",
                                       "tiles " + ", then ".join(runs_of)], colour=reader_colours[r][1])
    side(mtop + 14 + 4 * 18, [f"{direct_run} loads at a time."])
    side(mtop + 5 * rp + 10, [f"Red: block {block_shown}'s own tile.", "Its threads add the rows",
                              "above it into before, all", "rows into all."], colour=RED)
    notes = [f"Each reader writes its sums to before[r][d] and all[r][d] in "
             f"shared memory; after a barrier, thread d adds",
             f"the {readers} readers' sums. Drawn with 8 digits, {tiles} tiles, warps of {lanes} lanes, blocks of "
             f"{lanes * warps} threads and runs of 2 loads;",
             "the kernel has 256 digits, warps of 32 lanes, blocks of 512 "
             "threads (2 readers a digit), runs of 8 loads,",
             "and takes the column scan only above 64 tiles."]
    write_notes(svg, bottom + 18, notes, pad=-4)
    return svg


DIAGRAMS = [
    ("ch01_accumulators.svg", ch01_accumulators),
    ("ch02_shfl_down_vs_butterfly.svg", ch02_shfl_down_vs_butterfly),
    ("ch03_interleaved_addressing.svg", ch03_interleaved_addressing),
    ("ch03_sequential_addressing.svg", ch03_sequential_addressing),
    ("ch03_bank_conflicts.svg", ch03_bank_conflicts),
    ("ch04_layouts.svg", ch04_layouts),
    ("ch04_transpose.svg", ch04_transpose),
    ("ch05_two_pass_vs_one_pass.svg", ch05_two_pass_vs_one_pass),
    ("ch06_transform_iterator.svg", ch06_transform_iterator),
    ("ch07_hillis_steele.svg", ch07_hillis_steele),
    ("ch07_blelloch.svg", ch07_blelloch),
    ("ch07_warp_scan.svg", ch07_warp_scan),
    ("ch08_look_back.svg", ch08_look_back),
    ("ch08_chained_scan.svg", ch08_chained_scan),
    ("ch08_warp_specialized.svg", ch08_warp_specialized),
    ("ch08_consumer_rows.svg", ch08_consumer_rows),
    ("ch09_one_bit_split.svg", ch09_one_bit_split),
    ("ch09_match_ranks.svg", ch09_match_ranks),
    ("ch09_packed_counters.svg", ch09_packed_counters),
    ("ch10_lsd_passes.svg", ch10_lsd_passes),
    ("ch10_digit_look_back.svg", ch10_digit_look_back),
    ("ch10_cluster_pass.svg", ch10_cluster_pass),
    ("ch10_words_over_keys.svg", ch10_words_over_keys),
    ("ch10_column_sums.svg", ch10_column_sums),
    ("ch10_column_scan_threads.svg", ch10_column_scan_threads),
    ("ch10_buckets_first.svg", ch10_buckets_first),
    ("ch10_exchange_apart.svg", ch10_exchange_apart),
    ("ch10_histogram_banks.svg", ch10_histogram_banks),
    ("ch10_counter_offset.svg", ch10_counter_offset),
]


def draw_all(out_dir):
    os.makedirs(out_dir, exist_ok=True)
    for name, draw in DIAGRAMS:
        with open(os.path.join(out_dir, name), "w", encoding="utf-8", newline="\n") as f:
            f.write(draw().render())
    return [name for name, _ in DIAGRAMS]


def main(argv):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--check", metavar="OUTDIR",
                        help="draw into OUTDIR and compare with the committed diagrams; change nothing")
    parser.add_argument("--out", default=OUT, help="folder of the diagrams (default docs/chapters/diagrams)")
    args = parser.parse_args(argv)
    if not args.check:
        for name in draw_all(args.out):
            print(f"wrote {os.path.join(args.out, name)}")
        return 0
    drawn = draw_all(args.check)
    failures = []
    for name in drawn:
        committed = os.path.join(args.out, name)
        if not os.path.exists(committed):
            failures.append(f"{name}: not committed in {args.out}")
        elif not filecmp.cmp(committed, os.path.join(args.check, name), shallow=False):
            failures.append(f"{name}: the committed diagram is not what figures/diagrams.py draws")
    if os.path.isdir(args.out):
        failures += [f"{name}: a diagram that figures/diagrams.py does not draw"
                     for name in sorted(os.listdir(args.out)) if name.endswith(".svg") and name not in drawn]
    for failure in failures:
        print(f"error: {failure}", file=sys.stderr)
    if failures:
        print("redraw with: python3 figures/diagrams.py, and commit docs/chapters/diagrams/", file=sys.stderr)
        return 1
    print(f"{len(drawn)} diagram(s) match figures/diagrams.py: {', '.join(drawn)}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
