"""The rulebook: Markdown sources under content/<game>/, filled from the typed model.

`sources` finds and reads them, `context` is what a template may use, `blocks` are the
generated tables and pictures, `markdown` parses Markdown into `document` nodes, and `book`
puts it together. `pnp check` runs `checks/rulebook.py` on the result; `pnp build` renders
it with `rulebook/pdf.py`.
"""
