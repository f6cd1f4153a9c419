"""Burgle Bros guard assistant: a rules engine for the guards and a table app around it."""
