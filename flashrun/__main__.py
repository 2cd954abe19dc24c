"""`python -m flashrun` → the CLI front door (cli.main)."""
from flashrun.cli import main

raise SystemExit(main())
