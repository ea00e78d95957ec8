"""Templates are untrusted: a card text or a rulebook line that reaches for Python internals
is refused (E714) before it runs, and one that works past the limits is stopped (E715), at
its file and line, during a plain `pnp check`; nothing it tries to do happens.

Each hostile template of the table is placed in a card's `text:` in a copy of the mini-cards
fixture, and in a rulebook source of a copy of the mini-book fixture. A payload that would
run a shell command or write a file aims at a marker file in the test's own folder, which
must not exist afterwards.
"""

from __future__ import annotations

import json
import shutil
from dataclasses import dataclass
from pathlib import Path

import pytest

from pnp.content import sandbox
from pnp.content.project import load_game
from pnp.rulebook.context import Context
from tests.conftest import CONTENT, FIXTURES, check_json, run_pnp

pytestmark = pytest.mark.heavy  # collected first: see conftest

SHELL_TEXT = 'text: "Take {{ take_money.amount|money }} from a rival of your choice."'
# The first line of mini-cards' street.yaml that holds SHELL_TEXT (the Shell Company's text).
SHELL_LINE = 1 + (FIXTURES / "valid" / "mini-cards" / "street.yaml").read_text(
    encoding="utf-8"
).split("\n").index("    " + SHELL_TEXT)


@dataclass(frozen=True)
class Hostile:
    """A template that must be refused: `{obj}` is a rulebook view or model object in scope
    where it is placed; `MARKER` is the file a payload tries to create."""

    id: str
    template: str
    code: str

    def __str__(self) -> str:
        return self.id


