"""The ACPC match protocol: a dealer (:mod:`.server`) that plays a match with the engine, and
a client (:mod:`.client`) that connects one of pokertd's bots to any ACPC dealer."""
