"""The built pages in a real browser: no sideways scrolling of the page, Chinese search works.

Debian's chromium (``apt-get install -y chromium``; ``.ci/run`` installs it) runs
headless against a local HTTP server over both built editions. A harness page loads each
page under test in a frame 1280 px wide (and 390 px, a phone), measures whether the
page is wider than its viewport (a wide table must scroll inside its own box instead),
runs the Chinese edition's search for 百搭, and writes what it found into its own DOM,
which ``chromium --dump-dom`` prints. Skipped, saying why, only where no chromium is
installed.
"""

from __future__ import annotations

import functools
import http.server
import json
import re
import shutil
import subprocess
import sys
import threading
from pathlib import Path

import pytest

pytest.importorskip("sphinx")

if str(Path(__file__).parent) not in sys.path:  # importlib import mode leaves tests/ off sys.path
    sys.path.insert(0, str(Path(__file__).parent))
from _docs_build import DOCS, edition  # noqa: E402

pytestmark = pytest.mark.skipif(not (DOCS / "conf.py").is_file(), reason="docs/ is not beside the tests")

#: The pages measured in each edition: a rulebook page, a variant page, the comparison.
PAGES = ("rulebook/04-wilds.html", "variants/ningbo.html", "compare.html")
WIDTHS = (1280, 390)
SEARCH = "百搭"

_HARNESS = """<!doctype html><meta charset="utf-8"><body><pre id="nbmj-result">pending</pre>
<script>
const pages = %(pages)s, widths = %(widths)s, query = %(query)s;
const sleep = (ms) => new Promise((done) => setTimeout(done, ms));
function frame(url, width) {
  return new Promise((done, fail) => {
    const f = document.createElement("iframe");
    f.style.width = width + "px"; f.style.height = "900px"; f.style.border = "0";
    f.onload = () => done(f); f.onerror = fail; f.src = url;
    document.body.appendChild(f);
  });
}
function widest(doc) {
  const limit = doc.documentElement.clientWidth + 1;
  return [...doc.querySelectorAll("body *")]
    .filter((e) => e.getBoundingClientRect().right > limit && !e.closest(".table-wrapper, pre, .highlight"))
    .slice(0, 3).map((e) => e.tagName.toLowerCase() + "." + [...e.classList].join("."));
}
async function main() {
  const out = {pages: [], search: null};
  for (const url of pages) for (const width of widths) {
    const f = await frame(url, width);
    await sleep(200);
    const doc = f.contentDocument, root = doc.documentElement;
    out.pages.push({url, width, scrollWidth: root.scrollWidth, clientWidth: root.clientWidth,
                    title: doc.title, widest: widest(doc)});
    f.remove();
  }
  const s = await frame("zh_CN/search.html?q=" + encodeURIComponent(query), 1280);
  // Sphinx lists the results one by one and writes the summary when it is done.
  let summary = "";
  for (let i = 0; i < 600 && !summary; i++) {
    await sleep(100);
    const node = s.contentDocument.querySelector("#search-results .search-summary");
    summary = node ? node.textContent.trim() : "";
  }
  const hits = [...s.contentDocument.querySelectorAll("#search-results li > a")].map((a) => a.getAttribute("href"));
  out.search = {query, summary, hits};
  document.getElementById("nbmj-result").textContent = JSON.stringify(out);
}
main().catch((e) => { document.getElementById("nbmj-result").textContent = "ERROR " + e; });
</script>"""


def _browser() -> str | None:
    for name in ("chromium", "chromium-browser", "google-chrome", "google-chrome-stable"):
        if shutil.which(name):
            return shutil.which(name)
    return None


class _QuietHandler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, format: str, *args: object) -> None:  # noqa: A002 - the base class's name
        pass


@functools.lru_cache(maxsize=None)
def _measured() -> dict:
    browser = _browser()
    if browser is None:
        pytest.skip("no chromium on this machine: apt-get install -y chromium (.ci/run does it as root)")
    root = edition("en").parent
    edition("zh_CN")
    urls = [f"{lang}/{page}" for lang in ("en", "zh_CN") for page in PAGES]
    (root / "_nbmj_browser_check.html").write_text(
        _HARNESS % {"pages": json.dumps(urls), "widths": json.dumps(WIDTHS), "query": json.dumps(SEARCH)},
        encoding="utf-8",
    )
    handler = functools.partial(_QuietHandler, directory=str(root))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        url = f"http://127.0.0.1:{server.server_address[1]}/_nbmj_browser_check.html"
        cmd = [
            browser, "--headless", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
            "--window-size=1400,1000", "--virtual-time-budget=60000", "--dump-dom", url,
        ]
        proc = subprocess.run(cmd, capture_output=True, text=True, timeout=240)
    finally:
        server.shutdown()
        server.server_close()
    found = re.search(r'<pre id="nbmj-result">(.*?)</pre>', proc.stdout, flags=re.S)
    assert found, f"the harness did not run:\n{proc.stdout[-2000:]}\n{proc.stderr[-2000:]}"
    result = found.group(1)
    assert not result.startswith(("ERROR", "pending")), result
    return json.loads(result.replace("&amp;", "&").replace("&lt;", "<").replace("&gt;", ">").replace("&quot;", '"'))


@pytest.mark.parametrize("language", ["en", "zh_CN"])
@pytest.mark.parametrize("page", PAGES)
@pytest.mark.parametrize("width", WIDTHS)
def test_the_page_does_not_scroll_sideways(language, page, width):
    measured = {(m["url"], m["width"]): m for m in _measured()["pages"]}
    m = measured[(f"{language}/{page}", width)]
    assert m["title"], m  # the page loaded
    assert m["scrollWidth"] <= m["clientWidth"] + 1, m


def test_the_chinese_search_page_finds_baida():
    search = _measured()["search"]
    assert search["query"] == SEARCH
    pages = {hit.split("#")[0].split("?")[0] for hit in search["hits"]}
    assert "rulebook/04-wilds.html" in pages, search
