"""Amtrak's drawings (seed 004): the scorecard and the rules handout. Pure."""
