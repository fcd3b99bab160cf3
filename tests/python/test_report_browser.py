"""report: the HTML in headless Chromium (Playwright, Debian's chromium): renders, sorts, filters,
no console errors, no network, and hostile strings from a result file shown as text, never run.

Chromium is the system's (CHROMIUM, default /usr/bin/chromium; bootstrap.sh test installs it):
Playwright never downloads a browser.  Without it the test FAILS, saying what to install.
"""

import json
import os
import shutil

import pytest

from analysis_helpers import run_cli

PAYLOADS = {"hostname": "<script>window.__pwned = 1</script>",
            "cpu": "<img src=x onerror=\"window.__pwned = 2\">",
            "reason": "\"><svg onload=\"window.__pwned = 3\">"}


def chromium_path():
    path = os.environ.get("CHROMIUM") or shutil.which("chromium") or "/usr/bin/chromium"
    if not os.path.isfile(path):
        pytest.fail("Chromium is missing (%s): install Debian's 'chromium' package (./bootstrap.sh test does)" % path)
    return path


@pytest.fixture(scope="module")
def browser():
    from playwright.sync_api import sync_playwright  # a test extra: never skipped when missing
    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=chromium_path(), headless=True,
                              args=["--no-sandbox"] if os.geteuid() == 0 else [])
        yield b
        b.close()


@pytest.fixture(scope="module")
def hostile_report(tmp_path_factory, our_runs):
    d = tmp_path_factory.mktemp("report")
    doc = json.loads(our_runs[1].read_text())
    doc["context"]["host"]["hostname"] = PAYLOADS["hostname"]
    doc["context"]["cpu"]["model_name"] = PAYLOADS["cpu"]
    unavailable = [r for r in doc["results"] if r["status"] != "ok"] or doc["results"][-1:]
    unavailable[0].update(status="unavailable", reason=PAYLOADS["reason"])
    hostile = d / "hostile.json"
    hostile.write_text(json.dumps(doc))
    out = d / "report.html"
    r = run_cli("report", our_runs[0], hostile, "-o", out)
    assert r.returncode == 0, r.stderr
    return out


def open_page(browser, path):
    page = browser.new_page(viewport={"width": 1400, "height": 1000})
    errors, requests = [], []
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.on("request", lambda req: requests.append(req.url))
    page.goto(path.as_uri())
    return page, errors, requests


def test_renders_without_errors_or_network(browser, hostile_report):
    page, errors, requests = open_page(browser, hostile_report)
    assert page.locator("h1").inner_text() == "cryptometer report"
    assert page.locator("#comparison-table tbody tr").count() > 0
    # issue 24: the runs' full tables are folded below the comparison (their charts are on one run's page)
    assert page.locator("#r1-full table.sortable").count() >= 3 and page.locator("#r2-full table.sortable").count() >= 3
    page.screenshot(path=str(hostile_report.with_suffix(".png")), full_page=False)
    assert errors == [] and requests == [hostile_report.as_uri()]


def test_hostile_strings_are_text_and_nothing_runs(browser, hostile_report):
    page, errors, _ = open_page(browser, hostile_report)
    assert page.evaluate("window.__pwned") is None
    body = page.locator("body").text_content()   # the reasons are in the folded tables (issue 24)
    for text in PAYLOADS.values():
        assert text in body
    assert page.locator("section.run img").count() == 0 and page.locator("section.run script").count() == 0
    assert errors == []


def test_tables_sort_and_filter(browser, hostile_report):
    """A family table (in the first run's folded tables) sorts by a column, numbers numerically
    (thousands separators read); the comparison's filter hides the rows that do not match."""
    page, errors, _ = open_page(browser, hostile_report)
    page.locator("#r1-full > summary").click()
    table = page.locator("#r1-block table.sortable").first
    heading = "16\u00a0KiB"                                   # sizes are written with a no-break space
    index = [t.strip() for t in table.locator("thead th").all_inner_texts()].index(heading) + 1
    header = table.locator("thead th").nth(index - 1)
    column = lambda: [float(t.strip().replace(",", "")) for t in
                      table.locator("tbody tr td:nth-child(%d)" % index).all_inner_texts() if t.strip() != "—"]
    header.click()
    values = column()
    assert values == sorted(values) and len(set(values)) > 1
    header.click()
    assert column() == sorted(values, reverse=True)
    comparison = page.locator("#comparison-table")
    page.locator("input[data-table='comparison-table']").fill("^ref:")
    visible = comparison.locator("tbody tr:visible")
    assert 0 < visible.count() < comparison.locator("tbody tr").count()
    assert all(t.startswith("ref:") for t in visible.locator("td:first-child").all_inner_texts())
    assert errors == []


def test_csp_runs_the_page_script_and_refuses_any_other_inline_script(browser, hostile_report):
    """The policy allows the report's own script by its hash (the tables sort: above), and no other:
    an inline script added to the page, as injected markup would be, is refused by the browser."""
    page, errors, _ = open_page(browser, hostile_report)
    csp = page.locator('meta[http-equiv="Content-Security-Policy"]').get_attribute("content")
    assert "'unsafe-inline'" not in csp.split("script-src", 1)[1].split(";")[0]
    violations = page.evaluate("""() => new Promise(resolve => {
        const seen = [];
        document.addEventListener('securitypolicyviolation', e => seen.push(e.violatedDirective));
        const s = document.createElement('script');
        s.textContent = 'window.__pwned = 4';
        document.body.appendChild(s);
        setTimeout(() => resolve(seen), 200);
    })""")
    assert page.evaluate("window.__pwned") is None
    assert any(v.startswith("script-src") for v in violations), violations
    assert all("Content Security Policy" in e for e in errors), errors   # only the refusal was reported
