"""The JSON Schemas of this ruleset's own documents, read through importlib.resources."""
