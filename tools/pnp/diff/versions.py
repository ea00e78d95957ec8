"""The two versions `pnp diff` compares, read without touching the working tree.

A version is a git revision of the repository that holds the content folder, a content
folder, or the working tree (the content folder as it is now). The words on the command line
are told apart in this order:

1. a path to an existing folder is a content folder (it must hold at least one game);
2. the name of a game (a game folder under the content folder, or under a folder given
   before it) is a game;
3. anything else is a git revision: whatever `git rev-parse` takes (HEAD~5, a tag, a hash).

Versions come before games, and there are at most two. No version compares HEAD with the
working tree; one compares it with the working tree. A revision is read by listing the
content folder's files at that commit (`git ls-tree`) and writing them (`git cat-file
--batch`) into a temporary folder, which is deleted afterwards; the repository, its index and
its working tree are only read.
"""

from __future__ import annotations

import subprocess
import tempfile
from collections.abc import Iterator, Sequence
from contextlib import ExitStack, contextmanager
from dataclasses import dataclass
from pathlib import Path, PurePosixPath

from pnp.content.folders import find_games
from pnp.content.snapshot import display_path
from pnp.diagnostics import closest

WORKTREE = "working tree"


class VersionError(Exception):
    """A version or game the command line names cannot be found (a usage error: exit 2)."""


@dataclass(frozen=True, slots=True)
class Repo:
    """The git repository that holds the content folder, and where the folder is inside it."""

    root: Path
    prefix: str  # the content folder relative to the root, POSIX, "" for the root itself


@dataclass(frozen=True, slots=True)
class Version:
    """One side of the comparison and the content folder to load it from."""

    label: str  # as the command line gave it, or "HEAD" / "working tree"
    kind: str  # "revision", "folder" or "worktree"
    content: Path
    commit: str = ""  # a revision's full hash
    extracted: Path | None = None  # for a revision: the temporary folder its files are in
    prefix: str = ""  # for a revision: the content folder inside the repository

    def describe(self) -> str:
        """How the version is named in reports: `HEAD~1 (3f2a1bc)`, `working tree`."""
        if self.kind == "revision":
            short = self.commit[:7]
            return short if self.commit.startswith(self.label) else f"{self.label} ({short})"
        if self.kind == "folder":
            return f"folder {self.label}"
        return WORKTREE

    def show(self, file: str) -> str:
        """A diagnostic's file as the user can find it: `HEAD~1:content/game/x.yaml` for a
        file of a revision (git's REV:path), else unchanged."""
        if self.extracted is None:
            return file
        path = Path(file)
        if not path.is_absolute():
            path = Path.cwd() / path
        try:
            inside = path.resolve().relative_to(self.extracted.resolve())
        except ValueError:
            return file
        return f"{self.label}:{inside.as_posix()}"

    def scrub(self, text: str) -> str:
        """A message with the temporary folder's paths written as `REV:path`."""
        if self.extracted is None:
            return text
        for folder in dict.fromkeys(
            (str(self.extracted.resolve()), str(self.extracted), display_path(self.extracted))
        ):
            text = text.replace(folder + "/", f"{self.label}:")
        return text

    def as_json(self) -> dict[str, str]:
        """{label, kind} and the commit of a revision or the path of a folder."""
        out = {"label": self.label, "kind": self.kind}
        if self.kind == "revision":
            out["commit"] = self.commit
        else:
            out["path"] = display_path(self.content)
        return out


@dataclass(frozen=True, slots=True)
class Request:
    """What to compare: the old version, the new one, and the games (empty: every game)."""

    old: Version
    new: Version
    games: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Spec:
    """A version as the command line names it, before a revision's files are read."""

    label: str
    kind: str
    folder: Path | None = None
    commit: str = ""


def _git(cwd: Path, *args: str, data: bytes | None = None) -> subprocess.CompletedProcess[bytes]:
    """Run git in `cwd`, pathspecs taken literally; VersionError when git is missing."""
    try:
        return subprocess.run(
            ["git", "--literal-pathspecs", "-C", str(cwd), *args],
            input=data,
            capture_output=True,
            check=False,
        )
    except FileNotFoundError:
        raise VersionError(
            "git is not installed, so revisions cannot be read "
            "(compare two content folders instead)"
        ) from None


def find_repo(content: Path) -> Repo | None:
    """The repository that holds the content folder (which need not exist now), or None."""
    target = content.resolve()
    start = target
    while not start.is_dir() and start != start.parent:
        start = start.parent
    try:
        proc = _git(start, "rev-parse", "--show-toplevel")
    except VersionError:
        return None
    if proc.returncode != 0:
        return None
    root = Path(proc.stdout.decode("utf-8", "replace").strip()).resolve()
    try:
        prefix = target.relative_to(root).as_posix()
    except ValueError:
        return None
    return Repo(root, "" if prefix == "." else prefix)


def resolve(repo: Repo, word: str) -> str | None:
    """The full hash of the commit a revision names, or None when git knows no such commit."""
    if word.startswith("-"):
        return None
    proc = _git(
        repo.root, "rev-parse", "--verify", "--quiet", "--end-of-options", f"{word}^{{commit}}"
    )
    if proc.returncode != 0:
        return None
    return proc.stdout.decode("ascii", "replace").strip() or None


