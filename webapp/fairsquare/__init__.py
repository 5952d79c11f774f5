"""The Fair and Square page: a Panel app on the shared game page."""
