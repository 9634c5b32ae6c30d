"""Code listings from the compiled sources, by whole marker names (docs/_ext/cubling_code.py).

Every listing of the book comes from a real file between two markers::

    // example-begin NAME
    ...
    // example-end NAME

Unlike ``literalinclude``'s ``:start-after:`` (which matches any substring, so that
``example-begin cub`` also matches ``example-begin cubling``), these directives match
the whole marker name, and the build fails if a marker is missing, doubled or unclosed.

``.. cubling-code:: ../../chapters/01_thread_reduce/step02_thread_reduce.cu``
    The region ``:region:`` (default ``kernel``) of the file, dedented. With
    ``:changed-since: OTHER_FILE`` the lines that are new or changed against the same region
    of OTHER_FILE (``:other-region:`` if its name differs) are highlighted. ``:caption:``,
    ``:name:`` and ``:language:`` (default cuda) as for ``literalinclude``; without a
    caption, the listing is captioned with the file name and the region.

``.. cubling-diff:: ../../chapters/01_thread_reduce/step02_thread_reduce.cu``
    A unified diff of one region (``-``: the whole file after its note) against the same region (``:other-region:``) of
    ``:against: OTHER_FILE``: only what a step changes in its kernel, with ``:context:``
    unchanged lines around each change (default 2).

``.. cubling-note:: ../../chapters/01_thread_reduce/step02_thread_reduce.cu``
    The note at the top of a step file (its opening ``//`` comment), set as text in a box:
    the note is written once, in the source, and shown once, here.

``.. cubling-steps:: ../../chapters/01_thread_reduce/steps.def``
    The chapter's table of steps (its ``steps.def``, which the runner's ``--help`` and CMake
    read too) as a table: each STEP with its file and what it changes, each VERSUS and
    VERSUS_ON comparison, and a line with the problem, the scratch function and the sizes.

Every file read is a dependency of the page.
"""
import difflib
import os
import re

from docutils import nodes
from docutils.parsers.rst import directives
from sphinx.directives.code import container_wrapper
from sphinx.util.docutils import SphinxDirective

MARKER = re.compile(r"^\s*(?://|#|/\*)\s*example-(begin|end)\s+([^\s*]+)\s*(?:\*/)?\s*$")


class RegionError(Exception):
    pass


def markers(lines):
    """[(line index, 'begin' or 'end', name)] of every marker line."""
    found = []
    for i, line in enumerate(lines):
        match = MARKER.match(line)
        if match:
            found.append((i, match.group(1), match.group(2)))
    return found


def region(path, name):
    """The lines strictly between `example-begin NAME` and `example-end NAME`, dedented,
    without the lines of other markers nested inside."""
    try:
        with open(path, encoding="utf-8") as f:
            lines = f.read().splitlines()
    except OSError:
        raise RegionError(f"no such file: {path}")
    if name == "-":  # the whole file after its opening note
        start = next((i for i, line in enumerate(lines) if not line.startswith("//")), len(lines))
        return [line for line in lines[start:] if not MARKER.match(line)] or [""]
    marks = markers(lines)
    begins = [i for i, kind, n in marks if kind == "begin" and n == name]
    ends = [i for i, kind, n in marks if kind == "end" and n == name]
    if len(begins) != 1 or len(ends) != 1:
        raise RegionError(f"{path}: expected one 'example-begin {name}' and one 'example-end {name}', "
                          f"found {len(begins)} and {len(ends)}")
    if ends[0] < begins[0]:
        raise RegionError(f"{path}: 'example-end {name}' comes before 'example-begin {name}'")
    body = [line for line in lines[begins[0] + 1:ends[0]] if not MARKER.match(line)]
    while body and not body[0].strip():
        body.pop(0)
    while body and not body[-1].strip():
        body.pop()
    if not body:
        raise RegionError(f"{path}: the region {name!r} is empty")
    indent = min(len(line) - len(line.lstrip()) for line in body if line.strip())
    return [line[indent:] for line in body]


def note(path):
    """The opening comment of a file, as paragraphs of text (lists of lines)."""
    try:
        with open(path, encoding="utf-8") as f:
            lines = f.read().splitlines()
    except OSError:
        raise RegionError(f"no such file: {path}")
    paragraphs, current = [], []
    for line in lines:
        if not line.startswith("//"):
            break
        text = line[2:].strip()
        if not text or re.match(r"^(What changes|Why|Expected|Measured)\b.*:", text):
            if current:
                paragraphs.append(current)
            current = [text] if text else []
        else:
            current.append(text)
    if current:
        paragraphs.append(current)
    if not paragraphs:
        raise RegionError(f"{path}: no note (an opening // comment) at the top")
    return paragraphs


