"""`python -m pnp` runs the command line."""

from pnp.cli import main

raise SystemExit(main())
