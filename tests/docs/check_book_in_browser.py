#!/usr/bin/env python3
"""check_book_in_browser.py HTML_DIR: read the built book as a reader's browser shows it.

Every page of the book is opened in headless Chromium, 1400 px wide, and must hold:
  - no code listing wider than its box (a reader would scroll it sideways);
  - no table wider than the text column;
and every chapter page (chapters/*.html) must show at least one picture (a plot or a diagram).

It needs Debian's chromium and chromium-driver, and selenium (docs/requirements.txt, in the
docs' virtual environment). Without them it says what is missing and exits 77, which CTest
reports as "skipped"; CI installs them, so there the test runs.
"""
import os
import pathlib
import shutil
import sys

SKIP = 77

# What the browser measures on one page, in the text column (Sphinx's div.body).
MEASURE = """
const column = document.querySelector('div.body, [role=main]') || document.body;
const listings = [...column.querySelectorAll('div.highlight pre, pre.literal-block')];
const tables = [...column.querySelectorAll('table')];
const label = e => (e.closest('[id]') || {id: '?'}).id;
return {
  wide_listings: listings.filter(p => p.scrollWidth > p.clientWidth + 1).map(label),
  wide_tables: tables.filter(t => t.scrollWidth > column.clientWidth + 1).map(label),
  pictures: column.querySelectorAll('img, svg, object').length,
};
"""


def open_browser():
    """A headless Chromium driven by selenium, or None with the reason it is missing."""
    try:
        os.environ.setdefault("SE_AVOID_STATS", "true")  # no usage reports leave this machine
        from selenium import webdriver
    except ImportError:
        return None, "selenium is not installed (it is in docs/requirements.txt)"
    chromium, driver_path = shutil.which("chromium"), shutil.which("chromedriver")
    if not chromium or not driver_path:
        return None, "chromium and chromedriver are not installed (apt-get install chromium chromium-driver)"
    options = webdriver.ChromeOptions()
    for flag in ("--headless=new", "--no-sandbox", "--disable-gpu", "--window-size=1400,900", "--hide-scrollbars"):
        options.add_argument(flag)
    options.binary_location = chromium
    # The system's chromedriver: selenium would otherwise try to download one.
    return webdriver.Chrome(options=options, service=webdriver.ChromeService(executable_path=driver_path)), None


def main(argv):
    html = pathlib.Path(argv[1])
    pages = sorted(p for p in html.rglob("*.html")
                   if not p.name.startswith(("genindex", "search", "py-modindex")) and not p.parts[-2].startswith("_"))
    if not pages:
        print(f"no pages under {html}: build the book first (the docs.html test)")
        return 1
    browser, missing = open_browser()
    if browser is None:
        print(f"skipped: {missing}")
        return SKIP
    problems = []
    try:
        for page in pages:
            browser.get(page.resolve().as_uri())
            seen = browser.execute_script(MEASURE)
            name = page.relative_to(html).as_posix()
            for where in seen["wide_listings"]:
                problems.append(f"{name}: a code listing scrolls sideways (in #{where})")
            for where in seen["wide_tables"]:
                problems.append(f"{name}: a table is wider than the text column (in #{where})")
            if name.startswith("chapters/") and seen["pictures"] == 0:
                problems.append(f"{name}: a chapter without a picture")
    finally:
        browser.quit()
    for problem in problems:
        print(problem)
    print(f"{len(pages)} pages read in Chromium: {'all fit' if not problems else f'{len(problems)} problems'}")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
