"""A theme of one's own, read from its files: the theme file (``read``), its font
(``typeface``) and its pictures (``pictures``), each checked strictly, into the
``layout.theme.Theme`` that layout draws with. A theme is untrusted input: every
problem is one line naming the key or the file.
"""
