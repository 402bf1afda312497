"""Atomic file outputs of a run: every file output is written beside its destination and
renamed into place only when the whole run succeeded (:mod:`dpcore.accounting.contract`).

Before the algorithm body runs, each file destination (feature sinks, vector and file
destinations: GeoPackages, shapefiles, CSVs, HTML reports) is replaced in ``parameters``
by a staged path — the same file name in a hidden directory beside the destination — so
the body, QGIS's writers and the stored GeoPackage styles all work on the staged file.
:meth:`Staging.place` renames them into place (the first rename publishes the release),
:meth:`Staging.discard` removes them after a failure. Outputs that are not plain files
(``memory:``, ``ogr:``/``postgres:`` URIs into existing stores) are written directly;
the contract lists them in the ledger entry, and the failure rule charges a run that drew
noise whatever it wrote.
"""
from __future__ import annotations

import os
import re

from qgis.core import (
    QgsProcessingOutputLayerDefinition,
    QgsProcessingParameterFeatureSink,
    QgsProcessingParameterFileDestination,
    QgsProcessingParameterVectorDestination,
    QgsProperty,
)

from ...dpcore.accounting.staging import discard, staged_path
from .outputs import destination_value

#: ``user=…``/``password=…`` items of a provider URI (never written to a ledger).
_CREDENTIALS = re.compile(r"\b(user|password|authcfg)=('[^']*'|\S+)\s*")


def _is_file(path: str) -> bool:
    """A plain file path, not a provider URI such as ``memory:`` or ``ogr:…`` (a drive
    letter ``C:`` is one character, a provider prefix more)."""
    head = path.split("|")[0]
    return bool(head) and not re.match(r"^[A-Za-z][\w+.-]+:", head)


class Staging:
    """The staged file outputs of one run: {output name: (staged path, destination)}."""

    def __init__(self, alg, parameters, context):
        self.context = context
        self.files = {}
        self.direct = []           # destinations written in place: tables in stores, memory
        self.parameters = dict(parameters)
        for d in alg.destinationParameterDefinitions():
            name = d.name()
            if not alg.parameter_given(parameters, name):
                continue
            if isinstance(d, (QgsProcessingParameterFeatureSink,
                              QgsProcessingParameterVectorDestination)):
                dest = destination_value(parameters, name, context)  # registers no layer
            elif isinstance(d, QgsProcessingParameterFileDestination):
                dest = alg.parameterAsFileOutput(parameters, name, context)
            else:
                continue
            if not dest:
                continue
            if not _is_file(dest):
                self.direct.append(dest)
                continue
            path = dest.split("|")[0]
            staged = staged_path(path)
            self.files[name] = (staged, path)
            value = parameters[name]
            if isinstance(value, QgsProcessingOutputLayerDefinition):
                copy = QgsProcessingOutputLayerDefinition()
                copy.loadVariant(value.toVariant())
                copy.sink = QgsProperty.fromValue(staged + dest[len(path):])
                self.parameters[name] = copy
            else:
                self.parameters[name] = staged + dest[len(path):]

    def final(self, value):
        """``value`` (a result: path, layer id) with staged paths replaced by destinations."""
        if isinstance(value, str):
            for staged, path in self.files.values():
                value = value.replace(staged, path)
        return value

    def place(self, contract, feedback=None) -> None:
        """Rename every staged output into place (the first rename publishes)."""
        loads = self.context.layersToLoadOnCompletion()
        self.record_direct(contract)
        for staged, path in self.files.values():
            if not os.path.exists(staged):
                continue        # an optional output the run did not write
            contract.place(staged, path)
        if loads:
            self.context.setLayersToLoadOnCompletion({self.final(k): v for k, v in loads.items()})

    def record_direct(self, contract) -> None:
        """Tell the contract about the outputs written in place (listed in its ledger entry,
        credentials removed); memory layers leave nothing behind and are not listed."""
        for dest in self.direct:
            if not dest.startswith("memory:") and dest != "TEMPORARY_OUTPUT":
                contract.wrote(_CREDENTIALS.sub("", dest).strip())
        self.direct = []

    def discard(self) -> None:
        for staged, _ in self.files.values():
            discard(staged)

