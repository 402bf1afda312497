"""Help as QGIS shows it, from the help files (:mod:`.helptext`) and the parameter definitions.

* :func:`short_html`: the dialog's help pane (``shortHelpString``): what the algorithm does,
  what it costs, a link to the full help;
* :func:`long_html`: the full help (``helpString``): the short and long sections, the
  privacy parameters of a release and the stored values of every option;
* :func:`url`: the Help button (``helpUrl``), a local page written from :func:`page` when QGIS
  asks, into the user's QGIS profile (``mobility_dp_help/``), so it is always in step with the
  installed plugin and needs no network.

Every block passes through ``tr``: the French catalogue holds them (``scripts/i18n.py``).
"""
from __future__ import annotations

import html
import os
import re

from qgis.core import QgsApplication, QgsProcessingParameterDefinition, QgsProcessingParameterEnum
from qgis.PyQt.QtCore import QUrl

from . import helptext
from .i18n import tr
from .params import CHOICES_KEY, DETAILS, option_details, option_label

_STYLE = ("body{font-family:sans-serif;max-width:60em;margin:1em auto;color:#222}"
          "table{border-collapse:collapse}td,th{border:1px solid #bbb;padding:.2em .5em;"
          "text-align:left;vertical-align:top}th{background:#eef}")
_BLOCK = re.compile(r"^\s*<(p|h\d|ul|ol|li|table|div|pre|dl|blockquote)\b", re.I)


def _html(blocks) -> str:
    """Blocks translated, each a block-level element (a bare sentence becomes a ``<p>``)."""
    out = []
    for block in blocks:
        block = tr(block)
        out.append(block if _BLOCK.match(block) else f"<p>{block}</p>")
    return "".join(out)


def sections(alg) -> dict:
    """The help file's sections of ``alg`` (see :func:`helptext.read`)."""
    return helptext.read(alg.ALGORITHM_ID, alg.HELP_DIR)


def short_html(alg) -> str:
    """The help pane of ``alg``'s dialog: its short section and a link to the full help."""
    link = url(alg)
    more = tr("Full help: methods, every parameter, option values")
    return _html(sections(alg)["short"]) + (f"<p><a href=\"{link}\">{more}</a></p>" if link
                                            else "")


def long_html(alg) -> str:
    """The full help of ``alg``: short and long sections, the privacy parameters of a release,
    the option values."""
    text = sections(alg)
    privacy = helptext.shared(helptext.PRIVACY) if alg.USES_PRIVACY else []
    return _html(text["short"] + text["long"] + privacy) + choices_help(
        alg.parameterDefinitions())


def described(alg) -> dict:
    """{parameter name: what it does, translated} of ``alg``: its tooltip, else the help
    file's description (the algorithm's own, else the shared one); "" when neither."""
    own = {**helptext.common_parameters(), **sections(alg)["parameters"]}
    return {p.name(): p.help() or (tr(own[p.name()]) if p.name() in own else "")
            for p in alg.parameterDefinitions()}


def choices_help(parameters) -> str:
    """HTML listing the stored values of every static-string enum in ``parameters``
    (with their descriptions when made by :func:`params.enum_parameter`)."""
    items = []
    for p in parameters:
        if not (isinstance(p, QgsProcessingParameterEnum) and p.usesStaticStrings()):
            continue
        choices = p.metadata().get(CHOICES_KEY) or {value: "" for value in p.options()}
        values = "; ".join(  # "value label: details", or "value: description"
            f"<code>{value}</code>" + (f" <i>{tr(option_label(d))}</i>" if DETAILS in d else "")
            + (f": {tr(option_details(d) if DETAILS in d else d)}" if d else "")
            for value, d in choices.items())
        items.append(f"<li><b>{p.description()}</b> (<code>{p.name()}</code>): {values}</li>")
    if not items:
        return ""
    return (f"<h3>{tr('Option values')}</h3><p>" + tr(
        "Scripts, models and <code>qgis_process</code> give these options by value, not by "
        "position:") + "</p><ul>" + "".join(items) + "</ul>")


def page(alg) -> str:
    """The HTML help page of ``alg``: its full help, then every parameter (label, what it
    does (:func:`described`), type, default) and output."""
    rows, what = [], described(alg)
    for p in alg.parameterDefinitions():
        kind = (tr("advanced, ") if p.flags() & QgsProcessingParameterDefinition.FlagAdvanced
            else "")
        kind += (tr("optional") if p.flags() & QgsProcessingParameterDefinition.FlagOptional
            else tr("required"))
        default = p.defaultValue()
        rows.append(f"<tr><td><code>{html.escape(p.name())}</code></td>"
                    f"<td>{html.escape(p.description())}</td><td>{html.escape(what[p.name()])}</td>"
                    f"<td>{html.escape(p.type())}, {kind}</td>"
                    f"<td>{'' if default is None else html.escape(str(default))}</td></tr>")
    outputs = "".join(f"<tr><td><code>{html.escape(o.name())}</code></td>"
                      f"<td>{html.escape(o.description())}</td></tr>" for o in alg.outputDefinitions())
    return (f"<!DOCTYPE html><html><head><meta charset='utf-8'><title>"
            f"{html.escape(alg.displayName())}</title><style>{_STYLE}</style></head><body>"
            f"<h1>{html.escape(alg.displayName())}</h1><p>"
            + html.escape(tr("Mobility DP algorithm {id} ({group}).")).format(
                id=f"<code>{html.escape(alg.id())}</code>", group=html.escape(alg.group()))
            + f"</p>{long_html(alg)}<h2>{tr('Parameters')}</h2><table><tr>"
            f"<th>{tr('name')}</th><th>{tr('label')}</th><th>{tr('description')}</th>"
            f"<th>{tr('type')}</th><th>{tr('default')}</th></tr>{''.join(rows)}</table>"
            f"<h2>{tr('Outputs')}</h2>"
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
