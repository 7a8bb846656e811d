"""The league: points formulas, seasons, standings and the Tournament of Champions."""
