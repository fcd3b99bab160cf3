"""report: the generations and choice sections in headless Chromium (the browser and page helpers of
test_report_browser): columns, ratios, cells that are not ok shown with their reason, wire sizes,
sorting, a hostile reason shown as text, no console error and no network."""

import pytest

from analysis_helpers import run_cli
from test_report_browser import browser, open_page  # noqa: F401 (browser is a fixture)
from view_docs import choice_doc, generations_doc, write

HOSTILE = "<img src=x onerror=\"window.__pwned = 4\">"


@pytest.fixture(scope="module")
def views_report(tmp_path_factory):
    d = tmp_path_factory.mktemp("views")
    gen = generations_doc()
    for r in gen["results"]:
        if r["status"] == "failed-kat":
            r["reason"] = HOSTILE
    a, b = write(d / "gen.json", gen), write(d / "choice.json", choice_doc())
    out = d / "report.html"
    r = run_cli("report", a, b, "-o", out)
    assert r.returncode == 0, r.stderr
    return out


def texts(locator):
    return [t.strip() for t in locator.all_inner_texts()]


def test_generations_section(browser, views_report):  # noqa: F811
    page, errors, requests = open_page(browser, views_report)
    table = page.locator("#generations-1")
    assert texts(table.locator("thead th")) == ["benchmark", "openssl", "openssl-1.1.1", "openssl-1.1.1 / system",
                                                "openssl-3.5", "openssl-3.5 / system", "focus"]
    seal = table.locator("tbody tr", has_text="aes-128-gcm seal @ 16 B")
    cells = texts(seal.locator("td"))
    assert "MB/s ±" in cells[1] and cells[3].startswith("×0.5") and cells[3].endswith("* faster")
    assert seal.locator("td.ratio.good").count() == 1 and "focus" in seal.get_attribute("class")
    sha3 = texts(table.locator("tbody tr", has_text="sha3-256 digest @ 1024 B").locator("td"))
    assert sha3[2] == "unavailable: OpenSSL 1.1.1 has no SHA-3 in this build" and sha3[3] == "—"
    hmac = texts(table.locator("tbody tr", has_text="hmac-sha256").locator("td"))
    assert hmac[4] == "failed-kat: " + HOSTILE            # shown as text, never run
    assert page.evaluate("window.__pwned") is None
    assert all(t for row in table.locator("tbody tr").all() for t in texts(row.locator("td"))[:6])
    # the second run has only the system's OpenSSL: no generations table
    assert page.locator("#generations-2").count() == 0
    assert errors == [] and requests == [views_report.as_uri()]


def test_choice_sections(browser, views_report):  # noqa: F811
    page, errors, _ = open_page(browser, views_report)
    kex = page.locator("#choice-kex-2")
    assert texts(kex.locator("thead th")) == ["algorithm", "implementation", "keygen (ops/s)", "encapsulate (ops/s)",
                                              "decapsulate (ops/s)", "derive (ops/s)", "public key (B)", "reply (B)"]
    assert kex.locator("tbody tr").count() == 6
    hybrid = texts(kex.locator("tbody tr", has_text="x25519mlkem768").locator("td"))
    assert hybrid[6].startswith("? (unknown") and hybrid[7].startswith("? (unknown")
    sodium = texts(kex.locator("tbody tr", has_text="libsodium").locator("td"))
    assert sodium[3] == "—" and sodium[5] == "crashed: signal 11 (SIGSEGV) in derive" and sodium[6] == "32"
    assert "RFC 7748" in kex.locator("tbody tr", has_text="libsodium").locator("td.wire").first.get_attribute("title")
    sig = page.locator("#choice-signature-2")
    assert texts(sig.locator("tbody td:first-child")) == ["ed25519", "ecdsa-p256-sha256", "rsa-2048-pss-sha256",
                                                         "ml-dsa-44", "ml-dsa-65"]
    assert "Not in this run: slh-dsa-sha2-128s, slh-dsa-sha2-128f" in page.locator("#choice-signature-2-section").inner_text()
    # sortable like the other tables: by public key size, descending on the second click
    header = sig.locator("th", has_text="public key (B)")
    header.click()
    header.click()
    assert texts(sig.locator("tbody td:first-child"))[0] == "ml-dsa-65"
    assert page.locator("#choice-kex-1").count() == 0      # the generations run has no key exchange
    assert errors == []
