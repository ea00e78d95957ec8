"""Reading a content folder as untrusted input: only regular files inside it are read, each
once, and every file that cannot be read gets one precise diagnostic."""

from __future__ import annotations

import errno
import os
import shutil
from pathlib import Path

import pytest

from pnp.content.loader import MAX_ALIAS_VALUES, parse_yaml
from tests.conftest import FIXTURES, check_json, run_pnp


def _game(tmp_path: Path, name: str = "mini-book") -> Path:
    dest = tmp_path / "content" / name
    shutil.copytree(FIXTURES / "valid" / name, dest)
    return dest


def test_rulebook_link_outside_is_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A rulebook chapter that links to a file outside the content folder is E110 and its
    words never reach the check (so never the PDF)."""
    game = _game(tmp_path)
    (tmp_path / "stolen.md").write_text("# Stolen\n\nTOP-SECRET-WORDS\n", encoding="utf-8")
    (game / "rulebook").mkdir()
    (game / "rulebook" / "99-stolen.md").symlink_to(tmp_path / "stolen.md")
    status, diags = check_json(capsys, game.parent, "mini-book")
    assert status == 1
    (d,) = [d for d in diags if d["code"] == "E110"]
    assert d["file"].endswith("99-stolen.md") and d["line"] == 1
    assert "outside the content folder" in d["message"]
    assert not any("TOP-SECRET" in str(x) for x in diags)


def test_link_inside_the_content_folder_is_read(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A link to another file inside the content folder is an ordinary file."""
    game = _game(tmp_path)
    shared = tmp_path / "content" / ".shared"
    shared.mkdir()
    (game / "glossary.yaml").rename(shared / "glossary.yaml")
    (game / "glossary.yaml").symlink_to(shared / "glossary.yaml")
    status, diags = check_json(capsys, game.parent, "mini-book", strict=True)
    assert (status, diags) == (0, [])


def test_game_folder_linked_outside_is_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A game folder that is a link to a folder outside the content folder is not read."""
    elsewhere = tmp_path / "elsewhere"
    shutil.copytree(FIXTURES / "valid" / "mini-book", elsewhere)
    (tmp_path / "content").mkdir()
    (tmp_path / "content" / "linked").symlink_to(elsewhere)
    status, diags = check_json(capsys, tmp_path / "content", "linked")
    assert status == 1 and [d["code"] for d in diags] == ["E110"]


def test_fifo_rulebook_is_reported_not_opened(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A named pipe called rulebook.md is E111; the check does not wait on it (a blocking
    open would hang this test)."""
    game = _game(tmp_path)
    (game / "rulebook.md").unlink()
    os.mkfifo(game / "rulebook.md")
    status, diags = check_json(capsys, game.parent, "mini-book")
    assert status == 1
    assert [(d["code"], Path(d["file"]).name) for d in diags] == [("E111", "rulebook.md")]


