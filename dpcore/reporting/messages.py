"""Messages dpcore writes for people (warnings, refusals) that a front end can translate.

A :class:`Message` is the English text itself (a ``str``: logs, tests and scripts see exactly
what they did before) that also keeps its template and values, so the QGIS glue shows it in
the user's language (``algorithms.common.i18n.shown``): the template is looked up in the
plugin's catalogue (``scripts/i18n.py`` collects every ``Message("…")`` literal) and filled
with the values, each translated when the catalogue has it (``"tower"``).
"""
from __future__ import annotations


class Message(str):
    """English text with its template and values (see the module docstring)."""

    template: str
    values: dict

    def __new__(cls, template: str, **values):
        text = super().__new__(cls, template.format(**values))
        text.template, text.values = template, values
        return text


def word(text: str) -> str:
    """Marks a word a :class:`Message` inserts (``"tower"``) for the catalogue."""
    return text
