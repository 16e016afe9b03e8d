"""``python -m gluckauf …``: the kit's command line (see :mod:`gluckauf.cli`)."""

from .cli import main

raise SystemExit(main())
