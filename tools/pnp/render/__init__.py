"""Rendering: geometry and imposition, fonts, text fitting, and one module per component kind.

Renderers read the typed model only (never YAML) and draw with reportlab.
"""
