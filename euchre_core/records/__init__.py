"""Records of games: the project's saved games (:mod:`.history`), Euchre Game Notation
files (:mod:`.egn`), the checked reading of both (:mod:`.reading`), and the search for
the house rule that lets a refused record replay (:mod:`.allowing`)."""
