"""Facts transcribed by hand from the rule text (seed 002, "Game of Trains variants").

These are the golden references: the tables and figures exactly as printed,
misprint included, so the tests check the engine against the source and not
against itself. Nothing here is computed.
"""

# §3, pattern one, census seven (ability: card numbers), as printed.
PATTERN_ONE_CENSUS_7 = """
A ↔ B 1, 22, 43, 64 B ↔ D 8, 29, 50, 71 C ↔ G15, 36, 57, 78
A ↔ C 2, 23, 44, 65 B ↔ E 9, 30, 51, 72 D ↔ E16, 37, 58, 79
A ↔ D 3, 24, 45, 66 B ↔ F10, 31, 52, 73 D ↔ F17, 38, 59, 80
A ↔ E 4, 25, 46, 67 B ↔ G11, 32, 53, 74 D ↔ G18, 39, 60, 81
A ↔ F 5, 26, 47, 68 C ↔ D12, 33, 54, 75 E ↔ F19, 40, 61, 82
A ↔ G 6, 27, 48, 69 C ↔ E13, 34, 55, 76 E ↔ G20, 41, 62, 83
B ↔ C 7, 28, 49, 70 C ↔ F14, 35, 56, 77 F ↔ G21, 42, 63, 84
"""

# §3, pattern one, census six.
PATTERN_ONE_CENSUS_6 = """
A ↔ B 1, 16, 31, 46 B ↔ C 6, 21, 36, 51 C ↔ E11, 26, 41, 56
A ↔ C 2, 17, 32, 47 B ↔ D 7, 22, 37, 52 C ↔ F12, 27, 42, 57
A ↔ D 3, 18, 33, 48 B ↔ E 8, 23, 38, 53 D ↔ E13, 28, 43, 58
A ↔ E 4, 19, 34, 49 B ↔ F 9, 24, 39, 54 D ↔ F14, 29, 44, 59
A ↔ F 5, 20, 35, 50 C ↔ D10, 25, 40, 55 E ↔ F15, 30, 45, 60
"""

# §4, pattern two, census seven, AS PRINTED: note B ↔ F 11, B ↔ G 12, B ↔ H 13 and no B ↔ E.
PATTERN_TWO_CENSUS_7_AS_PRINTED = """
A → X 1, 29, 57 B → X 8, 36, 64 C ↔ D15, 43, 71 D ↔ G22, 50, 78
A ↔ B 2, 30, 58 B ↔ C 9, 37, 65 C ↔ E16, 44, 72 E → X23, 51, 79
A ↔ C 3, 31, 59 B ↔ D10, 38, 66 C ↔ F17, 45, 73 E ↔ F24, 52, 80
A ↔ D 4, 32, 60 B ↔ F11, 39, 67 C ↔ G18, 46, 74 E ↔ G25, 53, 81
A ↔ E 5, 33, 61 B ↔ G12, 40, 68 D → X19, 47, 75 F → X26, 54, 82
A ↔ F 6, 34, 62 B ↔ H13, 41, 69 D ↔ E20, 48, 76 F ↔ G27, 55, 83
A ↔ G 7, 35, 63 C → X14, 42, 70 D ↔ F21, 49, 77 G → X28, 56, 84
"""

# The correction that figure 5 settles (cards 12 BF, 40 BF, 68 BF, 69 BG):
PATTERN_TWO_CORRECTION = {"B ↔ F": "B ↔ E", "B ↔ G": "B ↔ F", "B ↔ H": "B ↔ G"}

# §6, pattern three, census five.
PATTERN_THREE_CENSUS_5 = """
A ↔ B 1, 11, 21, 31, 41 B ↔ D 6, 16, 26, 36, 46
A ↔ C 2, 12, 22, 32, 42 B ↔ E 7, 17, 27, 37, 47
A ↔ D 3, 13, 23, 33, 43 C ↔ D 8, 18, 28, 38, 48
A ↔ E 4, 14, 24, 34, 44 C ↔ E 9, 19, 29, 39, 49
B ↔ C 5, 15, 25, 35, 45 D ↔ E10, 20, 30, 40, 50
"""

# Figure 3 (pattern one, census seven): spaces A..G, as printed.
FIGURE_3 = [(76, "CE"), (70, "BC"), (58, "DE"), (51, "BE"), (43, "AB"), (22, "AB"), (9, "BE")]

# Figure 5 (pattern two, census seven): four players' sequences, spaces A..G.
FIGURE_5 = {
    "Andy": [(8, "BX"), (64, "BX"), (72, "CE"), (62, "AF"), (24, "EF"), (3, "AC"), (17, "CF")],
    "Beth": [(46, "CG"), (37, "BC"), (5, "AE"), (12, "BF"), (42, "CX"), (47, "DX"), (40, "BF")],
    "Carl": [(69, "BG"), (63, "AG"), (20, "DE"), (31, "AC"), (68, "BF"), (70, "CX"), (34, "AF")],
    "Dora": [(53, "EG"), (7, "AG"), (45, "CF"), (9, "BC"), (50, "DG"), (27, "FG"), (56, "GX")],
}
FIGURE_5_DRAWN = [(57, "AX"), (10, "BD")]
DORA_INVERSIONS = 8
DORA_MAX_INVERSIONS = 21

# Figure 6: a descending sequence that three swaps sort.
FIGURE_6 = [(70, "CX"), (69, "BG"), (68, "BF"), (63, "AG"), (34, "AF"), (31, "AC"), (20, "DE")]
FIGURE_6_SWAPS = ["A ↔ G", "B ↔ F", "C ↔ E"]

# §3: "two-player ... cards 1-42; three players, 1-63 ... extend the pack to 105 or 126 cards".
PLAYERS_TO_CARDS_PATTERN_ONE_CENSUS_7 = {2: 42, 3: 63, 4: 84, 5: 105, 6: 126}

# §3: "removing all the cards that specify space G in a swap (6, 11, 15, 18, 20, 21, et cetera)".
CENSUS_7_CARDS_NAMING_G_FIRST_BLOCK = [6, 11, 15, 18, 20, 21]

# §10: "Most players would be willing to recognize the following as a valid ascending sequence:
# 2-6-14-38-W-56-82 ... but they might reject these: 2-6-14-38-W-39-82 (W = 38½),
# 2-6-14-38-39-84-W (W = 85) because the wild card would have to stand for some number that does
# not appear on any card in the pack."
WILD_VALID = "2-6-14-38-W-56-82"
WILD_REJECTED = {"2-6-14-38-W-39-82": "W = 38½", "2-6-14-38-39-84-W": "W = 85"}

# §7: "ascending: each card is less than every card on its right; never-descending: each card is
# less than or equal to every card on its right".
WIN_DEFINITIONS = {
    "ascending": "each card is less than every card on its right",
    "never-descending": "each card is less than or equal to every card on its right",
}


def parse_table(text: str) -> dict[str, list[int]]:
    """{'A ↔ B': [1, 22, 43, 64], ...} from a transcribed table."""
    import re

    out: dict[str, list[int]] = {}
    for m in re.finditer(r"([A-Z]) (↔|→) ([A-Z])\s*((?:\d+, )*\d+)", text):
        out[f"{m.group(1)} {m.group(2)} {m.group(3)}"] = [int(n) for n in m.group(4).split(", ")]
    return out