def extract(repo: Repo, commit: str, label: str, dest: Path) -> Path:
    """Write the content folder's files at `commit` under `dest`; returns the content folder
    there. VersionError when the revision has no such folder."""
    where = [repo.prefix] if repo.prefix else []
    listing = _git(repo.root, "ls-tree", "-r", "-z", commit, "--", *where)
    if listing.returncode != 0:
        raise VersionError(
            f"cannot list the files of revision {label}: "
            f"{listing.stderr.decode('utf-8', 'replace').strip()}"
        )
    blobs: list[tuple[str, str]] = []  # (object, path)
    for entry in listing.stdout.split(b"\0"):
        if not entry:
            continue
        meta, _, name = entry.partition(b"\t")
        mode, kind, obj = meta.decode("ascii").split()
        if kind == "blob" and mode != "120000":  # symbolic links and submodules are skipped
            blobs.append((obj, name.decode("utf-8", "surrogateescape")))
    if not blobs:
        shown = repo.prefix or "the repository's root"
        raise VersionError(f"revision {label} has no content folder '{shown}' (no files there)")
    batch = _git(
        repo.root,
        "cat-file",
        "--batch",
        data="".join(f"{obj}\n" for obj, _ in blobs).encode("ascii"),
    )
    if batch.returncode != 0:
        raise VersionError(
            f"cannot read the files of revision {label}: "
            f"{batch.stderr.decode('utf-8', 'replace').strip()}"
        )
    out, pos = batch.stdout, 0
    for _obj, file in blobs:
        header_end = out.index(b"\n", pos)
        size = int(out[pos:header_end].split()[2])
        body = out[header_end + 1 : header_end + 1 + size]
        pos = header_end + 1 + size + 1  # the contents end with a newline of git's own
        rel = PurePosixPath(file)
        if rel.is_absolute() or ".." in rel.parts:  # never write outside the folder
            continue
        path = dest.joinpath(*rel.parts)
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(body)
    return dest.joinpath(*PurePosixPath(repo.prefix).parts) if repo.prefix else dest


def _folder_spec(word: str) -> Spec:
    folder = Path(word)
    if not find_games(folder):
        hint = ""
        if any(folder.glob("*.yaml")) or any(folder.glob("*.yml")):
            hint = (
                " (it looks like a game folder: give the content folder that holds the "
                f"game folders, such as '{display_path(folder.resolve().parent)}')"
            )
        raise VersionError(f"folder '{word}' holds no game: a game is a folder of YAML files{hint}")
    return Spec(word, "folder", folder)


def classify(content: Path, words: Sequence[str]) -> tuple[list[Spec], list[str], Repo | None]:
    """(versions, games, repository) from the command line's words; VersionError for a word
    that is no folder, game or revision, or words in the wrong order."""
    specs: list[Spec] = []
    games: list[str] = []
    known = set(find_games(content))
    repo: Repo | None = None
    repo_looked = False
    for word in words:
        if Path(word).is_dir():
            spec = _folder_spec(word)
            known |= set(find_games(Path(word)))
        elif word in known:
            games.append(word)
            continue
        else:
            if not repo_looked:
                repo, repo_looked = find_repo(content), True
            commit = resolve(repo, word) if repo else None
            if commit is None:
                raise VersionError(_unknown(word, content, repo, sorted(known)))
            spec = Spec(word, "revision", commit=commit)
        if games:
            raise VersionError(
                f"'{word}' is a version, but versions come before games "
                f"(pnp diff [A] [B] [GAME ...])"
            )
        if len(specs) == 2:
            raise VersionError(f"'{word}' would be a third version; pnp diff compares two")
        specs.append(spec)
    # The defaults: HEAD against the working tree; one version against the working tree.
    if len(specs) < 2:
        if not specs:
            if not repo_looked:
                repo, repo_looked = find_repo(content), True
            commit = resolve(repo, "HEAD") if repo else None
            if commit is None:
                where = display_path(content)
                raise VersionError(
                    f"no revision to compare with: '{where}' is not in a git repository with "
                    "a commit (give a revision, or two content folders: pnp diff OLD NEW)"
                )
            specs.append(Spec("HEAD", "revision", commit=commit))
        if not content.is_dir():
            raise VersionError(
                f"no content folder at '{display_path(content)}' to compare "
                f"with {specs[0].label} (use --content DIR)"
            )
        specs.append(Spec(WORKTREE, "worktree", content))
    if not repo_looked and any(s.kind == "revision" for s in specs):
        repo = find_repo(content)
    return specs, games, repo


def _unknown(word: str, content: Path, repo: Repo | None, games: list[str]) -> str:
    if repo is None:
        why = (
            f"no folder of that name, and the content folder '{display_path(content)}' is "
            "not in a git repository"
        )
    else:
        why = f"no folder of that name, and no revision of that name in {display_path(repo.root)}"
    game = closest(word, games)
    hint = f"; did you mean the game '{game}'?" if game else ""
    return f"unknown revision or folder '{word}' ({why}{hint})"


@contextmanager
def open_versions(content: Path, words: Sequence[str]) -> Iterator[Request]:
    """The two versions the words name, a revision's files extracted into a temporary
    folder for as long as the context lasts; VersionError before anything is extracted."""
    specs, games, repo = classify(content, words)
    with ExitStack() as stack:
        versions: list[Version] = []
        for spec in specs:
            if spec.kind == "revision":
                assert repo is not None
                tmp = Path(stack.enter_context(tempfile.TemporaryDirectory(prefix="pnp-diff-")))
                folder = extract(repo, spec.commit, spec.label, tmp)
                versions.append(
                    Version(spec.label, "revision", folder, spec.commit, tmp, repo.prefix)
                )
            else:
                assert spec.folder is not None
                versions.append(Version(spec.label, spec.kind, spec.folder))
        yield Request(versions[0], versions[1], tuple(dict.fromkeys(games)))
