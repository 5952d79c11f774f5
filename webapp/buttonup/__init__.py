"""The Button Up! page: board (:mod:`.board`), words (:mod:`.narration`), page (:mod:`.page`)."""
