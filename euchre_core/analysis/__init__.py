"""What is built on the engine to study games: simulation (:mod:`.sim`), paired
comparison of rule sets (:mod:`.compare`), the statistics they report (:mod:`.stats`) and
the loop that plays a game out between bots (:mod:`.playout`)."""