POPEN = ".os.popen('touch MARKER').read()"
OPEN = ".__builtins__.open('MARKER', 'w').write('x')"
HOSTILE = [
    # jinja2's own globals, and the template itself
    Hostile("cycler-globals", "{{ cycler.__init__.__globals__" + POPEN + " }}", "E714"),
    Hostile("cycler-open", "{{ cycler.__init__.__globals__" + OPEN + " }}", "E714"),
    Hostile("lipsum-globals", "{{ lipsum.__globals__['os'].popen('touch MARKER') }}", "E714"),
    Hostile(
        "lipsum-import",
        "{{ lipsum.__globals__.__builtins__.__import__('os').system('touch MARKER') }}",
        "E714",
    ),
    Hostile("joiner", "{{ joiner.__init__.__globals__" + POPEN + " }}", "E714"),
    Hostile("namespace", "{{ namespace.__init__.__globals__" + POPEN + " }}", "E714"),
    Hostile("self", "{{ self.__init__.__globals__" + POPEN + " }}", "E714"),
    Hostile("self-context", "{{ self._TemplateReference__context.environment }}", "E714"),
    Hostile("range-class", "{{ range.__class__.__mro__[1].__subclasses__() }}", "E714"),
    Hostile("range-call", "{% for i in range(99999999) %}{% endfor %}", "E714"),
    Hostile("dict", "{{ dict.__class__.__base__.__subclasses__() }}", "E714"),
    Hostile(
        "loop", "{% for x in [1] %}{{ loop.__class__.__init__.__globals__ }}{% endfor %}", "E714"
    ),
    Hostile("loop-method", "{% for x in [1] %}{{ loop.cycle('a', 'b') }}{% endfor %}", "E714"),
    # the model objects in scope
    Hostile(
        "rules", "{{ rules.__class__.__init__.__globals__['os'].popen('touch MARKER') }}", "E714"
    ),
    Hostile("rules-spelt", "{{ rules['__cla' ~ 'ss__'].__init__ }}", "E714"),
    Hostile(
        "game", "{{ game.__init__.__globals__['sys'].modules['os'].popen('touch MARKER') }}", "E714"
    ),
    Hostile("game-builder", "{{ game.build }}", "E714"),
    Hostile("game-range-method", "{{ game.players.build }}", "E714"),
    Hostile("lookup-function", "{{ {obj}.__class__ }}", "E714"),
    Hostile("lookup-spelt", "{{ {obj}['_' ~ '_class__'] }}", "E714"),
    Hostile("view-own-object", "{{ {obj}._obj }}", "E714"),
    Hostile("text-method", "{{ game.title.upper() }}", "E714"),
    # filters and formatting
    Hostile("attr-filter", "{{ rules|attr('__class__') }}", "E714"),
    Hostile("map-attribute", "{{ [rules]|map(attribute='__class__')|join }}", "E714"),
    Hostile("map-attribute-spelt", "{{ [rules]|map(attribute='__cla' ~ 'ss__')|join }}", "E714"),
    Hostile("map-filter", "{{ [rules]|map('attr', '__class__')|join }}", "E714"),
    Hostile("format-method", "{{ '{0.__class__.__init__.__globals__}'.format(rules) }}", "E714"),
    Hostile("percent", "{{ '%s' % rules }}", "E714"),
    Hostile("format-filter", "{{ '%s'|format(rules) }}", "E714"),
    # tags that read other templates or define callables
    Hostile("import", "{% import 'os' as os %}{{ os.popen('touch MARKER') }}", "E714"),
    Hostile("from-import", "{% from 'os' import popen %}{{ popen('touch MARKER') }}", "E714"),
    Hostile("include", "{% include '/etc/passwd' %}", "E714"),
    Hostile("extends", "{% extends '/etc/passwd' %}", "E714"),
    Hostile("macro-recursion", "{% macro f(n) %}{{ f(n) }}{% endmacro %}{{ f(1) }}", "E714"),
    Hostile("call-block", "{% call rules() %}x{% endcall %}", "E714"),
    Hostile("block", "{% block body %}x{% endblock %}", "E714"),
    Hostile("recursive-loop", "{% for x in [[1]] recursive %}{{ loop(x) }}{% endfor %}", "E714"),
    # unbounded work
    Hostile("huge-loop", "{% for i in 'x' * 99999 %}{% endfor %}", "E715"),
    Hostile(
        "nested-loops",
        "{% for a in 'x' * 200 %}{% for b in 'x' * 200 %}{% endfor %}{% endfor %}",
        "E715",
    ),
    Hostile("string-times", "{{ 'x' * 10**9 }}", "E715"),
    Hostile("list-times", "{{ ([1] * 10**8)|length }}", "E715"),
    Hostile("exponent", "{{ 9**9**9**9 }}", "E715"),
    Hostile("product", "{{ 99999999999 * 99999999999 }}", "E715"),
    Hostile(
        "chained-replace",
        "{{ 'x'|replace('x', 'xxxxxxxx')|replace('x', 'xxxxxxxx')|replace('x', 'xxxxxxxx') }}",
        "E714",
    ),
    Hostile("doubling", "{% set a = 'x' * 999999 %}{{ a ~ a }}", "E715"),
    Hostile("plus", "{% set a = 'x' * 999999 %}{{ a + a }}", "E715"),
    Hostile("long-output", "{% for i in 'x' * 5000 %}{{ 'y' * 999 }}{% endfor %}", "E715"),
    Hostile(
        "long-set-block",
        "{% set s %}{% for i in 'x' * 5000 %}{{ 'y' * 999 }}{% endfor %}{% endset %}x",
        "E715",
    ),
    Hostile("join-loop", "{{ ('x' * 99999)|join(',') }}", "E715"),
    Hostile("deep-brackets", "{{ " + "(" * 400 + "1" + ")" * 400 + " }}", "E715"),
]
IDS = [h.id for h in HOSTILE]
# What `{obj}` is where the template is placed: a look-up of the card texts' scope, a view of
# the rulebook's.
CARD_OBJ = "door('pardon')"
BOOK_OBJ = "role('boss')"


def _payload(h: Hostile, obj: str, marker: Path) -> str:
    return h.template.replace("{obj}", obj).replace("MARKER", str(marker))


def _card_copy(tmp_path: Path, template: str) -> Path:
    """mini-cards with the Shell Company's text replaced; the content folder."""
    content = tmp_path / "content"
    shutil.copytree(FIXTURES / "valid" / "mini-cards", content / "mini-cards")
    path = content / "mini-cards" / "street.yaml"
    text = path.read_text(encoding="utf-8")
    assert text.count(SHELL_TEXT) == 2
    path.write_text(text.replace(SHELL_TEXT, f"text: {json.dumps(template)}", 1), encoding="utf-8")
    return content


