"""Game of Trains' drawings (seed 002): card faces and backs, the 3×3 cards, wild cards, placemats, freeze tokens and its rules handouts. Pure."""
