"""What `pnp diff` compares of Diplomatic Immunity's own parts: the faces of its character
boards."""

from __future__ import annotations

from collections.abc import Iterable, Iterator

from pnp.content.project import Game
from pnp.diff.faces import Face, bind, join_lines
from pnp.diff.hooks import DiffHooks, Section
from pnp.render import cards as card_faces
from pnp.render.geometry import Geometry
from pnp.rulesets.diplomatic_immunity import boards


def _board_faces(game: Game, geo: Geometry, theme: card_faces.Theme) -> Iterator[Face]:
    if not game.archetypes or "board" not in geo.layouts:
        return
    layout = geo.layouts["board"]
    try:
        pairs = boards.faces(game)
    except boards.BoardError:  # `pnp check` reports it; there is nothing to draw
        return
    for pair in pairs:
        for face in pair:
            d, a = face.diplomat, face.archetype
            words = [content for _what, _box, content, _src in boards.texts(face, layout)]
            words.append(f"Limit {face.with_immunity} / {face.without_immunity}")
            yield Face(
                f"board:{a.id}:{d.id}",
                "character board",
                f"{d.name} ({a.name})",
                layout.size,
                bind(boards.draw_face, game, face, layout, theme),
                join_lines(*words),
                (("characters", a.id), ("characters", d.id)),
            )


class _Diff:
    """Diplomatic Immunity's part in `pnp diff`: no changelog sections of its own (its
    characters are the core's), and the faces of the character boards."""

    sections: tuple[Section, ...] = ()

    def faces(self, game: Game, geo: Geometry, theme: card_faces.Theme) -> Iterable[Face]:
        """The character boards' faces, woman and man of each board in turn."""
        return _board_faces(game, geo, theme)


HOOKS: DiffHooks = _Diff()
