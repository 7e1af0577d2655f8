"""The one exception users see: a bad input, told in one line (the CLI exits 2)."""


class CardgenError(ValueError):
    """A problem with what the user asked for; its message is one line for the user."""
