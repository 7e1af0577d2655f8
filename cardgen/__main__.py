from cardgen.cli import entry

entry()
