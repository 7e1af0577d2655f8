"""Pure game rules: abilities, packs, checks, sequences. No I/O in this package."""
