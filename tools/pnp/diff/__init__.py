"""`pnp diff`: what changed between two versions of a game, in words, pictures and play."""
