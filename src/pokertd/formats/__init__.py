"""Outside formats, one module each: PHH hand histories (:mod:`pokertd.formats.phh`) and
PokerStars hand histories (:mod:`pokertd.formats.pokerstars`)."""
