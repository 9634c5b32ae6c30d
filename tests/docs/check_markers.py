#!/usr/bin/env python3
"""Check that every code listing in the docs comes from a real file (CTest: docs.markers).

    python tests/docs/check_markers.py ROOT

For every ``literalinclude`` in ROOT/docs/**/*.rst: the included file exists,
and so does each file named by ``:diff:``; each marker of ``:start-after:``,
``:start-at:``, ``:end-before:`` and ``:end-at:`` occurs in the file, and an
end marker occurs after the start marker; a marker given as ``example-begin NAME``
or ``example-end NAME`` is found first on the line that carries exactly that
name (literalinclude matches substrings, so ``example-begin cub`` would also stop
at ``example-begin cubling``). For the book's own directives (``cubling-code``,
``cubling-diff``, ``cubling-note``, ``cubling-steps``, docs/_ext/cubling_code.py): the files exist,
and each region named has exactly one ``example-begin`` and one ``example-end``
line, in that order. In every source file of chapters/, lib/, tests/ and
figures/: no marker name is a prefix of another marker name in the same file,
and every ``example-begin NAME`` has its ``example-end NAME``. Code typed into a page
(``.. code-block::``, ``.. code::``, ``.. sourcecode::``) is not allowed: it
would not be compiled or tested, and it would drift from the code. Prints each
problem and exits 1 if there is one.

Paths are resolved as Sphinx does: relative to the page, or to docs/ when
they start with "/".
"""
import os
import re
import sys

DIRECTIVE = re.compile(r"^(\s*)\.\.\s+([\w:-]+)::\s*(.*)$")
OPTION = re.compile(r"^\s*:([\w-]+):\s*(.*)$")
FORBIDDEN = ("code-block", "code", "sourcecode")
REGION_DIRECTIVES = ("cubling-code", "cubling-diff", "cubling-note", "cubling-steps")
MARKER = re.compile(r"^\s*(?://|#|/\*)\s*example-(begin|end)\s+([^\s*]+)\s*(?:\*/)?\s*$")
MARKER_OPTION = re.compile(r"^example-(begin|end)\s+(\S+)$")
SOURCE_FOLDERS = ("chapters", "lib", "tests", "figures")
SOURCE_SUFFIXES = (".cu", ".cuh", ".h", ".c", ".cpp", ".hpp", ".def", ".py", ".cmake", ".txt")
STARTS = ("start-after", "start-at")
ENDS = ("end-before", "end-at")


def resolve(docs, page, path):
    if path.startswith("/"):
        return os.path.normpath(os.path.join(docs, path.lstrip("/")))
    return os.path.normpath(os.path.join(os.path.dirname(page), path))


def directives_in(lines):
    """(line number, indent, name, argument, {option: value}) for each directive."""
    for i, line in enumerate(lines):
        match = DIRECTIVE.match(line)
        if not match:
            continue
        indent, name, argument = match.groups()
        options = {}
        for following in lines[i + 1:]:
            if not following.strip():
                break
            option = OPTION.match(following)
            if not option or len(following) - len(following.lstrip()) <= len(indent):
                break
            options[option.group(1)] = option.group(2).strip()
        yield i + 1, name, argument.strip(), options


def first_line(lines, text, after=-1):
    for i, line in enumerate(lines):
        if i > after and text in line:
            return i
    return None


def marker_lines(lines):
    """[(index, 'begin' or 'end', name)] of the marker lines."""
    found = []
    for i, line in enumerate(lines):
        match = MARKER.match(line)
        if match:
            found.append((i, match.group(1), match.group(2)))
    return found


def region_problem(path, name):
    """Why region NAME of PATH cannot be shown, or None ("-" is the whole file after its note)."""
    if name == "-":
        return None
    with open(path, encoding="utf-8") as f:
        marks = marker_lines(f.read().splitlines())
    begins = [i for i, kind, n in marks if kind == "begin" and n == name]
    ends = [i for i, kind, n in marks if kind == "end" and n == name]
    if len(begins) != 1 or len(ends) != 1:
        return f"expected one 'example-begin {name}' and one 'example-end {name}', found {len(begins)} and {len(ends)}"
    if ends[0] < begins[0]:
        return f"'example-end {name}' comes before 'example-begin {name}'"
    return None


def check_region_directive(docs, page, at, name, argument, options):
    problems = []
    included = resolve(docs, page, argument)
    if not os.path.isfile(included):
        return [f"{at}: no such file: {argument}"]
    if name == "cubling-steps":
        return problems
    if name == "cubling-note":
        with open(included, encoding="utf-8") as f:
            if not f.readline().startswith("//"):
                problems.append(f"{at}: {argument} does not open with a // note")
        return problems
    region = options.get("region", "kernel")
    problem = region_problem(included, region)
    if problem:
        problems.append(f"{at}: {argument}: {problem}")
    for key in ("changed-since", "against"):
        if key not in options:
            continue
        other = resolve(docs, page, options[key])
        if not os.path.isfile(other):
            problems.append(f"{at}: no such file for :{key}:: {options[key]}")
            continue
        problem = region_problem(other, options.get("other-region", region))
        if problem:
            problems.append(f"{at}: {options[key]}: {problem}")
    if name == "cubling-diff" and "against" not in options:
        problems.append(f"{at}: cubling-diff needs :against:")
    return problems


