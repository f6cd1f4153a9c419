"""The tablet's own pages: the list of heists, a new heist, settings."""
