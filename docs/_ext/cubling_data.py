"""Tables and numbers in the book, made from the measured CSVs in figures/data/.

No measured number is typed into a page: the pages name a CSV, and this
extension reads it at build time, through figures/measurements.py, which
describes the runners' CSVs and their two schemas. A workload is (problem, mode, distribution);
a table or a value speaks of one workload: by default the chapter's problem on the
default axes (out_of_place, uniform), else the first in the file. ``:problem:``,
``:mode:`` and ``:distribution:`` (directives) or ``problem=``, ``mode=``, ``dist=``
(the role) pick another.

"% of copy" (fraction_of_copy) is the time of a device-to-device copy moving the
same number of bytes as the row (its bytes column), measured in the same run, over
the row's time: 100% is as fast as a copy of the same bytes. (In files from before
the axes columns, the copy's bytes were the read and write of the items, whatever
the step moved; the ratio of rates below gives each file's own meaning.)

What it adds to Sphinx:

``.. cubling-table:: ../../figures/data/ch01_thread_reduce.csv``
    The steps of one workload at one size (``:n:``, a count, ``2^26``, ``max``, ``min`` or
    ``common``, the largest size at which every step was measured; default:
    the largest in the file), with the CUB oracle and the copy. ``:versus:`` shows the cubling-against-CUB rows
    instead, for one size or several (``:n: 16777216,268435456``).
    ``:provenance:`` adds a line saying where and when it was measured.
    ``:caption:`` replaces the title, ``:name:`` makes it a reference target.
    ``:rates:`` shows instead every size as a row, with each step's and CUB's items per
    second (gitems_per_s; ``:unit:`` names the items, e.g. ``Gkeys/s``) and the fastest
    step's time over CUB's: for problems whose natural unit is items, not bytes (sorts).

``.. cubling-provenance:: ../../figures/data/ch01_thread_reduce.csv``
    That provenance line alone.

``:cubling-value:`ch01_thread_reduce step=3 vs_prev```
    One value, for sentences: ``dataset [step=S] [n=N|max|min|2^K] [problem=P] [mode=M] [dist=D] column``.
    The dataset is a file name in ``cubling_data_dir`` without ``.csv``. Any
    CSV column works; also ``vs_prev``, ``vs_step1`` and ``vs_cub``, which
    read "3.9 times faster than" / "1.2 times slower than" / "about as fast
    as". Without ``n=`` it is the ``common`` size (see above), so that all the
    sentences of a page speak of the same size; ``:cubling-value:`chNN_name n```
    prints that size. A cubling-against-CUB row defaults to its largest size.

Paths in directives are relative to the page (or to docs/ when they start
with "/"), as for ``literalinclude``. Every CSV read is a dependency of the
page, so a new measurement rebuilds the pages that show it.
"""
import math
import os
import sys

from docutils import nodes
from docutils.parsers.rst import directives
from sphinx.util import logging
from sphinx.util.docutils import SphinxDirective

logger = logging.getLogger(__name__)

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.join(ROOT, "figures"))
from measurements import (DEFAULT_DISTRIBUTION, DEFAULT_MODE, HEADER_AXES, DataError,  # noqa: E402
                          is_step, is_versus, main_problem, read, same_bytes_copy, workload)

DASH = "\u2014"
TIMES = "\u00d7"


# --- reading -------------------------------------------------------------------

_cache = {}


def load(path):
    """The rows of a runner CSV (measurements.read), with the items per second of the rows
    that have none and the copy's rates refined; cached until the file changes."""
    try:
        stamp = os.stat(path).st_mtime_ns
    except OSError:
        stamp = None  # read() says what is missing
    cached = _cache.get(path)
    if cached and cached[0] == stamp:
        return cached[1]
    rows = read(path)
    for row in rows:
        if row["gitems_per_s"] is None:
            row["gitems_per_s"] = row["n"] / row["median_us"] / 1e3
    refine(rows)
    _cache[path] = (stamp, rows)
    return rows


