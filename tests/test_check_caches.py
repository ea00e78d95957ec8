"""The cache folder (`pnp.content.cache_folder`) and what `pnp check` keeps in it: compiled
templates, verdicts on SVG pictures and documents known to be valid.

A check with the cache warm says exactly what one without it says; an entry is used only
for exactly what made it (a changed template, or another version of pnp, misses); nothing
in the folder runs unless pnp compiled it there from the very template in hand; and the
folder is never in the content.
"""

from __future__ import annotations

import hashlib
import hmac
import marshal
import os
import shutil
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

import pnp
from pnp.content import cache_folder, sandbox
from tests.conftest import CONTENT

pytestmark = pytest.mark.heavy  # collected first: see conftest


@pytest.fixture
def folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """An empty cache folder of the test's own, as a new process finds it."""
    root = tmp_path / "cache"
    monkeypatch.setenv(cache_folder.ENV, str(root))
    cache_folder.reset()
    yield root
    cache_folder.reset()


def _next_process() -> None:
    """What the end of one process and the start of the next do to the cache."""
    cache_folder.flush()
    cache_folder.reset()


# ---- the folder --------------------------------------------------------------------------------


def test_entries_outlive_the_process(folder: Path) -> None:
    """What one process keeps, the next finds; the folder and its key are the user's alone."""
    cache_folder.store("test", 10).put("k", b"value")
    _next_process()
    assert cache_folder.store("test", 10).get("k") == b"value"
    if hasattr(os, "getuid"):
        assert folder.stat().st_mode & 0o077 == 0
        assert (folder / "key").stat().st_mode & 0o077 == 0


def test_a_store_keeps_its_limits(folder: Path) -> None:
    """At most `limit` entries and `max_bytes` bytes: the oldest go first."""
    for n in range(20):
        cache_folder.store("test", 5).put(f"k{n}", b"x")
    _next_process()
    kept = cache_folder.store("test", 5)
    assert [n for n in range(20) if kept.get(f"k{n}") is not None] == list(range(15, 20))
    for n in range(10):
        cache_folder.store("big", 100, max_bytes=350).put(f"k{n}", bytes(100))
    _next_process()
    big = cache_folder.store("big", 100, max_bytes=350)
    assert [n for n in range(10) if big.get(f"k{n}") is not None] == [7, 8, 9]


def _store_file(payload: dict[str, bytes], key: bytes) -> bytes:
    data = marshal.dumps(payload)
    return cache_folder.MAGIC + hmac.new(key, data, "sha256").digest() + data


def test_a_store_not_signed_with_the_key_is_ignored(folder: Path) -> None:
    """A store file signed with another key, or changed after it was signed, is not read."""
    cache_folder.store("test", 10).put("k", b"mine")
    _next_process()
    path = folder / "test.bin"
    path.write_bytes(_store_file({"k": b"forged"}, b"another key".ljust(32, b".")))
    assert cache_folder.store("test", 10).get("k") is None
    cache_folder.reset()
    key = (folder / "key").read_bytes()
    signed = bytearray(_store_file({"k": b"signed"}, key))
    path.write_bytes(bytes(signed))
    cache_folder.reset()
    assert cache_folder.store("test", 10).get("k") == b"signed"
    signed[-2] ^= 1  # one bit of the payload changed after signing
    path.write_bytes(bytes(signed))
    cache_folder.reset()
    assert cache_folder.store("test", 10).get("k") is None


@pytest.mark.skipif(not hasattr(os, "getuid"), reason="POSIX permissions")
def test_a_store_others_may_write_is_ignored(folder: Path) -> None:
    """A store file, or a key, that someone else may write is not trusted."""
    cache_folder.store("test", 10).put("k", b"v")
    _next_process()
    (folder / "test.bin").chmod(0o666)
    assert cache_folder.store("test", 10).get("k") is None
    (folder / "test.bin").chmod(0o600)
    (folder / "key").chmod(0o644)
    cache_folder.reset()
    assert cache_folder.store("test", 10).get("k") is None


