"""Amtrak, the card game (seed 004): scoring, the play engine, bots and simulation. Pure."""
