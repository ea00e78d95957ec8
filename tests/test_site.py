"""The proof site (`pnp build --html`), read as a browser and a screen reader would read it
without running one: every link and picture is there, nothing is fetched from outside, the
rulebook's words and anchors are the PDFs', and content cannot put markup into a page."""

from __future__ import annotations

import re
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import unquote, urlparse

import pytest

from pnp.cli import main
from pnp.content.project import load_game
from pnp.rulebook import book as rb
from pnp.rulebook.document import Heading, Para, plain_text, walk
from pnp.site.rules import _Inline
from tests.conftest import CONTENT

GAMES = ("diamond-heist", "diplomatic-immunity")


class Page(HTMLParser):
    """What a page holds: ids, links, images, headings and its text."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.ids: list[str] = []
        self.links: list[str] = []
        self.images: list[dict[str, str | None]] = []
        self.scripts: list[str] = []
        self.tags: list[str] = []
        self.text: list[str] = []
        self.th_scopes: list[str | None] = []
        self.lang: str | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = dict(attrs)
        self.tags.append(tag)
        if a.get("id"):
            self.ids.append(str(a["id"]))
        if tag == "a" and a.get("href"):
            self.links.append(str(a["href"]))
        if tag == "link" and a.get("href"):
            self.links.append(str(a["href"]))
        if tag == "img":
            self.images.append(a)
        if tag == "script":
            self.scripts.append(a.get("src") or "")
        if tag == "th":
            self.th_scopes.append(a.get("scope"))
        if tag == "html":
            self.lang = a.get("lang")

    def handle_data(self, data: str) -> None:
        self.text.append(data)

    def words(self) -> str:
        """The page's text, runs of white space as one space (inline elements' text runs on
        as it reads)."""
        return " ".join("".join(self.text).split())


def _read(path: Path) -> Page:
    page = Page()
    page.feed(path.read_text(encoding="utf-8"))
    return page


@pytest.fixture(scope="module")
def kits(site_kits: Path) -> Path:
    return site_kits


@pytest.mark.parametrize("game", GAMES)
def test_every_link_and_picture_is_there(kits: Path, game: str) -> None:
    """Every page's links and pictures point at files of the kit (and at ids that exist in
    them); every picture has its size and words; ids are unique; nothing is fetched from
    outside the folder."""
    site = kits / game / "site"
    pages = {p.name: _read(p) for p in site.glob("*.html")}
    assert {"index.html", "cards.html", "rules.html"} <= set(pages)
    ids = {site / name: set(page.ids) for name, page in pages.items()}  # each page read once
    for name, page in pages.items():
        assert page.lang == "en"
        assert len(page.ids) == len(set(page.ids)), name
        for src in page.scripts:
            assert src and not urlparse(src).scheme and (site / src).is_file(), src
        for href in page.links:
            url = urlparse(href)
            if url.scheme == "data":  # inside the page: no request (the empty icon)
                continue
            assert not url.scheme and not href.startswith("//"), (name, href)
            target = (site / unquote(url.path)).resolve() if url.path else site / name
            assert target.is_file(), (name, href)
            if url.fragment and target.suffix == ".html":
                if target not in ids:
                    ids[target] = set(_read(target).ids)
                assert url.fragment in ids[target], (name, href)
        for image in page.images:
            assert image.get("alt"), (name, image)
            assert image.get("width") and image.get("height"), (name, image)
            assert (site / str(image["src"])).is_file(), (name, image)


def test_a_card_has_its_own_address_and_its_words(kits: Path) -> None:
    """`cards.html#leak` is the Leak card, with its printed words as text and its copies."""
    game = load_game(CONTENT, "diplomatic-immunity").game
    assert game is not None and game.cards
    page = _read(kits / "diplomatic-immunity" / "site" / "cards.html")
    words = page.words()
    for card in game.cards:
        assert card.id in page.ids, card.id
        assert " ".join(card.text.printed.split()) in words, card.name
    assert "leak" in page.ids


def test_characters_and_departures(kits: Path) -> None:
    game = load_game(CONTENT, "diplomatic-immunity").game
    assert game is not None and game.archetypes and game.doors and game.goals
    site = kits / "diplomatic-immunity" / "site"
    characters = _read(site / "characters.html")
    assert len(characters.images) == 2 * len(game.archetypes)
    text = characters.words()
    for arch in game.archetypes:
        assert arch.bend.name in text and arch.cost.name in text
        for diplomat in arch.diplomats:
            assert diplomat.signature.name in text
    departures = _read(site / "departures.html")
    row_words = departures.words()
    for door in game.doors:
        assert door.id in departures.ids and door.name in row_words
    links = [h for h in departures.links if h.startswith("cards.html#")]
    naming = sum(len(g.doors) for g in game.goals)
    assert len(links) == naming


@pytest.mark.parametrize("game", GAMES)
def test_the_rules_say_what_the_pdfs_say(kits: Path, game: str) -> None:
    """The rules page holds every paragraph's words and every heading's anchor of the
    rulebook the PDFs are made from; tables have header cells."""
    model = load_game(CONTENT, game).game
    assert model is not None
    book = rb.load(model)
    page = _read(kits / game / "site" / "rules.html")
    words = page.words()
    for node in walk(book.nodes):
        if isinstance(node, Heading):
            assert node.id in page.ids, node.id
        if isinstance(node, Para) and plain_text(node).strip():
            assert " ".join(plain_text(node).split()) in words, plain_text(node)[:60]
    # every [[Name]] the book links is a link on the page (each resolves: see above)
    known = sum(1 for link in book.links if link.known)
    in_page = [h for h in page.links if h.startswith("#")]
    assert len(in_page) - len(book_chapters(book)) >= known
    assert page.th_scopes and all(s in ("col", "row", "colgroup") for s in page.th_scopes)


def book_chapters(book: rb.Book) -> list[Heading]:
    return [n for n in book.nodes if isinstance(n, Heading) and n.level == 1]


def test_figures_have_words_for_their_pictures(kits: Path) -> None:
    page = _read(kits / "diplomatic-immunity" / "site" / "rules.html")
    figures = [i for i in page.images if str(i["src"]).startswith("img/rules/figure-")]
    assert len(figures) >= 2  # the turn and the set-up
    assert all(len(str(i["alt"])) > 20 for i in figures)


def test_index_links_the_kit(kits: Path) -> None:
    page = _read(kits / "diamond-heist" / "site" / "index.html")
    assert "../rulebook-a4.pdf" in page.links and "../cards-a4.pdf" in page.links
    assert "v" in page.words()


def test_markup_in_content_stays_text() -> None:
    """Only bold, italics, in-page links and anchors pass from rulebook markup into a page:
    a script, an attribute or a link elsewhere is dropped, its words kept as text."""
    parser = _Inline(set())
    parser.feed(
        '<b>Heat</b> <script>alert(1)</script><a href="javascript:x()">go</a>'
        '<a href="#heat" onclick="x()">Heat</a><i>ok</i><img src=x onerror=y>&lt;b&gt;'
    )
    out = parser.result()
    assert "<script" not in out and "onclick" not in out and "javascript" not in out
    assert "<img" not in out and "onerror" not in out
    assert out.startswith("<strong>Heat</strong>")
    assert '<a href="#heat">Heat</a>' in out and "<em>ok</em>" in out
    assert "&lt;b&gt;" in out


def test_card_words_are_escaped(tmp_path: Path) -> None:
    """A card whose words look like HTML shows them as words."""
    import shutil

    content = tmp_path / "content"
    assert main(["new", "demo", "--content", str(content)]) == 0
    cards = content / "demo" / "cards.yaml"
    text = cards.read_text(encoding="utf-8")
    first = re.search(r"^(\s*text:\s*)(.+)$", text, re.M)
    assert first is not None
    text = text.replace(first.group(0), f'{first.group(1)}"<script>alert(x)</script> & more"', 1)
    cards.write_text(text, encoding="utf-8")
    out = tmp_path / "out"
    assert main(["build", "--content", str(content), "--out", str(out), "--html", "demo"]) == 0
    html = (out / "demo" / "site" / "cards.html").read_text(encoding="utf-8")
    assert "<script>alert(x)</script>" not in html
    assert "&lt;script&gt;alert(x)&lt;/script&gt; &amp; more" in html
    shutil.rmtree(out)


def test_sim_report_as_a_web_page(tmp_path: Path) -> None:
    """`pnp sim --report FILE.html`: the report's sections, each chart as SVG with its
    numbers in a table beside it, one file that fetches nothing."""
    out = tmp_path / "report.html"
    args = ["sim", "diamond-heist", "--content", str(CONTENT), "--games", "120"]
    assert main([*args, "--report", str(out)]) == 0
    text = out.read_text(encoding="utf-8")
    page = Page()
    page.feed(text)
    charts = text.count("<svg")
    assert charts >= 2 and text.count(": the numbers</caption>") == charts
    assert "What the bots do not model" in page.words()
    assert not [h for h in page.links if urlparse(h).scheme] and "src=" not in text
    assert page.lang == "en"


def test_diff_as_a_web_page(tmp_path: Path) -> None:
    """`pnp diff --html FILE`: the changed faces old beside new, the changed words marked,
    the pictures inside the page."""
    import shutil

    old, new = tmp_path / "old", tmp_path / "new"
    for root in (old, new):
        shutil.copytree(CONTENT / "diamond-heist", root / "diamond-heist")
    roles = new / "diamond-heist" / "roles.yaml"
    text = roles.read_text(encoding="utf-8")
    assert "so helps to find the thieves" in text
    roles.write_text(text.replace("to find the", "to unmask the"), encoding="utf-8")
    out = tmp_path / "diff.html"
    main(["diff", str(old), str(new), "diamond-heist", "--html", str(out)])
    page = out.read_text(encoding="utf-8")
    assert "<del>find</del>" in page and "<ins>unmask</ins>" in page
    images = re.findall(r'<img src="([^"]+)"', page)
    assert images and all(src.startswith("data:image/png;base64,") for src in images)
    assert page.count('class="status changed"') >= 2


def test_serve_before_any_good_build_and_after(tmp_path: Path) -> None:
    """`pnp serve` of a game that has errors from the start answers every page with the
    errors' page (which reloads itself), then serves the site once a save fixes them; it
    listens on 127.0.0.1 only."""
    import json as json_lib
    import threading
    import time
    from typing import Any
    from urllib.request import urlopen

    from pnp.site.serve import serve

    content = tmp_path / "content"
    assert main(["new", "demo", "--content", str(content)]) == 0
    cards = content / "demo" / "cards.yaml"
    good = cards.read_text(encoding="utf-8")
    cards.write_text(good + "\nbroken: [\n", encoding="utf-8")
    stop, listening = threading.Event(), threading.Event()
    where: list[Any] = []

    def ready(server: Any) -> None:
        where.append(server.server_address)
        listening.set()

    thread = threading.Thread(target=serve, args=(content, ["demo"], "127.0.0.1", 0, ready, stop))
    thread.start()
    try:
        assert listening.wait(60)
        host, port = where[0]
        assert host == "127.0.0.1"
        base = f"http://127.0.0.1:{port}"
        page = urlopen(f"{base}/demo/site/cards.html").read().decode()
        assert "No site yet" in page and "/_pnp/live.js" in page
        state = json_lib.loads(urlopen(f"{base}/_pnp/state").read())
        assert state["build"] == 0 and "cards.yaml:" in state["errors"]
        cards.write_text(good, encoding="utf-8")
        deadline = time.monotonic() + 20
        while json_lib.loads(urlopen(f"{base}/_pnp/state").read())["build"] == 0:
            assert time.monotonic() < deadline, "no build after the fix"
            time.sleep(0.1)
        assert "<title>Cards" in urlopen(f"{base}/demo/site/cards.html").read().decode()
    finally:
        stop.set()
        thread.join(30)
