"""The rules reference pages."""
