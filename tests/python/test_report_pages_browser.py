"""report (issue 24): the pages in headless Chromium at 1366×800 and 390×800, for the default suite,
a run with answers, two runs, a 3-host fleet and a sweep; and each again with a hostile string
(its field's own marker) after the value of every free-text field of its documents.

Each page: the summary is on the first screen at 1366×800; nothing scrolls sideways at 1366 or
390 px (tables scroll in their own box); no console error; no text node or alt text shows
``e+<digit>`` or ``None``; every chart has a title, alternative text and a caption; the hostile
strings show as text, field by field, and run nothing (no script but the page's own, no image
but the charts).  The default suite's
page (tests/data/report: a real result of the CI) is under 1.5 MB.  The browser and page helpers
are test_report_browser's (Debian's Chromium, never a download).
"""

import copy
import json

import pytest

from analysis_helpers import run_cli
from cryptometer.loader import validator
from report_docs import DATA, default_doc, hostile, plant_everywhere, planted_fields, sweep_document
from test_report_browser import browser, open_page  # noqa: F401 (browser is a fixture)

WIDTHS = (1366, 390)
TEXT_CHECK = r"""() => {
    const bad = [], walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
        const tag = n.parentElement.tagName;
        if (tag !== 'SCRIPT' && tag !== 'STYLE' && /e\+\d|None/.test(n.data)) bad.push(n.data.slice(0, 80));
    }
    document.querySelectorAll('[alt], [title]').forEach(e => {
        for (const v of [e.getAttribute('alt'), e.getAttribute('title')])
            if (v && /e\+\d|None/.test(v)) bad.push(v.slice(0, 80));
    });
    return bad;
}"""
# [scripts, images that are not a chart]: the page's one script, and nothing a document injected
ONLY_OWN_ELEMENTS = """() => [document.querySelectorAll('script').length,
    document.querySelectorAll('img:not(figure.chart > img), svg, iframe, object, embed').length]"""


def write(path, doc):
    path.write_text(json.dumps(doc))
    return path


def report(tmp, *inputs):
    out = tmp / "report.html"
    r = run_cli("report", *inputs, "-o", out)
    assert r.returncode == 0, r.stderr
    return out


@pytest.fixture(scope="module")
def default_page(tmp_path_factory):
    d = tmp_path_factory.mktemp("default")
    return report(d, write(d / "default.json", default_doc()))


def answers_doc():
    """The default suite's run with the answers fixture (its `answers` section)."""
    return dict(default_doc(), answers=json.loads((DATA / "answers.json").read_text()))


@pytest.fixture(scope="module")
def answers_page(tmp_path_factory):
    d = tmp_path_factory.mktemp("answers")
    return report(d, write(d / "run.json", answers_doc()))


# The pages with a hostile string after the value of every free-text field (report_docs.plant_everywhere:
# context, records, answers, analysis of a result; every string of a sweep's points)
@pytest.fixture(scope="module")
def hostile_answers_page(tmp_path_factory):
    d = tmp_path_factory.mktemp("hostile-answers")
    return report(d, write(d / "run.json", plant_everywhere(answers_doc(), validator(2))))


@pytest.fixture(scope="module")
def two_page(tmp_path_factory):
    """The two default-suite runs (figures only: their comparison is by ratio, without a test;
    test_report_browser compares two runs of this build, with their samples)."""
    d = tmp_path_factory.mktemp("two")
    return report(d, write(d / "a.json", default_doc(1)), write(d / "b.json", default_doc(2)))


def fleet_docs():
    """Three hosts of one CPU family: two real default-suite results and a copy of the first that
    runs at half speed under the powersave governor (made up here to test the explanation)."""
    docs = [default_doc(1), default_doc(2), default_doc(1)]
    for i, doc in enumerate(docs, 1):
        doc["context"]["host"]["hostname"] = "h%d" % i
    slow = docs[2]
    for c in slow["context"]["cpu"]["clusters"]:
        c["governor"] = "powersave"
    for r in slow["results"]:
        for key, factor in (("throughput_mb_s", 0.5), ("ops_per_s", 0.5), ("us_per_op", 2.0)):
            if isinstance(r.get(key), float):
                r[key] *= factor
    return docs


def fleet_report(d, docs):
    (d / "fleet").mkdir()
    for i, doc in enumerate(docs, 1):
        write(d / "fleet" / ("h%d.json" % i), doc)
    return report(d, d / "fleet")


@pytest.fixture(scope="module")
def fleet_page(tmp_path_factory):
    return fleet_report(tmp_path_factory.mktemp("fleet"), fleet_docs())


@pytest.fixture(scope="module")
def sweep_file(tmp_path_factory):
    return sweep_document(tmp_path_factory.mktemp("sweep-doc"))


