"""The privacy-budget panel: a read-only dock widget over one or more ledger files.

Per population (:func:`dpcore.accounting.ledger_view.summarise_populations`): its policy
(total ε and δ over its horizon, caps per week or month), what its people have spent
(reserved entries included: they count against the budget) and what remains, in total and in
each period a cap limits (the periods with releases and the current one), then its datasets
(name; the full id or path in the tooltip) with what each spent and its history of releases
(algorithm name, period, time, ε, status, the outputs kept: temporary ones are only counted).
A dataset that is its own population with its budget as policy — every dataset of a ledger
written before populations — shows as one dataset row, as it always did: spent, remaining,
budget. The δ columns appear only when δ is budgeted or spent, the period column only when
a release has a period.
Rows where less than the chosen share remains are coloured. The panel watches its files
and refreshes whenever a release (from the toolbox, a model or ``qgis_process``) writes
one. Only releases write a ledger; the panel never does.
"""
from __future__ import annotations

import os

from qgis.core import QgsSettings
from qgis.PyQt.QtCore import QFileSystemWatcher, Qt, QTimer
from qgis.PyQt.QtWidgets import (
    QDockWidget,
    QDoubleSpinBox,
    QFileDialog,
    QHBoxLayout,
    QLabel,
    QMainWindow,
    QPushButton,
    QTreeWidget,
    QTreeWidgetItem,
    QVBoxLayout,
    QWidget,
)

from ..algorithms.common.i18n import tr
from ..dpcore.accounting.ledger_view import WARN_SHARE, summarise_populations
from .budget_rows import (
    DELTA_COLUMNS,
    E_BUDGET,
    E_LEFT,
    E_SPENT,
    N_COLUMNS,
    NAME,
    OUTPUTS,
    PERIOD,
    column_labels,
    dataset_item,
    population_item,
)

SETTINGS_FILES = "mobility_dp/budget_panel/ledgers"
SETTINGS_SHARE = "mobility_dp/budget_panel/warn_share"
#: The name column is cut to this width (px); the full id is its tooltip.
NAME_WIDTH = 220
#: The narrowest docked width (px): name, ε spent, ε remaining and the buttons.
MIN_WIDTH = 520


