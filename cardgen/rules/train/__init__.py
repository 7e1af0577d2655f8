"""Train, the 52-card game in four rounds (seeds 000, 001): the referee, the deal, the rounds. Pure."""
