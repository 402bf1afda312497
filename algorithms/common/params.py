"""Parameter factories shared by every algorithm (their help is in :mod:`.helppages`).

* :func:`enum_parameter`: enums stored as static strings (``efpa_g``, not 0),
  so saved models and scripts survive reordered options;
* :func:`delta_parameter`: a δ widget with enough decimals that δ = 1e-9 or
  1.5e-6 round-trips exactly through the dialog, History and models;
* :func:`ledger_parameter`: the ledger file, whose "…" button can create a
  new file (a Save dialog that does not ask to overwrite);
* :func:`unit_field_parameter`: the user / vehicle field, which never
  auto-fills with ``fid`` (it is guessed by name at run time or refused);
* :func:`dialog_ready`: the dialog conventions every parameter gets when an algorithm adds
  it (``MobilityDPAlgorithm.addParameter``): a description written ``"Label|details"``
  shows the short label in the dialog and the details in its tooltip (and the help); enums
  show their option labels; decimal numbers show no padding zeros (1e-06, not
  0.00000100000000000000). Names, option values and defaults never change.
"""
from __future__ import annotations

import re

from qgis.core import (
    QgsProcessingParameterBoolean,
    QgsProcessingParameterCrs,
    QgsProcessingParameterDateTime,
    QgsProcessingParameterDefinition,
    QgsProcessingParameterEnum,
    QgsProcessingParameterField,
    QgsProcessingParameterFile,
    QgsProcessingParameterNumber,
    QgsProcessingParameterString,
)
from qgis.PyQt.QtCore import QDateTime

from .i18n import tr

#: Decimals of the δ spin box: δ down to 1e-15 with five significant digits.
DELTA_DECIMALS = 20

#: Metadata key holding an enum's {value: description} for the help.
CHOICES_KEY = "mobilitydp_choices"
#: Metadata key holding an enum's values the dialog no longer offers.
REMOVED_KEY = "mobilitydp_removed"

#: Metadata key of numbers whose 0 means "unknown" or "off" (the dialog shows the word).
ZERO_KEY = "mobilitydp_zero"

#: Metadata key of date-time parameters whose text values the algorithm reads itself.
TEXT_TIME_KEY = "mobilitydp_text_time"

#: Separates a short label from its details in descriptions ("Seed|empty = secure ...").
DETAILS = "|"

_WIDGETS = f"{__package__}.widgets"



def advanced(parameter):
    """Mark ``parameter`` as advanced and return it."""
    parameter.setFlags(parameter.flags() | QgsProcessingParameterDefinition.FlagAdvanced)
    return parameter


def enum_parameter(name: str, label: str, choices, default: str, *, optional: bool = False,
                   removed=()):
    """An enum whose stored values are the static strings of ``choices``.

    ``choices`` is a sequence of (value, description) pairs; a description
    ``"label|details"`` names its short label (else :func:`option_label` takes
    the words before the first ":", ";", "," or "("). The dialog shows the labels
    (details as tooltips), scripts, models and ``qgis_process`` give the values,
    the help lists all three. Read it with ``MobilityDPAlgorithm.enum_value``. ``removed``
    values stay accepted from scripts and models (which then get the algorithm's refusal)
    but the dialog no longer offers them.
    """
    choices = list(choices)
    values = [value for value, _ in choices]
    if len(set(option_label(d) for _, d in choices)) < len(choices):
        raise ValueError(f"two options of {name} have the same label")
    if default is not None and default not in values:
        raise ValueError(f"default {default!r} of {name} is not one of {values}")
    p = QgsProcessingParameterEnum(name, label, options=values, allowMultiple=False,
                                   defaultValue=default, optional=optional)
    p.setUsesStaticStrings(True)
    p.setMetadata({**p.metadata(), CHOICES_KEY: dict(choices), REMOVED_KEY: list(removed)})
    return p


def option_label(description: str) -> str:
    """The short label of an enum option's description (see :func:`enum_parameter`)."""
    if DETAILS in description:
        return description.split(DETAILS, 1)[0]
    return re.split(r": |; | \(|, ", description, maxsplit=1)[0]


def option_details(description: str) -> str:
    """The description without its short label ("" if it has no details)."""
    return description.split(DETAILS, 1)[1] if DETAILS in description else (
        "" if description == option_label(description) else description)