def select(rows, problem=None, mode=None, distribution=None):
    """The rows of one workload: the steps, CUB and the copy of it, and its cubling-against-CUB
    rows. Unnamed axes default to the chapter's problem, out_of_place and uniform where the file
    has them (else to the first in the file). Without a problem named, the cubling-against-CUB
    rows of every problem are kept (a chapter compares some on other problems), on the
    default axes of each comparison."""
    def pick(key, wanted, preferred, pool):
        values = list(dict.fromkeys(row[key] for row in pool))
        if wanted is not None:
            if wanted not in values:
                raise DataError(f"no rows with {key} {wanted!r}; the file has {', '.join(values) or 'none'}")
            return wanted
        return preferred if preferred in values else values[0]

    plain = [row for row in rows if not is_versus(row)]
    chosen = []
    if plain:
        pool = [row for row in plain if is_step(row)] or plain
        p = pick("problem", problem, main_problem(rows[0]["chapter"]), pool)
        pool = [row for row in pool if row["problem"] == p]
        m = pick("mode", mode, DEFAULT_MODE, pool)
        pool = [row for row in pool if row["mode"] == m]
        d = pick("distribution", distribution, DEFAULT_DISTRIBUTION, pool)
        chosen = [row for row in plain if workload(row) == (p, m, d)]
    versus = [row for row in rows if is_versus(row) and (problem is None or row["problem"] == problem)]
    by_name = {}
    for row in versus:
        by_name.setdefault(row["step"].split(":", 1)[1], []).append(row)
    for mine in by_name.values():  # a comparison not measured on the axes asked for is left out
        mine = [row for row in mine if mode is None or row["mode"] == mode]
        mine = [row for row in mine if distribution is None or row["distribution"] == distribution]
        if not mine:
            continue
        m = pick("mode", None, DEFAULT_MODE, mine)
        mine = [row for row in mine if row["mode"] == m]
        d = pick("distribution", None, DEFAULT_DISTRIBUTION, mine)
        p = mine[0]["problem"]
        chosen += [row for row in mine if (row["problem"], row["distribution"]) == (p, d)]
    if not chosen:
        raise DataError("no rows for that workload")
    return chosen


def refine(rows):
    """The copy's rate and the fraction of copy, from the rates that measurements.read
    recomputes from bytes and median_us, which the CSV keeps with more digits.

    The CSV rounds the fraction of copy to 0.0001: too coarse for a single thread, which
    reads well under 1 GB/s. The fraction of copy is a row's rate over the rate of the
    copy of its workload at its size (with a copy of the same bytes: the copy's time
    over the row's)."""
    copy = {(workload(row), row["n"]): row["gbps"] for row in rows if row["step"] == "copy" and row["gbps"]}
    for row in rows:
        key = (workload(row), row["n"])
        if key in copy and row["gbps"] is not None:
            row["copy_gbps"] = copy[key]
            row["fraction_of_copy"] = row["gbps"] / copy[key]


def parse_n(text):
    """An item count: 67108864, 2^26, or one of max, min, common (returned as text)."""
    text = text.strip()
    if text in ("max", "min", "common"):
        return text
    try:
        if text.startswith("2^"):
            return 2 ** int(text[2:])
        return int(text.replace("_", ""))
    except ValueError:
        raise DataError(f"not an item count: {text!r} (write 67108864, 2^26, max, min or common)")


def common_n(rows):
    """The largest size at which every numbered step of the file was measured."""
    sizes = None
    for step in {row["step"] for row in rows if is_step(row)}:
        mine = {row["n"] for row in rows if row["step"] == step}
        sizes = mine if sizes is None else sizes & mine
    if not sizes:
        raise DataError("there is no size at which every step was measured")
    return max(sizes)


def pick_n(rows, wanted, what, all_rows=None):
    """Resolve `wanted` (a count, max, min, common or None for max) among the sizes of `rows`."""
    sizes = sorted({row["n"] for row in rows})
    if not sizes:
        raise DataError(f"no rows for {what}")
    if wanted == "common":
        wanted = common_n(all_rows if all_rows is not None else rows)
    if wanted in (None, "max"):
        return sizes[-1]
    if wanted == "min":
        return sizes[0]
    if wanted not in sizes:
        raise DataError(f"no rows for {what} at n = {wanted}; measured sizes: "
                        + ", ".join(str(s) for s in sizes))
    return wanted