def inline_text(text):
    """Text with `quoted` words set as code."""
    parts = re.split(r"`([^`]+)`", text)
    result = []
    for i, part in enumerate(parts):
        if i % 2:
            result.append(nodes.literal(text=part))
        elif part:
            result.append(nodes.Text(part))
    return result


class RegionDirective(SphinxDirective):
    required_arguments = 1
    has_content = False

    def path(self, argument):
        _, path = self.env.relfn2path(argument, self.env.docname)
        path = os.path.normpath(path)
        self.env.note_dependency(path)
        return path

    def shown(self, path):
        root = os.path.dirname(os.path.abspath(self.env.app.confdir))
        return os.path.relpath(path, root)

    def fail(self, error):
        return [self.state.document.reporter.error(
            f"{self.name}: {error}", nodes.literal_block(self.block_text, self.block_text), line=self.lineno)]

    def listing(self, text, language, caption, hl_lines=None):
        literal = nodes.literal_block(text, text)
        literal["language"] = language
        literal["highlight_args"] = {"hl_lines": hl_lines} if hl_lines else {}
        self.set_source_info(literal)
        node = container_wrapper(self, literal, caption) if caption else literal
        self.add_name(node)
        return [node]


class CodeDirective(RegionDirective):
    option_spec = {
        "region": directives.unchanged,
        "changed-since": directives.unchanged,
        "other-region": directives.unchanged,
        "caption": directives.unchanged,
        "name": directives.unchanged,
        "language": directives.unchanged,
    }

    def run(self):
        name = self.options.get("region", "kernel")
        try:
            path = self.path(self.arguments[0])
            lines = region(path, name)
            changed = []
            if "changed-since" in self.options:
                older = region(self.path(self.options["changed-since"]), self.options.get("other-region", name))
                matcher = difflib.SequenceMatcher(None, older, lines, autojunk=False)
                for tag, _, _, j1, j2 in matcher.get_opcodes():
                    if tag in ("replace", "insert"):
                        changed += [j + 1 for j in range(j1, j2) if lines[j].strip()]
        except RegionError as error:
            return self.fail(error)
        caption = self.options.get("caption", f"{self.shown(path)} ({name})")
        return self.listing("\n".join(lines), self.options.get("language", "cuda"), caption, changed)


class DiffDirective(RegionDirective):
    option_spec = {
        "against": directives.unchanged_required,
        "region": directives.unchanged,
        "other-region": directives.unchanged,
        "context": directives.nonnegative_int,
        "caption": directives.unchanged,
        "name": directives.unchanged,
    }

    def run(self):
        name = self.options.get("region", "kernel")
        other_name = self.options.get("other-region", name)
        try:
            if "against" not in self.options:
                raise RegionError("say which file to diff against (:against:)")
            path = self.path(self.arguments[0])
            other = self.path(self.options["against"])
            new, old = region(path, name), region(other, other_name)
        except RegionError as error:
            return self.fail(error)
        diff = list(difflib.unified_diff(old, new, f"{os.path.basename(other)} ({other_name})",
                                         f"{os.path.basename(path)} ({name})",
                                         n=self.options.get("context", 2), lineterm=""))
        if not diff:
            return self.fail(f"the regions are the same: {self.shown(path)} and {self.shown(other)}")
        caption = self.options.get("caption", f"what changed in {name} since {os.path.basename(other)}")
        return self.listing("\n".join(diff), "udiff", caption)


class NoteDirective(RegionDirective):
    option_spec = {"title": directives.unchanged}

    def run(self):
        try:
            path = self.path(self.arguments[0])
            paragraphs = note(path)
        except RegionError as error:
            return self.fail(error)
        box = nodes.admonition(classes=["cubling-note"])
        title = nodes.title()
        title += nodes.Text(self.options.get("title", "The note at the top of "))
        title += nodes.literal(text=os.path.basename(path))
        box += title
        for lines in paragraphs:
            paragraph = nodes.paragraph()
            text = " ".join(lines)
            label = re.match(r"^(What changes|Why|Expected|Measured)([^:]*:)\s*", text)
            if label:
                paragraph += nodes.strong(text=label.group(1) + label.group(2))
                paragraph += nodes.Text(" ")
                text = text[label.end():]
            paragraph.extend(inline_text(text))
            box += paragraph
        self.set_source_info(box)
        return [box]


