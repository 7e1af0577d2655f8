"""Train's drawings (seeds 000, 001): the rules handout. Pure."""
