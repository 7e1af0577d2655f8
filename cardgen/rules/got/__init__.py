"""Game of Trains (seed 002): its packs, the 3×3 game, number abilities, freeze tokens, checks, sequences, and its play engine, bots and simulation. Pure."""
