"""Pictures of the board, apart from the rules (like python-chess's ``chess.svg``).

``floor_svg`` draws one floor as an inline SVG string: rooms, walls, the empty square, the guard,
his die, alarms, routes and the markers that explain a tie.
"""

from .floor_svg import ROUTE_STYLES, Mark, Route, explanation_overlays, floor_svg

__all__ = ["ROUTE_STYLES", "Mark", "Route", "explanation_overlays", "floor_svg"]
