"""The braille variant's text-first page (:mod:`.page`, browser side in ``static/``)."""
