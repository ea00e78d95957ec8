"""Executable rules models, one package per ruleset: `pnp.rules.<ruleset>` with `-` as `_`.

Each model is a game object in python-chess's shape (see `engine.Rules`): the choices open
to the player to move, playing one, and the outcome. Shared machinery (the play loop,
invariant checking, seeds, replay, the record of one game) is in `engine`; the plain-data
statistics and report tables are in `stats`.

A rules package that the simulator can run exposes `SIMULATION`, an object that satisfies
`engine.Simulation`. `pnp sim` finds it by the game's ruleset. Nothing here reads YAML or
imports reportlab or jinja2: a rules model takes the typed game model.
"""