# --- formatting ----------------------------------------------------------------

SUPERSCRIPT = str.maketrans("0123456789", "\u2070\u00b9\u00b2\u00b3\u2074\u2075\u2076\u2077\u2078\u2079")


def fmt_num(x):
    """Three significant digits, never an exponent, thousands separated: 0.0523, 4.17, 312, 12,345."""
    if x == 0:
        return "0"
    magnitude = abs(x)
    if magnitude >= 100:
        return f"{x:,.0f}"
    decimals = 2 - math.floor(math.log10(magnitude))
    return f"{x:.{decimals}f}"


def fmt_n(n):
    """2²⁶ for powers of two, 1,000,000 otherwise."""
    if n > 0 and n & (n - 1) == 0:
        return "2" + str(n.bit_length() - 1).translate(SUPERSCRIPT)
    return f"{n:,}"


def fmt_time(us):
    if us < 1e3:
        return fmt_num(us) + " \u00b5s"
    if us < 1e6:
        return fmt_num(us / 1e3) + " ms"
    return fmt_num(us / 1e6) + " s"


def fmt_ratio(x):
    return DASH if x is None else fmt_num(x) + TIMES


def fmt_percent(fraction):
    return DASH if fraction is None else fmt_num(100.0 * fraction) + "%"


def compare_words(speedup):
    """A speed-up (>1: faster) as words that stay true whatever was measured."""
    if 0.98 <= speedup <= 1.02:
        return "about as fast as"
    if speedup > 1:
        return f"{fmt_num(speedup)} times faster than"
    return f"{fmt_num(1.0 / speedup)} times slower than"


def distinct(rows, key):
    seen = []
    for row in rows:
        value = str(row[key]).strip()
        if value and value not in seen:
            seen.append(value)
    return ", ".join(seen) if seen else "(not recorded)"


def provenance_text(rows):
    reps = {int(row["max_reps"]) for row in rows if row["max_reps"] is not None}
    text = (f"Measured on {distinct(rows, 'gpu')} (driver {distinct(rows, 'driver')}, "
            f"CUDA {distinct(rows, 'cuda')}) at commit {distinct(rows, 'commit')}, "
            f"on {distinct(rows, 'date')}.")
    if reps:
        text += f" Each time is the median of up to {max(reps)} timed runs."
    return text


# --- building docutils nodes ---------------------------------------------------

def make_table(title, header, body, numeric_from, literal_column):
    """A docutils table; columns from index `numeric_from` on are right-aligned numbers,
    and the cells of `literal_column` (file and function names) are set as code."""
    table = nodes.table(classes=["cubling-table"])
    if title:
        table += nodes.title(text=title)
    group = nodes.tgroup(cols=len(header))
    table += group
    for i, name in enumerate(header):
        width = max([len(name)] + [len(str(line[i])) for line in body])
        group += nodes.colspec(colwidth=width)

    def make_row(cells, head):
        row = nodes.row()
        for i, cell in enumerate(cells):
            classes = ["cubling-num"] if i >= numeric_from else []
            entry = nodes.entry(classes=classes)
            paragraph = nodes.paragraph()
            if not head and i == literal_column and cell not in ("", DASH):
                paragraph += nodes.literal(text=cell)
            else:
                paragraph += nodes.Text(cell)
            entry += paragraph
            row += entry
        return row

    thead = nodes.thead()
    thead += make_row(header, True)
    group += thead
    tbody = nodes.tbody()
    for line in body:
        tbody += make_row(line, False)
    group += tbody
    return table


def source_note(env, path):
    root = os.path.dirname(os.path.abspath(env.app.confdir))
    paragraph = nodes.paragraph(classes=["cubling-provenance"])
    return paragraph, os.path.relpath(path, root)