ARGUMENT = re.compile(r'\s*("(?:[^"\\]|\\.)*"|[^,()]+)\s*(?:,|$)')


def macro_arguments(text):
    """The arguments of one steps.def line, without the quotes of strings."""
    values = []
    for match in ARGUMENT.finditer(text):
        value = match.group(1).strip()
        if value:
            values.append(value[1:-1] if value.startswith('"') else value)
    return values


def parse_steps(path):
    try:
        with open(path, encoding="utf-8") as f:
            lines = f.read().splitlines()
    except OSError:
        raise RegionError(f"no such file: {path}")
    table = {"CHAPTER": [], "SCRATCH": [], "ALSO_ON": [], "STEP": [], "VERSUS": [], "VERSUS_ON": []}
    for number, line in enumerate(lines, start=1):
        match = re.match(r"^([A-Z_]+)\((.*)\)\s*$", line.strip())
        if not match:
            continue
        if match.group(1) not in table:
            raise RegionError(f"{path}:{number}: unknown line {match.group(1)}(...)")
        table[match.group(1)].append(macro_arguments(match.group(2)))
    if len(table["CHAPTER"]) != 1 or not table["STEP"]:
        raise RegionError(f"{path}: expected one CHAPTER(...) and at least one STEP(...)")
    return table


def sizes_text(spec):
    parts = spec.split(":")
    if len(parts) >= 2:
        stride = parts[2] if len(parts) > 2 else "1"
        return f"2^{parts[0]} to 2^{parts[1]} (every {stride} in the exponent)"
    return spec


class StepsDirective(RegionDirective):
    option_spec = {"caption": directives.unchanged, "name": directives.unchanged}

    def run(self):
        try:
            path = self.path(self.arguments[0])
            table = parse_steps(path)
        except RegionError as error:
            return self.fail(error)
        chapter = table["CHAPTER"][0]
        rows = [(step[0], step[1] + ".cu", step[2]) for step in table["STEP"]]
        rows += [("vs", v[0] + ".cu", v[1]) for v in table["VERSUS"]]
        rows += [("vs", v[1] + ".cu", f"{v[2]} (on {v[0]})") for v in table["VERSUS_ON"]]
        node = nodes.table(classes=["cubling-steps"])
        node += nodes.title(text=self.options.get("caption", f"The steps of chapter {chapter[0][:2]}, "
                                                             f"from {self.shown(path)}"))
        group = nodes.tgroup(cols=3)
        node += group
        for width in (8, 34, 58):
            group += nodes.colspec(colwidth=width)
        head = nodes.thead()
        group += head
        body = nodes.tbody()
        group += body

        def row(cells, code_column, into):
            line = nodes.row()
            for i, cell in enumerate(cells):
                entry = nodes.entry()
                paragraph = nodes.paragraph()
                if i == code_column:
                    paragraph += nodes.literal(text=cell)
                else:
                    paragraph.extend(inline_text(cell))
                entry += paragraph
                line += entry
            into += line

        row(("step", "file", "what it changes (vs: what the comparison puts side by side)"), None, head)
        for cells in rows:
            row(cells, 1, body)
        self.add_name(node)
        note = nodes.paragraph(classes=["cubling-provenance"])
        parts = [f"Problem `{chapter[1]}`" if len(chapter) > 1 else ""]
        if table["ALSO_ON"]:
            parts.append("every step also runs on " + ", ".join(a[0] for a in table["ALSO_ON"]))
        if table["SCRATCH"]:
            parts.append(f"scratch sized by `{table['SCRATCH'][0][0]}()` in `scratch.cu`")
        if len(chapter) > 4:
            parts.append(f"a plain run measures {sizes_text(chapter[3])} items, `--figure` {sizes_text(chapter[4])}")
        note.extend(inline_text("; ".join(p for p in parts if p) + "."))
        return [node, note]


def setup(app):
    app.add_directive("cubling-steps", StepsDirective)
    app.add_directive("cubling-code", CodeDirective)
    app.add_directive("cubling-diff", DiffDirective)
    app.add_directive("cubling-note", NoteDirective)
    return {"version": "1", "parallel_read_safe": True, "parallel_write_safe": True}
