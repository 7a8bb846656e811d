"""The tournament director: structure and clock, seating, balancing, button and blinds across
hands, eliminations, payouts, chip race and deals (ICM).

Each concern lives in its own module (for example ``pokertd.tournament.payouts``,
``pokertd.tournament.icm``, ``pokertd.tournament.chip_race``); import from those modules.
"""