def provenance_node(env, rows, path):
    paragraph, relative = source_note(env, path)
    paragraph += nodes.Text(provenance_text(rows) + " Data: ")
    paragraph += nodes.literal(text=relative)
    paragraph += nodes.Text(".")
    return paragraph


def steps_table(rows, wanted):
    steps = [row for row in rows if is_step(row)]
    n = pick_n(steps, wanted, "the steps", rows)
    here = [row for row in rows if row["n"] == n and not is_versus(row)]
    order = {"cub": 1, "copy": 2}
    here.sort(key=lambda row: (0, int(row["step"])) if is_step(row) else (order.get(row["step"], 3), 0))
    copy_note = " (the same bytes)" if same_bytes_copy(here) else " (GB/s: read + write)"
    body = []
    for row in here:
        if is_step(row):
            label = row["step"]
            name = row["name"]
            vs_cub = fmt_ratio(row["time_vs_cub"])
        elif row["step"] == "cub":
            label, name, vs_cub = "CUB", row["name"], "1" + TIMES
        elif row["step"] == "copy":
            label, name, vs_cub = "copy", row["name"] + copy_note, DASH
        else:
            label, name, vs_cub = row["step"], row["name"], DASH
        body.append([label, name, fmt_num(row["median_us"]),
                     DASH if row["gbps"] is None else fmt_num(row["gbps"]),
                     fmt_percent(row["fraction_of_copy"]),
                     fmt_ratio(row["speedup_vs_prev"]), fmt_ratio(row["speedup_vs_step1"]), vs_cub])
    header = ["step", "name", "time (\u00b5s)", "GB/s", "% of copy", "vs previous step", "vs step 1",
              "time / CUB's"]
    kind = here[0]["item_type"]
    title = f"Every step at n = {fmt_n(n)} {kind} items ({n:,})"
    return title, header, body, here


def rates_table(rows, unit):
    """Every size as a row: each step's and CUB's items per second, and the fastest step's time
    over CUB's."""
    steps = sorted({int(row["step"]) for row in rows if is_step(row)})
    if not steps:
        raise DataError("no step rows for a table of rates")
    by = {(row["step"], row["n"]): row for row in rows if is_step(row) or row["step"] == "cub"}
    sizes = sorted({n for _, n in by})
    body, used = [], []
    for n in sizes:
        line = [fmt_n(n)]
        for step in [str(s) for s in steps] + ["cub"]:
            row = by.get((step, n))
            line.append(DASH if row is None or row["gitems_per_s"] is None else fmt_num(row["gitems_per_s"]))
            used += [row] if row is not None else []
        mine = [by[(str(s), n)]["median_us"] for s in steps if (str(s), n) in by]
        cub = by.get(("cub", n))
        line.append(fmt_ratio(min(mine) / cub["median_us"]) if mine and cub else DASH)
        body.append(line)
    header = ["n"] + [f"step {s}" for s in steps] + ["CUB", "fastest step / CUB (time)"]
    cub_names = list(dict.fromkeys(row["name"] for row in used if row["step"] == "cub"))
    title = f"{unit} by size, every step and CUB ({'; '.join(cub_names)})"
    return title, header, body, used


