"""cardgen: print-and-play cards, mats and sheets for train-themed games."""

__version__ = "0.1.0"
