"""`pnp export`: a game's release files for a virtual table and for print-on-demand vendors,
drawn by the same renderers as the print-and-play kit (see `export.run`)."""
