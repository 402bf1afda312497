"""Issue 13 item 10: without shapely/networkx the plugin loads, registers nothing and says
what to install, in one message, with no traceback."""
import json
import subprocess
import sys

import pytest

from ..support.qgis import child_env

SCRIPT = r"""
import json, sys
BLOCKED = set(sys.argv[1].split(","))

class Blocker:
    def find_spec(self, name, path=None, target=None):
        if name.split(".")[0] in BLOCKED:
            raise ImportError(f"No module named {name!r} (blocked by the test)")
        return None

from qgis.core import QgsApplication
app = QgsApplication([], False)
app.initQgis()
# QGIS >= 3.40 imports shapely itself when it can (qgis.core): QGIS loads first, as in the
# desktop, then the blocked packages are forgotten and refused, so the plugin's own imports fail
preloaded = sorted(m for m in sys.modules if m.split(".")[0] in BLOCKED)
for name in preloaded:
    del sys.modules[name]
sys.meta_path.insert(0, Blocker())
messages = []
QgsApplication.messageLog().messageReceived.connect(
    lambda text, tag, level: messages.append([text, tag, int(level)]))
import mobility_dp
plugin = mobility_dp.classFactory(None)
plugin.initProcessing()
plugin.initGui()  # the GUI calls both: still one message
app.processEvents()
provider = QgsApplication.processingRegistry().providerById("mobilitydp")
# loaded by the first figure, fit or transport only (POT, optional, loads scipy.stats)
LAZY = ("matplotlib", "scipy.stats", "scipy.signal", "ot")
loaded = [[m for m in LAZY if m in sys.modules]]
if BLOCKED == {"nothing"}:  # control: a figure, a fit and a summed noise's margin load them
    from mobility_dp.dpcore.flows.compare import fit
    from mobility_dp.dpcore.od.noise import margin_of_error
    from mobility_dp.dpcore.reporting.plots import new_figure
    new_figure(), fit([0.0, 1.0, 2.0], [1.0, 2.0, 4.0])
    margin_of_error("discrete_laplace", sensitivity=1, epsilon=1.0, n_summed=2)
    loaded.append([m for m in LAZY if m in sys.modules])
print(json.dumps({"provider": provider is not None, "loaded": loaded,
                  "messages": [m for m in messages if m[1] == "Mobility DP"]}))
"""


@pytest.mark.parametrize("blocked", ["shapely,networkx", ""])
def test_missing_packages_give_one_message_and_no_provider(qgis_app, qgis_plugin_dir, blocked):
    out = subprocess.run([sys.executable, "-c", SCRIPT, blocked or "nothing"], capture_output=True,
                         text=True, env=child_env(qgis_plugin_dir), timeout=120)
    assert out.returncode == 0, out.stderr
    assert "Traceback" not in out.stderr
    result = json.loads(out.stdout.strip().splitlines()[-1])
    if not blocked:  # control: the same script registers the provider when nothing is missing
        assert result == {"provider": True, "messages": [],  # without loading what it draws with
                          "loaded": [[], ["matplotlib", "scipy.stats", "scipy.signal"]]}
        return
    assert result["provider"] is False
    ((text, _, level),) = result["messages"]
    assert "shapely, networkx" in text and "sudo apt install python3-shapely python3-networkx" \
        in text and "not added to the Processing toolbox" in text and level == 2


def test_install_command_per_platform():
    from mobility_dp.dependencies import install_command
    assert install_command(["shapely"], "win32").endswith("python -m pip install shapely")
    assert "QGIS.app" in install_command(["networkx"], "darwin")
    assert install_command(["networkx"], "linux").startswith("sudo apt install python3-networkx")
