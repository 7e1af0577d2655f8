"""Pure layout: components as shape trees in millimetres. No I/O, no renderer."""
