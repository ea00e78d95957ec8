"""pnp: print-and-play content pipeline and rules checker for tabletop games."""

__version__ = "0.1.0"
