"""Map styles of flow outputs: arrows by flow (both directions side by side), zones by flow.

Shared by the flow algorithms (``aggregateflows``, ``odflows``; any layer of flow lines
with a numeric flow field).
"""
from qgis.core import (
    QgsArrowSymbolLayer,
    QgsCategorizedSymbolRenderer,
    QgsFillSymbol,
    QgsLineSymbol,
    QgsProperty,
    QgsRendererCategory,
    QgsRuleBasedRenderer,
    QgsSymbolLayer,
)


def flow_style(layer, top, field="flow"):
    """Arrows whose width grows with the flow, drawn to the right of their direction.

    Flows ≤ 0 are not drawn (thesis Fig. 5.2). Each arrow is offset by half
    its width plus 0.4 mm, so the two directions between a pair of cells
    are drawn side by side instead of on top of each other.
    """
    symbol = QgsLineSymbol()
    arrow = QgsArrowSymbolLayer.create({"arrow_type": "0", "head_type": "0", "is_curved": "0",
                                        "color": "200,30,30,200"})
    width = f'(0.2 + 2.8 * ("{field}" / {top!r}))'
    arrow.setDataDefinedProperty(QgsSymbolLayer.PropertyArrowWidth,
                                 QgsProperty.fromExpression(width))
    arrow.setDataDefinedProperty(QgsSymbolLayer.PropertyArrowStartWidth,
                                 QgsProperty.fromExpression(width))
    arrow.setDataDefinedProperty(QgsSymbolLayer.PropertyOffset,
                                 QgsProperty.fromExpression(f"0.4 + 0.5 * {width}"))
    symbol.changeSymbolLayer(0, arrow)
    root = QgsRuleBasedRenderer.Rule(None)
    root.appendChild(QgsRuleBasedRenderer.Rule(symbol, filterExp=f'"{field}" > 0'))
    layer.setRenderer(QgsRuleBasedRenderer(root))
    layer.triggerRepaint()


def zone_style(layer):
    """Red above the median flow per zone, cyan below (thesis Fig. 5.2, right)."""
    cats = [QgsRendererCategory(True, QgsFillSymbol.createSimple(
                {"color": "230,60,50,160", "outline_color": "120,120,120"}), "above median"),
            QgsRendererCategory(False, QgsFillSymbol.createSimple(
                {"color": "60,200,220,160", "outline_color": "120,120,120"}), "below median")]
    layer.setRenderer(QgsCategorizedSymbolRenderer("above_median", cats))
    layer.triggerRepaint()