def test_permission_error_says_permission(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """A file pnp may not read is "cannot be read: Permission denied" with a chmod hint,
    not advice to save it as UTF-8."""
    game = _game(tmp_path)
    real_open = os.open

    def deny(path: object, flags: int, *args: object) -> int:
        if str(path).endswith("rules.yaml"):
            raise PermissionError(errno.EACCES, "Permission denied", str(path))
        return real_open(path, flags, *args)  # type: ignore[arg-type]

    monkeypatch.setattr(os, "open", deny)
    status, diags = check_json(capsys, game.parent, "mini-book")
    (d,) = [d for d in diags if d["file"].endswith("rules.yaml")]
    assert d["code"] == "E102" and "Permission denied" in d["message"]
    assert "chmod" in d["hint"] and "UTF-8" not in d["hint"]
    assert status == 1


def test_bad_byte_in_markdown_is_located(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A byte that is not UTF-8 in a rulebook source is reported at its line and column."""
    game = _game(tmp_path)
    text = (game / "rulebook.md").read_bytes().split(b"\n")
    text[3] = b"Caf\xe9 " + text[3]
    (game / "rulebook.md").write_bytes(b"\n".join(text))
    status, diags = check_json(capsys, game.parent, "mini-book")
    (d,) = diags
    assert (d["code"], d["line"], d["col"]) == ("E102", 4, 4)
    assert "0xe9" in d["message"] and status == 1


def test_unreadable_game_folder_is_cannot_read(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """A game folder that cannot be listed is "cannot read folder", not "unknown game"."""
    game = _game(tmp_path)
    real_scandir = os.scandir

    def deny(path: object = ".") -> object:
        if Path(str(path)) == game:
            raise PermissionError(errno.EACCES, "Permission denied", str(path))
        return real_scandir(path)  # type: ignore[call-overload]

    monkeypatch.setattr(os, "scandir", deny)
    status, out, err = run_pnp(capsys, "check", "--content", str(game.parent), "mini-book")
    assert status == 1 and "unknown game" not in err
    assert "E102 cannot read folder: Permission denied" in out


def test_content_pointing_at_a_game_folder(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """--content naming a game folder says so and suggests its parent."""
    game = _game(tmp_path)
    status, _, err = run_pnp(capsys, "check", "--content", str(game))
    assert status == 2
    assert "is a game folder" in err and f"--content {game.parent}" in err
    assert "mini-book" in err


def test_large_yaml_without_aliases_is_not_an_alias_bomb() -> None:
    """A long document of plain values (more than aliases may repeat) is read: the limit is
    on what aliases repeat, not on size."""
    n = MAX_ALIAS_VALUES + 10_000
    raw = ("kind: glossary\nvalues:\n" + "".join(f"- {i}\n" for i in range(n))).encode()
    doc, problems = parse_yaml(raw, Path("big.yaml"), "big.yaml")
    assert problems == [] and doc is not None and len(doc.data["values"]) == n


def test_alias_bomb_is_still_refused() -> None:
    """Aliases that repeat more values than the limit are E108 at once, in a few lines."""
    lines = ["a: &a [x, x, x, x, x, x, x, x, x, x]"]
    for n in range(1, 8):
        prev = chr(ord("a") + n - 1)
        this = chr(ord("a") + n)
        lines.append(f"{this}: &{this} [{', '.join(['*' + prev] * 10)}]")
    doc, problems = parse_yaml("\n".join(lines).encode(), Path("bomb.yaml"), "bomb.yaml")
    assert doc is None and [p.code for p in problems] == ["E108"]
    assert str(MAX_ALIAS_VALUES) in problems[0].message


def test_art_path_absolute_is_outside(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Art named by an absolute path outside the content folder is E732, never opened."""
    game = _game(tmp_path, "mini-cards")
    street = game / "street.yaml"
    text = street.read_text(encoding="utf-8")
    first = text.index("    text:")
    street.write_text(text[:first] + "    art: /etc/hostname\n" + text[first:], encoding="utf-8")
    status, diags = check_json(capsys, game.parent, "mini-cards")
    assert status == 1 and [d["code"] for d in diags] == ["E732"]


def test_a_picture_is_read_where_its_path_really_leads(tmp_path: Path) -> None:
    """Every path a card may name, through links to folders or files, `..` and links to
    links, is read or refused as its fully resolved place says (`os.path.realpath`): inside
    the content folder it is read, elsewhere it is E110, and a missing one is missing."""
    from pnp.content import snapshot

    content = tmp_path / "content"
    game = content / "g"
    (game / "art" / "deep").mkdir(parents=True)
    (content / "other" / "art").mkdir(parents=True)
    outside = tmp_path / "outside"
    outside.mkdir()
    for folder in (game / "art", game / "art" / "deep", content / "other" / "art", outside):
        (folder / "p.png").write_bytes(b"png:" + str(folder).encode())
    (game / "game.yaml").write_text("kind: game\n", encoding="utf-8")
    (game / "art" / "out").symlink_to(outside)  # a folder that leads out
    (game / "art" / "in").symlink_to(content / "other" / "art")  # one that stays in
    (game / "art" / "stolen.png").symlink_to(outside / "p.png")
    (game / "art" / "kept.png").symlink_to(game / "art" / "deep" / "p.png")
    (game / "art" / "chain.png").symlink_to(game / "art" / "stolen.png")
    (game / "art" / "dangling.png").symlink_to(game / "art" / "nowhere.png")
    names = [
        "art/p.png",
        "art/deep/p.png",
        "art/deep/../p.png",
        "art/out/p.png",
        "art/in/p.png",
        "art/in/../p.png",
        "art/out/../p.png",
        "art/stolen.png",
        "art/kept.png",
        "art/chain.png",
        "art/dangling.png",
        "art/missing.png",
        "../other/art/p.png",
        "../../outside/p.png",
        "art/..",
        "art/deep/..",
        "../..",
        "art/../../..",
        ".",
    ]
    root = content.resolve()
    for name in names:
        real = Path(os.path.realpath(game / name))
        inside = real == root or root in real.parents
        snap = snapshot.take(content, "g")
        got = snap.read(name)
        if not inside:
            assert isinstance(got, snapshot.Refused) and got.kind == "outside", name
        elif real.is_file():
            assert isinstance(got, snapshot.File) and got.data == real.read_bytes(), name
        else:
            assert isinstance(got, snapshot.Refused), name
            expected = "special" if real.is_dir() else "missing"
            if (game / name).is_symlink():
                expected = "unreadable"  # a link to nothing: there, but cannot be opened
            assert got.kind == expected, name


def test_a_file_is_named_as_display_path_names_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A snapshot names its files (in diagnostics) from its folder's name found once, as
    `display_path` names each: from the working folder, its parent, the game folder and a
    folder inside it, a neighbour of the game folder, a folder elsewhere and the root, the
    game folder named absolutely and relatively, and paths with '.', '..', doubled slashes,
    spaces and other letters."""
    from pnp.content import snapshot

    root = tmp_path.resolve()
    game = root / "content" / "g"
    (game / "art").mkdir(parents=True)
    (root / "other").mkdir()
    (root / "content" / "gg").mkdir()  # a neighbour whose name begins with the game's
    rels = ["art/x.png", "x.yaml", "art/deep/y.svg", "a b/c.png", "art//x.png", "./x"]
    rels += ["art/../x", "../g/x", "..", "", "art/./x.png", "ä/ü.png", "art\\x.png"]
    places = (root, root / "content", game, game / "art", root / "content" / "gg")
    for cwd in (*places, root / "other", Path("/")):
        monkeypatch.chdir(cwd)
        for folder in (game, Path(os.path.relpath(game))):
            snap = snapshot.Snapshot(folder, root / "content")
            for rel in rels:
                assert snap.display(rel) == snapshot.display_path(folder / rel), (cwd, rel)
