"""The privacy-budget panel: a read-only dock widget over one or more ledger files.

Per dataset and unit of privacy it shows the budget, what was spent (reserved entries
included: they count against the budget), what remains, and the history of releases
(algorithm, time, ε, δ, status, outputs), from :func:`dpcore.accounting.ledger_view.summarise_ledger`.
Rows where less than the chosen share remains are coloured. The panel watches its files
and refreshes whenever a release (from the toolbox, a model or ``qgis_process``) writes
one. Only releases write a ledger; the panel never does.
"""
from __future__ import annotations

import os

from qgis.core import QgsSettings
from qgis.PyQt.QtCore import QFileSystemWatcher, Qt
from qgis.PyQt.QtGui import QBrush, QColor
from qgis.PyQt.QtWidgets import (QDockWidget, QDoubleSpinBox, QFileDialog, QHBoxLayout, QLabel,
                                 QPushButton, QTreeWidget, QTreeWidgetItem, QVBoxLayout, QWidget)

from ..algorithms.common.i18n import tr
from ..dpcore.accounting.ledger_view import WARN_SHARE, describe, summarise_ledger

SETTINGS_FILES = "mobility_dp/budget_panel/ledgers"
SETTINGS_SHARE = "mobility_dp/budget_panel/warn_share"
WARN_COLOUR = QColor(255, 196, 140)
N_COLUMNS = 9


def column_labels() -> list:
    return [tr("Dataset / release"), tr("Unit of privacy"), tr("ε budget"), tr("ε spent"),
            tr("ε remaining"), tr("δ budget"), tr("δ spent"), tr("δ remaining"),
            tr("Status / outputs")]


def _num(x: float) -> str:
    return f"{x:.6g}"


class BudgetPanel(QDockWidget):
    """Dock widget listing the datasets of the opened ledgers (see the module docstring)."""

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
        problems, warnings = [], 0
        for path in self.files:
            top = QTreeWidgetItem([os.path.basename(path)])
            top.setToolTip(0, path)
            top.setData(0, Qt.ItemDataRole.UserRole, path)
            self.tree.addTopLevelItem(top)
            if not os.path.exists(path):
                top.setText(8, tr("no such file yet (a release creates it)"))
                continue
            try:
                rows = summarise_ledger(path, self.share.value() / 100.0)
            except ValueError as exc:
                top.setText(8, str(exc))
                problems.append(str(exc))
                continue
            for row in rows:
                item = self._dataset_item(row)
                top.addChild(item)
                warnings += row.warning
        self.tree.expandAll()
        for column in range(N_COLUMNS):
            self.tree.resizeColumnToContents(column)
        self.status.setText("; ".join(problems) if problems else tr(
            "{n} dataset(s) below the warning level").format(n=warnings) if warnings else "")

    def _dataset_item(self, row) -> QTreeWidgetItem:
        item = QTreeWidgetItem([row.dataset_id, f"{row.unit} per {row.unit_of_privacy}"
                                if row.unit_of_privacy else row.unit,
                                _num(row.budget_epsilon), _num(row.spent_epsilon),
                                _num(row.remaining_epsilon), _num(row.budget_delta),
                                _num(row.spent_delta), _num(row.remaining_delta),
                                tr("{n} release(s)").format(n=len(row.releases))])
        if row.warning:
            for column in range(N_COLUMNS):
                item.setBackground(column, QBrush(WARN_COLOUR))
                item.setToolTip(column, describe(row))
        for release in row.releases:
            when = release.time.replace("T", " ")[:16] + " UTC" if release.time else ""
            child = QTreeWidgetItem([f"{when}  {release.algorithm}", "", "",
                                     _num(release.epsilon), "", "", _num(release.delta), "",
                                     "; ".join([release.status, *release.outputs])])
            item.addChild(child)
        return item

    def dataset_items(self):
        """(ledger path, dataset item) of every dataset row shown (for tests)."""
        for i in range(self.tree.topLevelItemCount()):
            top = self.tree.topLevelItem(i)
            for j in range(top.childCount()):
                yield top.data(0, Qt.ItemDataRole.UserRole), top.child(j)