@pytest.fixture(scope="module")
def sweep_page(tmp_path_factory, sweep_file):
    return report(tmp_path_factory.mktemp("sweep"), sweep_file)


@pytest.fixture(scope="module")
def hostile_two_page(tmp_path_factory):
    d = tmp_path_factory.mktemp("hostile-two")
    return report(d, *(write(d / ("%d.json" % n), plant_everywhere(default_doc(n), validator(2))) for n in (1, 2)))


@pytest.fixture(scope="module")
def hostile_fleet_page(tmp_path_factory):
    return fleet_report(tmp_path_factory.mktemp("hostile-fleet"), [plant_everywhere(d, validator(2)) for d in fleet_docs()])


@pytest.fixture(scope="module")
def hostile_sweep_page(tmp_path_factory, sweep_file):
    d = tmp_path_factory.mktemp("hostile-sweep")
    return report(d, write(d / "sweep.json", plant_everywhere(json.loads(sweep_file.read_text()))))


PAGES = ("default_page", "answers_page", "two_page", "fleet_page", "sweep_page",
         "hostile_answers_page", "hostile_two_page", "hostile_fleet_page", "hostile_sweep_page")
# what must be on the first screen at 1366×800 (the summary): a run's summary, answers and contents;
# two runs' comparison (what changed: the counts); the fleet's machines that stand out
FIRST_SCREEN = {"two_page": "#comparison > p", "fleet_page": "#fleet > ul"}
# the fields each hostile page must show as text (each with its own marker: hostile(field))
SHOWN = {
    "hostile_answers_page": {"hostname", "os", "kernel", "model_name", "arch", "core_name", "name", "backend", "variant",
                             "algorithm", "operation", "version", "reason", "id", "message", "formula",
                             "instruction", "text", "winner", "runner_up", "started"},
    "hostile_two_page": {"hostname", "model_name", "backend", "variant", "algorithm", "operation", "version"},
    "hostile_fleet_page": {"hostname", "model_name", "backend", "variant", "algorithm", "operation", "governor"},
    "hostile_sweep_page": {"hostname", "model_name", "backend", "variant", "algorithm", "operation"},
}


@pytest.mark.parametrize("name", PAGES)
def test_page_fits_speaks_plainly_and_has_no_error(browser, request, name):  # noqa: F811
    path = request.getfixturevalue(name)
    for width in WIDTHS:
        page, errors, requests = open_page(browser, path)
        page.set_viewport_size({"width": width, "height": 800})
        assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth"), (name, width)
        assert errors == [] and requests == [path.as_uri()]
        if width == 1366:
            box = page.locator("#summary").bounding_box()
            assert box is not None and box["y"] < 200, box      # the summary starts on the first screen
            first = page.locator("#summary h2").first.bounding_box()
            assert first["y"] + first["height"] <= 800
            if not name.startswith("hostile"):                  # (hostile strings make it longer)
                whole = page.locator(FIRST_SCREEN.get(name, "#summary")).bounding_box()
                assert whole["y"] + whole["height"] <= 800, (name, whole)
        assert page.evaluate(TEXT_CHECK) == []
        assert page.evaluate("window.__pwned") is None
        assert page.evaluate(ONLY_OWN_ELEMENTS) == [1, 0]
        page.close()


@pytest.mark.parametrize("name", sorted(SHOWN))
def test_hostile_strings_in_every_field_show_as_text_and_run_nothing(browser, request, name):  # noqa: F811
    """Each field's hostile string (its own marker) is in the page's text as written; no script
    but the page's own, no image but the charts, nothing ran."""
    page, errors, _ = open_page(browser, request.getfixturevalue(name))
    page.locator("details").evaluate_all("ds => ds.forEach(d => d.open = true)")
    shown = planted_fields(page.locator("body").inner_text())
    assert SHOWN[name] <= shown, sorted(SHOWN[name] - shown)
    assert page.evaluate("window.__pwned") is None and page.evaluate(ONLY_OWN_ELEMENTS) == [1, 0]
    assert errors == []
    page.close()


@pytest.mark.parametrize("name", PAGES)
def test_every_chart_has_a_title_and_alt_text(browser, request, name):  # noqa: F811
    """A chart: an image with alternative text and a title, and a visible caption. A page of one
    run has charts; a page of several folds its tables and has none (test_two_runs_...)."""
    page, _, _ = open_page(browser, request.getfixturevalue(name))
    charts = page.locator("figure.chart img")
    assert (charts.count() >= 1) == (name in ("default_page", "answers_page", "sweep_page", "hostile_answers_page", "hostile_sweep_page"))
    for i in range(charts.count()):
        img = charts.nth(i)
        assert len(img.get_attribute("alt")) > 20 and img.get_attribute("title")
        assert img.get_attribute("src").startswith("data:image/png;base64,")
        assert img.locator("xpath=../figcaption").inner_text().startswith(img.get_attribute("title").split(" (")[0])
    assert page.locator("img:not(figure.chart img)").count() == 0   # no other image: nothing injected
    page.close()