def test_off_keeps_nothing(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """PNP_CACHE_DIR=off: nothing is kept, and nothing is written anywhere."""
    monkeypatch.setenv(cache_folder.ENV, "off")
    cache_folder.reset()
    cache_folder.store("test", 10).put("k", b"v")
    _next_process()
    assert cache_folder.folder() is None
    assert cache_folder.store("test", 10).get("k") is None


def test_the_folder_is_never_in_the_content(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A cache folder inside the content folder is turned off: a check writes nothing
    there."""
    content = tmp_path / "content"
    shutil.copytree(CONTENT / "diamond-heist", content / "diamond-heist")
    monkeypatch.setenv(cache_folder.ENV, str(content / "diamond-heist" / ".cache"))
    cache_folder.reset()
    from pnp import pipeline

    pipeline.check(content, ["diamond-heist"])
    _next_process()
    assert not (content / "diamond-heist" / ".cache").exists()


# ---- compiled templates ------------------------------------------------------------------------


def _env() -> sandbox.Sandbox:
    """A new environment, as a new process makes (nothing compiled in memory)."""
    return sandbox.Sandbox(what="text template", hint="", filters={})


@pytest.fixture
def compiled(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The sources parsed from here on: each is a template compiled, not found in the cache."""
    parsed: list[str] = []
    parse = sandbox.Sandbox.parse

    def counting(self: sandbox.Sandbox, source: str, *args: object) -> object:
        parsed.append(source)
        return parse(self, source, *args)  # type: ignore[arg-type]

    monkeypatch.setattr(sandbox.Sandbox, "parse", counting)
    return parsed


def test_a_template_compiled_once_is_found_again(folder: Path, compiled: list[str]) -> None:
    """The second process fills the template without compiling it, and prints the same."""
    source = "{% for x in items %}{{ x }}{% if not loop.last %}, {% endif %}{% endfor %}"
    assert _env().from_string(source).render(items=[1, 2, 3]) == "1, 2, 3"
    _next_process()
    assert _env().from_string(source).render(items=[1, 2, 3]) == "1, 2, 3"
    assert compiled == [source]


def test_a_changed_template_misses(folder: Path, compiled: list[str]) -> None:
    """A template whose source changed (by one character) is compiled again."""
    assert _env().from_string("Draw {{ n }} card.").render(n=2) == "Draw 2 card."
    _next_process()
    assert _env().from_string("Draw {{ n }} cards.").render(n=2) == "Draw 2 cards."
    assert compiled == ["Draw {{ n }} card.", "Draw {{ n }} cards."]


def test_another_version_of_pnp_misses(
    folder: Path, compiled: list[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Code compiled by one version of pnp is not used by another."""
    source = "Take {{ n }}."
    _env().from_string(source)
    _next_process()
    monkeypatch.setattr(pnp, "__version__", pnp.__version__ + ".another")
    assert _env().from_string(source).render(n=3) == "Take 3."
    assert compiled == [source, source]


def test_an_entry_cannot_inject_code(folder: Path, tmp_path: Path) -> None:
    """Code in the cache runs only when pnp compiled it from the same source and signed it:
    a forged store, or a signed entry made from another source, is passed over, the
    template is compiled from its own source, and the forged code never runs."""
    marker = tmp_path / "MARKER"
    evil = compile(f"open({str(marker)!r}, 'w').write('x')", "<template>", "exec")
    source = "Pay {{ n }}."
    env = _env()
    key = env._code_key(source, None, None, False)
    cache_folder.store("other", 1).put("k", b"v")
    _next_process()  # the folder and its key exist
    # a store file signed with some other key, holding evil code under the right key
    (folder / "templates.bin").write_bytes(
        _store_file({key: marshal.dumps((source, evil))}, os.urandom(32))
    )
    (folder / "templates.bin").chmod(0o600)
    assert env.from_string(source).render(n=4) == "Pay 4."
    assert not marker.exists()
    _next_process()
    # an entry signed with the folder's own key, but compiled from another source
    other = "{{ n }} " + "x" * 10
    cache_folder.store(sandbox.CODE_STORE, 10).put(key, marshal.dumps((other, evil)))
    _next_process()
    assert _env().from_string(source).render(n=5) == "Pay 5."
    assert not marker.exists()


def test_a_template_that_looks_like_an_entry_is_only_text(folder: Path) -> None:
    """A template whose text imitates the cache's own format is printed as text, cold and
    warm alike."""
    source = cache_folder.MAGIC.decode() + "{{ n }}\x00" + repr(marshal.dumps(("a", "b")))
    cold = _env().from_string(source).render(n=1)
    _next_process()
    assert _env().from_string(source).render(n=1) == cold
    assert cold.startswith("pnp-cache 1\n1\x00")


# ---- whole checks: the same diagnostics, cold, warm and without the cache ------------------------


def _broken(root: Path) -> Path:
    """The shipped games with a mistake of every kind the caches touch: a template that
    does not compile, a document the schema refuses, an SVG that cannot be read, a rulebook
    template with an unknown field."""
    content = root / "content"
    shutil.copytree(CONTENT, content)

    def edit(rel: str, old: str, new: str) -> None:
        path = content / rel
        text = path.read_text(encoding="utf-8")
        assert old in text, (rel, old)
        path.write_text(text.replace(old, new, 1), encoding="utf-8")

    street = "diplomatic-immunity/street.yaml"
    edit(street, "Draw {{ draw.cards }} Street card.", "Draw {{ draw.cards  Street card.")
    edit("diamond-heist/deck.yaml", "ranks: [A]", "ranks: [Z]")
    (content / "diplomatic-immunity/art/briefcase.svg").write_text(
        "<svg xmlns='http://www.w3.org/2000/svg'><path d='M 0 0 L'/></svg", encoding="utf-8"
    )
    edit(
        "diplomatic-immunity/rulebook/05-heat.md",
        "{{ rules.heat.track_max|word }}",
        "{{ rules.heat.track_maximum|word }}",
    )
    return content


def _check(content: Path, cache: str) -> tuple[int, str]:
    env = {**os.environ, cache_folder.ENV: cache}
    proc = subprocess.run(
        [sys.executable, "-m", "pnp", "check", "--content", str(content), "--format", "json"],
        capture_output=True,
        text=True,
        check=False,
        env=env,
        cwd=content.parent,
    )
    assert "Traceback" not in proc.stderr, proc.stderr
    return proc.returncode, proc.stdout


@pytest.mark.parametrize("which", ["shipped", "broken"])
def test_cold_warm_and_off_say_the_same(tmp_path: Path, which: str) -> None:
    """`pnp check` of both shipped games, and of a copy full of mistakes: the same exit
    status and diagnostics with an empty cache, with the cache it filled, and without one;
    the cache folder holds the stores and their key, and nothing else is written."""
    content = CONTENT if which == "shipped" else _broken(tmp_path)
    cache = tmp_path / "cache"
    cold = _check(content, str(cache))
    stores = sorted(p.name for p in cache.iterdir())
    assert "key" in stores and "templates.bin" in stores
    warm = _check(content, str(cache))
    off = _check(content, "off")
    assert cold == warm == off
    if which == "broken":
        assert cold[0] == 1 and all(code in cold[1] for code in ("E701", "E206", "E731", "E754"))
    else:
        assert cold == (0, "[]\n")
    digest = hashlib.sha256((cache / "templates.bin").read_bytes()).hexdigest()
    _check(content, str(cache))  # a warm run that adds nothing writes nothing
    assert hashlib.sha256((cache / "templates.bin").read_bytes()).hexdigest() == digest
