"""Local help pages: the Help button of every dialog opens one.

Each page is written from the algorithm's own help and parameter
definitions when QGIS asks for ``helpUrl()``, into the user's QGIS profile
(``mobility_dp_help/``), so it is always in step with the installed plugin
and needs no network.
"""
from __future__ import annotations

import html
import os

from qgis.core import QgsApplication, QgsProcessingParameterDefinition
from qgis.PyQt.QtCore import QUrl

from .i18n import tr

_STYLE = ("body{font-family:sans-serif;max-width:60em;margin:1em auto;color:#222}"
          "table{border-collapse:collapse}td,th{border:1px solid #bbb;padding:.2em .5em;"
          "text-align:left;vertical-align:top}th{background:#eef}")


def page(alg) -> str:
    """The HTML help page of ``alg``."""
    rows = []
    for p in alg.parameterDefinitions():
        kind = (tr("advanced, ") if p.flags() & QgsProcessingParameterDefinition.FlagAdvanced
            else "")
        kind += (tr("optional") if p.flags() & QgsProcessingParameterDefinition.FlagOptional
            else tr("required"))
        default = p.defaultValue()
        rows.append(f"<tr><td><code>{html.escape(p.name())}</code></td>"
                    f"<td>{html.escape(p.description())}</td><td>{html.escape(p.type())}, {kind}"
                    f"</td><td>{'' if default is None else html.escape(str(default))}</td></tr>")
    outputs = "".join(f"<tr><td><code>{html.escape(o.name())}</code></td>"
                      f"<td>{html.escape(o.description())}</td></tr>" for o in alg.outputDefinitions())
    return (f"<!DOCTYPE html><html><head><meta charset='utf-8'><title>"
            f"{html.escape(alg.displayName())}</title><style>{_STYLE}</style></head><body>"
            f"<h1>{html.escape(alg.displayName())}</h1><p>"
            + html.escape(tr("Mobility DP algorithm {id} ({group}).")).format(
                id=f"<code>{html.escape(alg.id())}</code>", group=html.escape(alg.group()))
            + f"</p>{alg.shortHelpString()}<h2>{tr('Parameters')}</h2><table><tr>"
            f"<th>{tr('name')}</th><th>{tr('label')}</th><th>{tr('type')}</th>"
            f"<th>{tr('default')}</th></tr>{''.join(rows)}</table><h2>{tr('Outputs')}</h2>"
            f"<table><tr><th>{tr('name')}</th><th>{tr('description')}</th></tr>{outputs}"
            "</table></body></html>")


def url(alg) -> str:
    """A file:// URL of ``alg``'s help page, (re)written now; "" if it cannot be written."""
    directory = os.path.join(QgsApplication.qgisSettingsDirPath(), "mobility_dp_help")
    path = os.path.join(directory, f"{alg.name()}.html")
    try:
        os.makedirs(directory, exist_ok=True)
        with open(path, "w", encoding="utf-8") as fh:
            fh.write(page(alg))
    except OSError:
        return ""
    return QUrl.fromLocalFile(path).toString()