def test_default_suite_page_is_small_and_in_families(browser, default_page):  # noqa: F811
    assert default_page.stat().st_size < 1_500_000
    page, _, _ = open_page(browser, default_page)
    assert page.locator("#summary .no-answers").inner_text().startswith("No answers in this document")
    titles = page.locator("section.family > h2").all_inner_texts()
    assert titles[:7] == ["Block ciphers", "AEAD", "Hashes and MACs", "Public key", "Post-quantum", "Bignum", "RNG"]
    assert "Probes and bounds" in titles and page.locator("figure.chart img").count() >= 8
    toc = page.locator("#summary nav.toc a").all_inner_texts()
    assert toc[0] == "Block ciphers" and toc[-1].startswith("Not measured")
    # the unavailable rows are folded at the end with their reasons, never first
    tops = page.evaluate("""() => [...document.querySelectorAll('section.family, #r1-unmeasured')]
        .map(e => [e.id, e.getBoundingClientRect().top])""")
    assert tops[-1][0] == "r1-unmeasured" and tops[-1][1] > max(t for _, t in tops[:-1])
    assert page.locator("#r1-unmeasured details:not([open])").count() == 1
    assert page.locator("#r1-unmeasured tbody tr").count() > 10
    page.close()


def test_answers_on_the_first_screen(browser, answers_page):  # noqa: F811
    page, errors, _ = open_page(browser, answers_page)
    page.set_viewport_size({"width": 1366, "height": 800})
    for card in ("Trust: not quotable as it is", "Acceleration", "Findings", "Fastest per operation"):
        box = page.locator(".card h3", has_text=card).bounding_box()
        assert box is not None and box["y"] + box["height"] <= 800, card
    fastest = page.locator(".card.fastest tbody tr")
    assert [t.strip() for t in fastest.nth(0).locator("td").all_inner_texts()][1:4] == [
        "16\u00a0KiB", "openssl:evp", "10,600\u00a0MB/s"]
    assert page.locator(".card li.bad", has_text="failed its known-answer check").count() == 1
    assert page.evaluate("window.__pwned") is None and errors == []
    page.close()


def test_two_runs_compare_first_then_summaries_then_folded_tables(browser, two_page):  # noqa: F811
    page, _, _ = open_page(browser, two_page)
    order = page.evaluate("""() => ['#comparison', '#r1-summary', '#r2-summary', '#r1-full', '#r2-full']
        .map(s => document.querySelector(s).getBoundingClientRect().top)""")
    assert order[0] < order[1] == order[2] < order[3] < order[4]     # the summaries side by side
    assert page.locator("details.full[open]").count() == 0 and page.locator("img").count() == 0   # tables only
    assert page.locator("#comparison-table tbody tr").count() > 0
    page.close()


def test_fleet_names_the_odd_machine_and_its_evidence(browser, fleet_page):  # noqa: F811
    page, _, _ = open_page(browser, fleet_page)
    standouts = page.locator("#fleet li.standout").all_inner_texts()
    odd = [s for s in standouts if s.startswith("h3 ")]
    assert len(odd) == 1 and "slower" in odd[0] and "governor powersave" in odd[0], standouts
    assert not any(s.startswith(("h1 ", "h2 ")) for s in standouts), standouts
    headers = page.locator("#fleet-1 thead th").all_text_contents()   # folded: text, not rendered
    assert [h.split(" ")[0] for h in headers[2:]] == ["h1", "h2", "h3"]
    page.close()


def test_a_fleet_outlier_without_evidence_says_so():
    """The slow copy without its governor: nothing in its documents explains it."""
    from cryptometer import report_fleet
    from cryptometer.loader import Run
    docs = fleet_docs()
    for c in docs[2]["context"]["cpu"]["clusters"]:
        c["governor"] = None
    for doc in docs[1:]:
        doc["context"]["health"] = copy.deepcopy(docs[0]["context"]["health"])
    runs = [Run(id="id%d" % i, doc=d, origin="test") for i, d in enumerate(docs)]
    (odd,) = report_fleet.standouts(runs)
    assert odd["explanations"] == ["nothing in its documents explains it"] and not odd["explained"]


def test_sweep_page_has_the_files_family_and_its_chart(browser, sweep_page):  # noqa: F811
    page, _, _ = open_page(browser, sweep_page)
    section = page.locator("section.family", has=page.locator("h2", has_text="Files and chunk sizes"))
    assert section.locator("figure.chart img").count() == 1
    assert "chunk 1\u00a0KiB" in section.locator("thead").first.inner_text()
    page.close()
