"""pokertd: a rules-exact poker dealer engine, tournament director and league manager."""

__version__ = "0.1.0"