def _book_copy(tmp_path: Path, template: str) -> tuple[Path, int]:
    """mini-book with the template added after the first paragraph; the content folder and
    the template's first line."""
    content = tmp_path / "content"
    shutil.copytree(FIXTURES / "valid" / "mini-book", content / "mini-book")
    path = content / "mini-book" / "rulebook.md"
    lines = path.read_text(encoding="utf-8").split("\n")
    at = lines.index("") + 1  # after "# Overview" and its blank line
    lines[at:at] = [template, ""]
    path.write_text("\n".join(lines), encoding="utf-8")
    return content, at + 1


def _refused(diags: list[dict[str, object]], code: str, file: str, line: int) -> None:
    hits = [d for d in diags if d["code"] == code]
    assert any(Path(str(d["file"])).name == file and d["line"] == line for d in hits), diags
    # A refused card text is kept as written, which may then not fit its box (E720).
    assert {d["code"] for d in diags} <= {code, "E720"}, diags
    assert all("Traceback" not in str(d["message"]) for d in diags)


@pytest.mark.parametrize("h", HOSTILE, ids=IDS)
def test_hostile_card_text_is_refused(
    h: Hostile, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A hostile card text fails `pnp check` with E714/E715 at the text's line, and its
    payload never runs."""
    marker = tmp_path / "marker"
    content = _card_copy(tmp_path, _payload(h, CARD_OBJ, marker))
    status, diags = check_json(capsys, content, "mini-cards")
    assert status == 1
    _refused(diags, h.code, "street.yaml", SHELL_LINE)
    assert not marker.exists()


@pytest.mark.parametrize("h", HOSTILE, ids=IDS)
def test_hostile_rulebook_line_is_refused(
    h: Hostile, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A hostile rulebook line fails `pnp check` with E714/E715 (not E754) at its Markdown
    line, and its payload never runs."""
    marker = tmp_path / "marker"
    content, line = _book_copy(tmp_path, _payload(h, BOOK_OBJ, marker))
    status, diags = check_json(capsys, content, "mini-book")
    assert status == 1
    _refused(diags, h.code, "rulebook.md", line)
    assert not marker.exists()


# Reaching through a card, a door and an effect term: in a card text (where `door()` is in
# scope) and in a rulebook of the same game (where `card()` is, as a view).
THROUGH = [
    ("term-static-method", "{{ TERM.build }}"),
    ("term-spelt", "{{ TERM['_' ~ '_class__'] }}"),
    ("term-args", "{{ TERM.args|map(attribute='__class__')|join }}"),
    ("own-object", "{{ THING._obj }}"),
    ("method-globals", "{{ THING.terms.__func__.__globals__" + POPEN + " }}"),
    ("text-class", "{{ THING.text.__class__.__init__.__globals__" + POPEN + " }}"),
]


@pytest.mark.parametrize(("name", "template"), THROUGH, ids=[t[0] for t in THROUGH])
def test_hostile_reach_through_cards_and_terms(
    name: str, template: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Model objects, rulebook views and effect terms give templates their data, never
    their class, their methods' internals or a static method: E714 in a card text and in a
    rulebook line, and nothing runs."""
    marker = tmp_path / "marker"
    text = (
        template.replace("TERM", "door('pardon').requires[0]")
        .replace("THING", "door('pardon')")
        .replace("MARKER", str(marker))
    )
    _, diags = check_json(capsys, _card_copy(tmp_path / "cards", text), "mini-cards")
    _refused(diags, "E714", "street.yaml", SHELL_LINE)
    content = tmp_path / "book"
    shutil.copytree(FIXTURES / "valid" / "mini-cards", content / "mini-cards")
    line = (
        template.replace("TERM", "card('shell-company').steps[0]")
        .replace("THING", "card('shell-company')")
        .replace("MARKER", str(marker))
    )
    (content / "mini-cards" / "rulebook.md").write_text(f"# Rules\n\n{line}\n", encoding="utf-8")
    status, diags = check_json(capsys, content, "mini-cards")
    assert status == 1
    _refused([d for d in diags if d["severity"] == "error"], "E714", "rulebook.md", 3)
    assert not marker.exists()


def test_refusal_names_the_template_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """In a template of several lines the diagnostic points at the line at fault: the
    rulebook's own line, and a card text's `text:` line naming the line within the text."""
    content, line = _book_copy(tmp_path / "book", "Fine so far,\nand then {{ rules.__class__ }}")
    _, diags = check_json(capsys, content, "mini-book")
    assert [(d["code"], d["line"]) for d in diags] == [("E714", line + 1)]
    content = _card_copy(
        tmp_path / "cards",
        "Take {{ take_money.amount|money }}.\n{% for i in 'x' * 99999 %}{% endfor %}",
    )
    _, diags = check_json(capsys, content, "mini-cards")
    assert [(d["code"], d["line"]) for d in diags] == [("E715", SHELL_LINE)]
    assert "loops more than 10,000 times (line 2 of the text)" in str(diags[0]["message"])


@pytest.mark.parametrize(
    "h",
    [
        h
        for h in HOSTILE
        if h.id in ("cycler-globals", "cycler-open", "import", "huge-loop", "string-times")
    ],
    ids=str,
)
def test_build_list_and_diff_refuse_without_writing(
    h: Hostile, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """`pnp build`, `pnp list` and `pnp diff` on a hostile copy report it and exit 1: no
    traceback, nothing written, no payload run."""
    marker = tmp_path / "marker"
    for content, game in (
        (_card_copy(tmp_path / "cards", _payload(h, CARD_OBJ, marker)), "mini-cards"),
        (_book_copy(tmp_path / "book", _payload(h, BOOK_OBJ, marker))[0], "mini-book"),
    ):
        out = tmp_path / "out"
        status, stdout, err = run_pnp(
            capsys, "build", "--content", str(content), "--out", str(out), game
        )
        assert status == 1 and h.code in stdout and "Traceback" not in err
        assert not out.exists() or not any(out.rglob("*"))
        status, stdout, err = run_pnp(capsys, "list", game, "--content", str(content))
        assert status == 1 and h.code in stdout + err and "Traceback" not in err
        status, stdout, err = run_pnp(capsys, "diff", str(FIXTURES / "valid"), str(content), game)
        assert status == 1 and h.code in stdout + err and "Traceback" not in err
    assert not marker.exists()


def test_legitimate_templates_still_render(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Filters, loops, `loop.*`, a mapping's `items()` and a model method still fill in, in
    the sandbox; the same loop run past the limit is stopped."""
    content = _card_copy(
        tmp_path,
        "Take {{ take_money.amount|money }}: "
        "{% for x in 'abc' %}{{ loop.index|ordinal }}"
        "{{ ', ' if not loop.last }}{% endfor %}; "
        "{{ [take_money.amount, price]|map('money')|join(' or ') }}; "
        "{{ crime_types.items()|map(attribute=1)|join(', ') }}; "
        "{{ game.currency.format(2) }} ({{ game.players.values()|length }}).",
    )
    status, diags = check_json(capsys, content, "mini-cards")
    assert diags == [] and status == 0
    card = next(
        c for c in load_game(content, "mini-cards").game.cards or () if c.id == "shell-company"
    )
    assert card.text.printed == ("Take $1M: 1st, 2nd, 3rd; $1M or $0M; Smuggling, Fraud; $2M (2).")
    ctx = Context(load_game(CONTENT, "diamond-heist").game)
    assert ctx.render("{% for i in 'x' * 10000 %}{% endfor %}ok") == "ok"
    with pytest.raises(sandbox.TemplateLimit):
        ctx.env.from_string("{% for i in 'x' * 10001 %}{% endfor %}ok").render()


@pytest.mark.parametrize("game", ["diplomatic-immunity", "diamond-heist"])
def test_shipped_games_fill_in_the_sandbox(game: str, capsys: pytest.CaptureFixture[str]) -> None:
    """The shipped games check with no template problem, their rulebook filled by the
    sandbox, in which jinja2's own globals are not in scope."""
    _, diags = check_json(capsys, CONTENT, game)
    assert not [d for d in diags if d["code"] in ("E701", "E714", "E715", "E754")], diags
    ctx = Context(load_game(CONTENT, game).game)
    assert isinstance(ctx.env, sandbox.Sandbox)
    assert not set(ctx.env.globals) & {"range", "dict", "lipsum", "cycler", "joiner", "namespace"}