class BudgetPanel(QDockWidget):
    """Dock widget listing the populations and datasets of the opened ledgers (see the module
    docstring)."""

    def __init__(self, parent=None):
        super().__init__(tr("Mobility DP privacy budget"), parent)
        self.setObjectName("MobilityDPBudgetPanel")
        self.files: list = []
        self.watcher = QFileSystemWatcher(self)
        self.watcher.fileChanged.connect(self._file_changed)
        self.watcher.directoryChanged.connect(lambda _d: self.refresh())

        body = QWidget(self)
        layout = QVBoxLayout(body)
        buttons = QHBoxLayout()
        self.open_button = QPushButton(tr("Open ledger…"), body)
        self.open_button.clicked.connect(self._choose_files)
        self.close_button = QPushButton(tr("Close ledger"), body)
        self.close_button.clicked.connect(self._close_selected)
        self.share = QDoubleSpinBox(body)
        self.share.setRange(0.0, 100.0)
        self.share.setDecimals(0)
        self.share.setSuffix(" %")
        self.share.setToolTip(tr("Rows are coloured when less than this share of the budget "
                                 "remains"))
        self.share.setValue(100.0 * float(QgsSettings().value(SETTINGS_SHARE, WARN_SHARE)))
        self.share.valueChanged.connect(self._share_changed)
        buttons.addWidget(self.open_button)
        buttons.addWidget(self.close_button)
        buttons.addStretch(1)
        buttons.addWidget(QLabel(tr("Warn below"), body))
        buttons.addWidget(self.share)
        layout.addLayout(buttons)
        self.tree = QTreeWidget(body)
        self.tree.setColumnCount(N_COLUMNS)
        self.tree.setHeaderLabels(column_labels())
        self.tree.setAlternatingRowColors(True)
        self.tree.setTextElideMode(Qt.TextElideMode.ElideMiddle)
        layout.addWidget(self.tree)
        self.status = QLabel(body)
        self.status.setWordWrap(True)
        layout.addWidget(self.status)
        self.setWidget(body)
        self.open_files(QgsSettings().value(SETTINGS_FILES, [], type=list) or [])

    # -- files --------------------------------------------------------------
    def open_files(self, paths) -> None:
        for path in paths:
            path = os.path.abspath(path)
            if path not in self.files:
                self.files.append(path)
        self._watch()
        QgsSettings().setValue(SETTINGS_FILES, self.files)
        self.refresh()

    def close_file(self, path: str) -> None:
        if path in self.files:
            self.files.remove(path)
        self._watch()
        QgsSettings().setValue(SETTINGS_FILES, self.files)
        self.refresh()

    def _watch(self) -> None:
        """Watch each file and its folder (a release replaces the file atomically, which ends
        the watch on the old file; the folder's change brings it back)."""
        for old in self.watcher.files() + self.watcher.directories():
            self.watcher.removePath(old)
        for path in self.files:
            if os.path.exists(path):
                self.watcher.addPath(path)
            folder = os.path.dirname(path)
            if os.path.isdir(folder) and folder not in self.watcher.directories():
                self.watcher.addPath(folder)

    def _file_changed(self, _path) -> None:
        self._watch()
        self.refresh()

    def _choose_files(self) -> None:
        paths, _ = QFileDialog.getOpenFileNames(self, tr("Open privacy ledgers"), "",
                                                tr("Privacy ledgers (*.json)"))
        if paths:
            self.open_files(paths)

    def _close_selected(self) -> None:
        item = self.tree.currentItem()
        while item is not None and item.parent() is not None:
            item = item.parent()
        if item is not None:
            self.close_file(item.data(0, Qt.ItemDataRole.UserRole))

    def _share_changed(self, value: float) -> None:
        QgsSettings().setValue(SETTINGS_SHARE, value / 100.0)
        self.refresh()

    # -- view ---------------------------------------------------------------
    def refresh(self) -> None:
        """Re-read every ledger and rebuild the tree (keeps nothing from the previous read)."""
        self.tree.clear()
        problems, uses_delta, uses_period = [], False, False
        warnings = {"dataset": 0, "population": 0}
        for path in self.files:
            top = QTreeWidgetItem([os.path.basename(path)])
            top.setToolTip(NAME, path)
            top.setData(NAME, Qt.ItemDataRole.UserRole, path)
            self.tree.addTopLevelItem(top)
            if not os.path.exists(path):
                top.setText(OUTPUTS, tr("no such file yet (a release creates it)"))
                continue
            try:
                populations = summarise_populations(path, self.share.value() / 100.0)
            except ValueError as exc:
                top.setText(OUTPUTS, str(exc))
                problems.append(str(exc))
                continue
            for population in populations:
                top.addChild(dataset_item(population.datasets[0])
                             if population.single_dataset
                             else population_item(population))
                warnings["dataset" if population.single_dataset else "population"] += population.warning
                uses_delta = uses_delta or population.budget_delta > 0 or population.spent_delta > 0
                uses_period = uses_period or bool(population.periods) or any(
                    r.period for d in population.datasets for r in d.releases)
        self.tree.expandAll()
        for column in range(N_COLUMNS):
            self.tree.setColumnHidden(column, (column in DELTA_COLUMNS and not uses_delta)
                                      or (column == PERIOD and not uses_period))
            self.tree.resizeColumnToContents(column)
        self.tree.setColumnWidth(NAME, min(self.tree.columnWidth(NAME), NAME_WIDTH))
        self.status.setText("; ".join(problems or filter(None, [
            tr("{n} population(s) below the warning level").format(n=warnings["population"])
            if warnings["population"] else "",
            tr("{n} dataset(s) below the warning level").format(n=warnings["dataset"])
            if warnings["dataset"] else ""])))

    def usable_width(self) -> int:
        """The width (px) that shows the name, ε spent and ε remaining at once."""
        return sum(self.tree.columnWidth(c) for c in (NAME, E_SPENT, E_LEFT, E_BUDGET)) + 60

    def showEvent(self, event):  # noqa: N802
        """Docked, the panel widens itself to show the name and the ε columns at once (QGIS
        gives a new dock in the right area the width of the narrowest panel there)."""
        super().showEvent(event)
        QTimer.singleShot(0, self._widen)

    def _widen(self) -> None:
        window = self.parentWidget()
        if not isinstance(window, QMainWindow) or self.isFloating() or not self.isVisible():
            return
        wanted = min(max(self.usable_width(), MIN_WIDTH), window.width() // 2)
        if self.width() < wanted:
            window.resizeDocks([self], [wanted], Qt.Orientation.Horizontal)
