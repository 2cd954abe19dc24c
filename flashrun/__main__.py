"""`python -m flashrun` → the CLI front door (cli.main)."""
from flashrun.cli.main import main

raise SystemExit(main())