def versus_table(rows, wanted_list):
    pairs = [row for row in rows if is_versus(row)]
    if not pairs:
        raise DataError("no cubling-against-CUB rows (step 'cubling:<name>' / 'cub:<name>') in this file")
    sizes = [pick_n(pairs, "max" if wanted == "common" else wanted, "cubling against CUB")
             for wanted in (wanted_list or [None])]
    several = len(sizes) > 1
    body, used = [], []
    for n in sizes:
        mine = {row["step"].split(":", 1)[1]: row for row in pairs
                if row["n"] == n and row["step"].startswith("cubling:")}
        theirs = {row["step"].split(":", 1)[1]: row for row in pairs
                  if row["n"] == n and row["step"].startswith("cub:")}
        for name in mine:
            if name not in theirs:
                raise DataError(f"'cubling:{name}' has no 'cub:{name}' row at n = {n}")
            a, b = mine[name], theirs[name]
            ratio = a["time_vs_cub"] if a["time_vs_cub"] is not None else a["median_us"] / b["median_us"]
            body.append((name, n, [name] + ([fmt_n(n)] if several else [])
                         + [fmt_num(a["median_us"]), fmt_num(b["median_us"]), fmt_ratio(ratio)]))
            used += [a, b]
    if not used:
        raise DataError(f"no 'cubling:<name>' rows at n = {', '.join(str(n) for n in sizes)}")
    names = list(dict.fromkeys(name for name, _, _ in body))  # first-seen order
    body = [line for _, _, line in sorted(body, key=lambda item: (names.index(item[0]), item[1]))]
    header = ["comparison"] + (["n"] if several else []) + ["cubling (\u00b5s)", "CUB (\u00b5s)", "cubling / CUB"]
    kinds = list(dict.fromkeys(row["item_type"] for row in used))
    kind = kinds[0] if len(kinds) == 1 else " and ".join(kinds)
    if several:
        title = f"cubling against CUB, the same kernel on each ({kind} items)"
    else:
        title = f"cubling against CUB, the same kernel on each, at n = {fmt_n(sizes[0])} {kind} items"
    return title, header, body, used


class CsvDirective(SphinxDirective):
    required_arguments = 1
    has_content = False

    def csv_path(self):
        _, path = self.env.relfn2path(self.arguments[0], self.env.docname)
        path = os.path.normpath(path)
        self.env.note_dependency(path)
        return path

    def fail(self, error):
        return [self.state.document.reporter.error(
            f"{self.name}: {error}", nodes.literal_block(self.block_text, self.block_text), line=self.lineno)]


class CublingTable(CsvDirective):
    option_spec = {
        "n": directives.unchanged,
        "versus": directives.flag,
        "provenance": directives.flag,
        "caption": directives.unchanged,
        "name": directives.unchanged,
        "problem": directives.unchanged,
        "mode": directives.unchanged,
        "distribution": directives.unchanged,
        "rates": directives.flag,
        "unit": directives.unchanged,
    }

    def run(self):
        path = self.csv_path()
        try:
            rows = select(load(path), self.options.get("problem"), self.options.get("mode"),
                          self.options.get("distribution"))
            wanted = [parse_n(part) for part in self.options.get("n", "").split(",") if part.strip()]
            if "rates" in self.options:
                title, header, body, used = rates_table(rows, self.options.get("unit", "Gitems/s"))
                numeric_from, literal_column = 1, None
            elif "versus" in self.options:
                title, header, body, used = versus_table(rows, wanted)
                numeric_from, literal_column = 1, 0
            else:
                if len(wanted) > 1:
                    raise DataError(":n: takes one size for the steps' table (several are for :versus:)")
                title, header, body, used = steps_table(rows, wanted[0] if wanted else None)
                numeric_from, literal_column = 2, 1
        except DataError as error:
            return self.fail(error)
        table = make_table(self.options.get("caption", title), header, body, numeric_from, literal_column)
        self.add_name(table)
        result = [table]
        if "provenance" in self.options:
            result.append(provenance_node(self.env, used, path))
        return result


class CublingProvenance(CsvDirective):
    option_spec = {}

    def run(self):
        path = self.csv_path()
        try:
            rows = load(path)
        except DataError as error:
            return self.fail(error)
        return [provenance_node(self.env, rows, path)]


WORDS = {"vs_prev": "speedup_vs_prev", "vs_step1": "speedup_vs_step1", "vs_cub": "time_vs_cub"}


