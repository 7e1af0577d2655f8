"""Imposition (pure): components onto sheets of paper, and drawings too large for the paper
tiled across pages. Takes layout's drawings, gives page drawings for the writers."""
