"""Outside formats, one module each: PHH hand histories (:mod:`pokertd.formats.phh`)."""
