"""The Button Men page: view-model (:mod:`.model`), dice board (:mod:`.board`), match form
(:mod:`.setup`) and the page (:mod:`.page`)."""
