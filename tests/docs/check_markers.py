#!/usr/bin/env python3
"""Check that every code listing in the docs comes from a real file (CTest: docs.markers).

    python tests/docs/check_markers.py ROOT

For every ``literalinclude`` in ROOT/docs/**/*.rst: the included file exists,
and so does each file named by ``:diff:``; each marker of ``:start-after:``,
``:start-at:``, ``:end-before:`` and ``:end-at:`` occurs in the file, and an
end marker occurs after the start marker. Code typed into a page
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
    problems = []
    includes = 0
    for page in pages:
        problems += check_page(docs, page, root)
        with open(page, encoding="utf-8") as f:
            includes += sum(1 for line in f if re.match(r"^\s*\.\.\s+literalinclude::", line))
    for problem in problems:
        print(problem)
    if problems:
        return 1
    print(f"{len(pages)} pages, {includes} literalincludes: every file and marker exists, no typed-in code")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
