"""cardgen: print-and-play cards, mats and sheets for train-themed games."""

__version__ = "0.2.0"
