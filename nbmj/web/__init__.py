"""nbmj for people at a table: the replay viewer and the web table.

:mod:`nbmj.web.viewer` turns an event log into one self-contained HTML file that steps
through the hand; it needs nothing beyond nbmj itself. Importing this package imports no web
framework.
"""

from __future__ import annotations

__all__: list[str] = []
