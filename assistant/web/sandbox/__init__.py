"""The sandbox: a floor to try positions on, from a query string that is the share link."""
