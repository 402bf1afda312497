"""Screenshots of the privacy-budget panel (docs/budget-panel.png, docs/budget-panel-populations.png),
inside QGIS desktop under Xvfb.

    SHOTS_OUT=docs QGIS_PLUGINPATH=<dir with a mobility_dp symlink> \
    QGIS_CUSTOM_CONFIG_PATH=<profile with the plugin enabled> \
    xvfb-run -a -s "-screen 0 1400x900x24" qgis --nologo --noversioncheck --code docs/budget_panel_shot.py

The ledger shown is made here through the ledger's own API: a census-zone dataset with two
releases (72 % of its ε left) and a trips dataset of which 8 % remains (coloured); then the
ledger with two populations of ``tests/support/ledgers.py`` (the GUI tier's too).
"""
import os
import tempfile
import traceback

from qgis.core import QgsApplication
from qgis.PyQt.QtCore import QTimer
from qgis.utils import plugins

OUT = os.environ["SHOTS_OUT"]


def shoot():
    log = open(os.path.join(tempfile.gettempdir(), "budget_panel_shot.log"), "w")
    try:
        from mobility_dp.dpcore.accounting.costs import Budget, PrivacyCost
        from mobility_dp.dpcore.accounting.ledger import Ledger
        path = os.path.join(tempfile.mkdtemp(), "city-ledger.json")
        ledger = Ledger(path)
        for dataset, label, eps, budget, outputs in (
                ("/data/census/iris_population.gpkg", "mobilitydp:noisycounts", 0.5,
                 Budget(2.5, 0.0, unit_of_privacy="user"), ["/out/noisy_counts.gpkg"]),
                ("/data/census/iris_population.gpkg", "mobilitydp:noisycounts", 0.2, None,
                 ["/out/noisy_counts_2.gpkg"]),
                ("/data/trips/week_47.gpkg", "mobilitydp:odflows", 1.0,
                 Budget(2.5, 0.0, unit_of_privacy="user"), ["/out/od_table.gpkg", "/out/od.html"]),
                ("/data/trips/week_47.gpkg", "mobilitydp:mobilityreport", 1.0, None,
                 ["/out/report.html", "/out/statistics.json"]),
                ("/data/trips/week_47.gpkg", "mobilitydp:synthesizetrips", 0.3, None,
                 ["/out/synthetic_trips.gpkg"])):
            cost = PrivacyCost.of("discrete Laplace", eps, unit_of_privacy="user")
            ledger.reserve(dataset, cost, budget=budget, label=label).commit(cost, outputs)
        plugin = plugins["mobility_dp"]
        plugin.budget_action.setChecked(True)
        panel = plugin.budget_panel
        panel.share.setValue(20)
        panel.open_files([path])
        panel.tree.expandAll()
        panel.setFloating(True)
        panel.resize(1250, 330)
        QgsApplication.processEvents()
        panel.grab().save(os.path.join(OUT, "budget-panel.png"))
        panel.close_file(path)
        from mobility_dp.tests.support.ledgers import two_populations
        path = os.path.join(tempfile.mkdtemp(), "populations-ledger.json")
        two_populations(path)
        panel.open_files([path])
        panel.tree.expandAll()
        panel.resize(1250, 560)
        QgsApplication.processEvents()
        panel.grab().save(os.path.join(OUT, "budget-panel-populations.png"))
        panel.close_file(path)
        log.write("ok\n")
    except Exception:
        log.write(traceback.format_exc())
    log.close()
    QTimer.singleShot(500, QgsApplication.instance().quit)


QTimer.singleShot(3000, shoot)
