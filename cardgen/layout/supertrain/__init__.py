"""SuperTrain's drawings (seed 003): the tiles and the rules handout. Pure."""