def value_text(rows, selectors, column):
    """One value as text. Without n=, the size is `common` for the steps, CUB and the copy
    (the largest size at which every step was measured, so that the sentences of a page
    all speak of one size), and the largest size for a cubling-against-CUB row."""
    if column not in HEADER_AXES and column not in WORDS:
        raise DataError(f"no column {column!r}; the columns are {', '.join(HEADER_AXES)}, "
                        f"and {', '.join(WORDS)} in words")
    if column in ("gpu", "driver", "cuda", "commit", "date", "chapter", "item_type", "problem", "mode",
                  "distribution") and "step" not in selectors:
        return distinct(rows, column)
    step = selectors.get("step")
    if step is None and column != "n":
        raise DataError("say which row: step=N, step=cub, step=copy or step=cubling:<name>")
    chosen = rows if step is None else [row for row in rows if row["step"] == step]
    if not chosen:
        raise DataError(f"no rows with step {step!r}")
    default = "max" if step is not None and ":" in step else "common"
    n = pick_n(chosen, parse_n(selectors.get("n", default)), f"step {step!r}" if step else "this file", rows)
    if column == "n":
        return fmt_n(n)
    row = next(row for row in chosen if row["n"] == n)
    key = WORDS.get(column, column)
    value = row[key]
    if value is None or value == "":
        raise DataError(f"step {step!r} has no {key} at n = {n}")
    if column in WORDS:
        return compare_words(1.0 / value if column == "vs_cub" else value)
    if column == "median_us":
        return fmt_time(value)
    if column in ("gbps", "copy_gbps"):
        return fmt_num(value) + " GB/s"
    if column == "fraction_of_copy":
        return fmt_percent(value)
    if column in ("speedup_vs_prev", "speedup_vs_step1", "time_vs_cub"):
        return fmt_ratio(value)
    if column == "bytes":
        return fmt_num(value / 1e6) + " MB"
    if column == "max_reps":
        return str(int(value))
    if column == "gitems_per_s":
        return fmt_num(value) + " Gitems/s"
    return str(value)


def value_role(name, rawtext, text, lineno, inliner, options=None, content=None):
    env = inliner.document.settings.env
    tokens = text.split()
    try:
        if len(tokens) < 2:
            raise DataError("write :cubling-value:`<dataset> [step=S] [n=N] <column>`")
        dataset, selectors, columns = tokens[0], {}, []
        for token in tokens[1:]:
            if "=" in token:
                key, value = token.split("=", 1)
                if key not in ("step", "n", "problem", "mode", "dist"):
                    raise DataError(f"unknown selector {key!r} (step=, n=, problem=, mode= or dist=)")
                selectors[key] = value
            else:
                columns.append(token)
        if len(columns) != 1:
            raise DataError("name exactly one column")
        path = os.path.normpath(os.path.join(env.app.confdir, env.config.cubling_data_dir, dataset + ".csv"))
        env.note_dependency(path)
        rows = select(load(path), selectors.pop("problem", None), selectors.pop("mode", None),
                      selectors.pop("dist", None))
        result = value_text(rows, selectors, columns[0])
    except DataError as error:
        message = inliner.reporter.error(f"cubling-value `{text}`: {error}", line=lineno)
        return [inliner.problematic(rawtext, rawtext, message)], [message]
    return [nodes.inline(rawtext, result, classes=["cubling-value"])], []


# --- literalinclude :diff: names files by absolute path; show them from the repository root

def relative_diff_headers(app, doctree):
    root = os.path.dirname(os.path.abspath(app.confdir))
    for block in doctree.findall(nodes.literal_block):
        if block.get("language") != "udiff":
            continue
        lines = block.astext().split("\n")
        if len(lines) < 2 or not lines[0].startswith("--- ") or not lines[1].startswith("+++ "):
            continue
        for i, mark in ((0, "--- "), (1, "+++ ")):
            path = lines[i][4:].split("\t")[0]
            if os.path.isabs(path):
                lines[i] = mark + os.path.relpath(path, root)
        text = "\n".join(lines)
        block.children = [nodes.Text(text)]
        block.rawsource = text


def setup(app):
    app.add_config_value("cubling_data_dir", os.path.join("..", "figures", "data"), "env")
    app.add_directive("cubling-table", CublingTable)
    app.add_directive("cubling-provenance", CublingProvenance)
    app.add_role("cubling-value", value_role)
    app.connect("doctree-read", relative_diff_headers)
    app.add_css_file("cubling.css")
    return {"version": "1", "parallel_read_safe": True, "parallel_write_safe": True, "env_version": 1}