def dialog_ready(parameter):
    """Apply the shared dialog conventions to ``parameter`` (see the module docstring)."""
    label, _, details = parameter.description().partition(DETAILS)
    if details:  # each part translated on its own (tr of a translated part returns it)
        parameter.setDescription(tr(label))
        parameter.setHelp(tr(details))
    metadata = parameter.metadata()
    wrapper = metadata.get("widget_wrapper") or {}
    if not isinstance(wrapper, dict) or wrapper.get("class"):
        return parameter  # a widget of its own (the ledger file)
    if (isinstance(parameter, QgsProcessingParameterEnum) and parameter.usesStaticStrings()
            and not parameter.allowMultiple() and CHOICES_KEY in metadata):
        wrapper = {**wrapper, "class": f"{_WIDGETS}.EnumLabelWidgetWrapper"}
    elif (isinstance(parameter, QgsProcessingParameterNumber) and
            parameter.dataType() == QgsProcessingParameterNumber.Double):
        wrapper = {**wrapper, "class": f"{_WIDGETS}.NumberWidgetWrapper"}
    elif (isinstance(parameter, QgsProcessingParameterBoolean) and
            parameter.flags() & QgsProcessingParameterDefinition.FlagOptional):
        wrapper = {**wrapper, "class": f"{_WIDGETS}.CheckboxWidgetWrapper"}
    else:
        return parameter
    parameter.setMetadata({**metadata, "widget_wrapper": wrapper})
    return parameter


def zero_means(parameter, word: str):
    """Mark a number whose 0 means ``word`` ("unknown", "off"): the dialog shows the word
    instead of 0 (the value stays 0). Returns the parameter."""
    parameter.setMetadata({**parameter.metadata(), ZERO_KEY: word})
    return parameter


def delta_parameter(name: str, label: str, default: float = 1e-6, *, optional: bool = False):
    """A δ number parameter whose widget keeps :data:`DELTA_DECIMALS` decimals.

    No min/max in QGIS: ``check_delta`` refuses values outside [0, 1) with a
    clearer message than QGIS's "Incorrect parameter value".
    """
    p = QgsProcessingParameterNumber(name, label, QgsProcessingParameterNumber.Double, default,
                                     optional=optional)
    p.setMetadata({**p.metadata(), "widget_wrapper": {"decimals": DELTA_DECIMALS}})
    return p


def ledger_parameter(name: str, label: str):
    """The optional ledger JSON file; its "…" button can pick an existing or a new file."""
    p = QgsProcessingParameterFile(name, label, behavior=QgsProcessingParameterFile.File,
                                   extension="json", optional=True)
    p.setMetadata({**p.metadata(), "widget_wrapper": {
        "class": f"{__package__}.widgets.LedgerFileWidgetWrapper"}})
    return p


def unit_field_parameter(name: str, label: str, parent: str, kind: str = "user"):
    """The field identifying a user (or vehicle): no default, never ``fid``.

    Optional in QGIS's sense so the dialog starts empty instead of picking
    the first field; ``MobilityDPAlgorithm.unit_field`` guesses a field by
    name at run time or refuses with a clear message.
    """
    return QgsProcessingParameterField(
        name, label, parentLayerParameterName=parent,
        type=QgsProcessingParameterField.Any, optional=True)


def start_parameter(name: str, label: str, *, optional: bool = False):
    """The start of a period: a date-time picker (read with ``values.parameter_seconds``,
    which also reads the ISO 8601 text of scripts and saved models as before)."""
    p = QgsProcessingParameterDateTime(name, label, optional=optional)
    p.setMetadata({**p.metadata(), TEXT_TIME_KEY: True, "widget_wrapper": {
        "class": f"{__package__}.date_widgets.StartWidgetWrapper"}})
    return p


def date_text_parameter(name: str, label: str, default: str):
    """A midnight as ISO 8601 text (``2024-03-04T00:00:00``), picked with a date picker."""
    p = QgsProcessingParameterString(name, label, default)
    p.setMetadata({**p.metadata(), "widget_wrapper": {
        "class": f"{__package__}.date_widgets.DateTextWidgetWrapper"}})
    return p


def text_time_placeholders(parameters, definitions) -> dict:
    """``parameters`` with a valid date-time standing in for the text of every
    :func:`start_parameter` (QGIS's own check refuses epoch seconds and says only
    "Incorrect parameter value"; ``values.parameter_seconds`` reads the text, or refuses it
    with a clear message, as before the picker)."""
    texts = {p.name() for p in definitions if p.metadata().get(TEXT_TIME_KEY) and
             isinstance(parameters.get(p.name()), str) and parameters[p.name()].strip()}
    return {**parameters, **{name: QDateTime.currentDateTimeUtc() for name in texts}}


def frame_crs_parameter(name: str, label: str):
    """An optional explicit metric CRS for computing (advanced)."""
    return advanced(QgsProcessingParameterCrs(name, label, optional=True))
