"""Meters: what reads the cost of a measurement (docs/records.md, "The meter")."""