def check_sources(root):
    """Marker names that are prefixes of others in the same file, and unclosed markers."""
    problems = []
    for folder in SOURCE_FOLDERS:
        for where, subfolders, files in os.walk(os.path.join(root, folder)):
            subfolders[:] = sorted(d for d in subfolders if not d.startswith((".", "_")) and d != "data")
            for file_name in sorted(files):
                if not file_name.endswith(SOURCE_SUFFIXES):
                    continue
                path = os.path.join(where, file_name)
                try:
                    with open(path, encoding="utf-8") as f:
                        marks = marker_lines(f.read().splitlines())
                except (OSError, UnicodeDecodeError):
                    continue
                relative = os.path.relpath(path, root)
                names = sorted({n for _, _, n in marks})
                for a in names:
                    for b in names:
                        if a != b and b.startswith(a):
                            problems.append(f"{relative}: marker '{a}' is a prefix of marker '{b}': "
                                            "a substring match of one finds the other; rename one")
                for n in names:
                    begins = sum(1 for _, kind, m in marks if kind == "begin" and m == n)
                    ends = sum(1 for _, kind, m in marks if kind == "end" and m == n)
                    if begins != ends:
                        problems.append(f"{relative}: marker '{n}' has {begins} example-begin and {ends} example-end")
    return problems


def check_page(docs, page, root):
    problems = []
    where = os.path.relpath(page, root)
    with open(page, encoding="utf-8") as f:
        lines = f.read().splitlines()
    for number, name, argument, options in directives_in(lines):
        at = f"{where}:{number}"
        if name in FORBIDDEN:
            problems.append(f"{at}: '.. {name}::' types code into the page; literalinclude it from a real file")
            continue
        if name in REGION_DIRECTIVES:
            problems += check_region_directive(docs, page, at, name, argument, options)
            continue
        if name != "literalinclude":
            continue
        included = resolve(docs, page, argument)
        if not os.path.isfile(included):
            problems.append(f"{at}: no such file: {argument}")
            continue
        if "diff" in options:
            if not os.path.isfile(resolve(docs, page, options["diff"])):
                problems.append(f"{at}: no such file for :diff:: {options['diff']}")
        with open(included, encoding="utf-8") as f:
            text_lines = f.read().splitlines()
        after = -1  # the end marker is searched in the lines after this one, as Sphinx does
        for key in STARTS + ENDS:
            marker = MARKER_OPTION.match(options.get(key, ""))
            if marker:
                found = first_line(text_lines, options[key])
                match = MARKER.match(text_lines[found]) if found is not None else None
                if found is not None and (not match or match.group(2) != marker.group(2)):
                    problems.append(f"{at}: :{key}: {options[key]!r} first matches line {found + 1} of {argument}, "
                                    f"{text_lines[found].strip()!r}, not that marker itself")
        for key in STARTS:
            if key in options:
                found = first_line(text_lines, options[key])
                if found is None:
                    problems.append(f"{at}: marker :{key}: {options[key]!r} is not in {argument}")
                else:
                    after = found if key == "start-after" else found - 1
        for key in ENDS:
            if key in options:
                if first_line(text_lines, options[key]) is None:
                    problems.append(f"{at}: marker :{key}: {options[key]!r} is not in {argument}")
                elif first_line(text_lines, options[key], after) is None:
                    problems.append(f"{at}: marker :{key}: {options[key]!r} does not come after the start "
                                    f"marker in {argument}")
    return problems


def main(argv):
    if len(argv) != 1:
        print(__doc__, file=sys.stderr)
        return 2
    root = os.path.abspath(argv[0])
    docs = os.path.join(root, "docs")
    pages = []
    for folder, subfolders, files in os.walk(docs):
        subfolders[:] = sorted(d for d in subfolders if d not in ("_build", "_ext", "_static", "__pycache__"))
        pages += [os.path.join(folder, name) for name in sorted(files) if name.endswith(".rst")]
    if not pages:
        print(f"error: no .rst pages under {docs}", file=sys.stderr)
        return 1
    problems = check_sources(root)
    includes = 0
    for page in pages:
        problems += check_page(docs, page, root)
        with open(page, encoding="utf-8") as f:
            includes += sum(1 for line in f
                            if re.match(r"^\s*\.\.\s+(literalinclude|cubling-code|cubling-diff|cubling-note|cubling-steps)::", line))
    for problem in problems:
        print(problem)
    if problems:
        return 1
    print(f"{len(pages)} pages, {includes} listings: every file and marker exists, no marker is a prefix of another, no typed-in code")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
