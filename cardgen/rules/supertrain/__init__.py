"""SuperTrain dominoes (seed 003): the tiles, the set, hands, what plays on what, scoring. Pure."""
