#!/usr/bin/env python3
"""The frames Yoga itself computes for a Beagle screen, to check the HTML drawing.

    python3 Tests/YogaLayout/yoga_frames.py SCREEN.json [--width 375] [--height 647]

prints one JSON object:

    {"yoga": "1.19.0", "frames": {"ID": {"x": 0, "y": 0, "width": 375, "height": 40,
                                         "hidden": false}, ...}}

with every component that has an `id`, its box relative to the screen area (the
root's owner), in points. Yoga is the C++ library as the PyPI package `poga`
builds it (`pip install poga`; it bundles Yoga 1.19.0's sources, the version Beagle
iOS resolves ZupIT/yoga at).

The Beagle style is given to Yoga exactly as Beagle iOS gives it to YogaKit
(`StyleViewConfigurator.applyYogaProperties`, `YogaTranslating`), and YogaKit's
setters to Yoga's C API (`YGLayout.mm`): width and height take points, percents
and auto; min/max sizes, padding and position take points and percents only (an
`AUTO` there is dropped); margins take all three. Position edges are assigned in
iOS's order (`all`, `left`, `top`, `right`, `bottom`, `vertical`, `horizontal`,
the later winning); margin and padding edges go to Yoga's own edges (`YGEdgeAll`,
`YGEdgeHorizontal`, ...), which Yoga resolves itself. The layout runs left to
right (YogaKit calculates with the root's inherited direction, LTR): Beagle iOS
1.x has no style field for the direction.

As on iOS, only widgets apply their `style` (container, text, button, image,
textInput, listView, gridView, webView, simpleForm, screen, custom components);
here only containers and leaves of a fixed size are accepted: a text, button or
image needs a width and a height in points, since this script cannot measure
text or a native control as UIKit (or the browser) does. Anything else is an
error (exit 2).

No rounding to the pixel grid: the configuration's point scale factor is 0, so
the frames are Yoga's exact geometry (on a @2x phone iOS rounds them to 0.5 pt).
"""

import json
import math
import sys

try:
    from poga import libpoga_capi as yoga
except ImportError:  # pragma: no cover - the caller checks first
    sys.stderr.write("yoga_frames.py: the Python package 'poga' is not installed (pip install poga)\n")
    sys.exit(3)

WIDGETS = {
    "beagle:container", "beagle:text", "beagle:button", "beagle:image",
}
LEAVES = {"beagle:text", "beagle:button", "beagle:image"}

FLEX_DIRECTIONS = {
    "ROW": yoga.YGFlexDirection.Row, "ROW_REVERSE": yoga.YGFlexDirection.RowReverse,
    "COLUMN": yoga.YGFlexDirection.Column, "COLUMN_REVERSE": yoga.YGFlexDirection.ColumnReverse,
}
WRAPS = {
    "NO_WRAP": yoga.YGWrap.NoWrap, "WRAP": yoga.YGWrap.Wrap,
    "WRAP_REVERSE": yoga.YGWrap.WrapReverse,
}
JUSTIFICATIONS = {
    "FLEX_START": yoga.YGJustify.FlexStart, "CENTER": yoga.YGJustify.Center,
    "FLEX_END": yoga.YGJustify.FlexEnd, "SPACE_BETWEEN": yoga.YGJustify.SpaceBetween,
    "SPACE_AROUND": yoga.YGJustify.SpaceAround, "SPACE_EVENLY": yoga.YGJustify.SpaceEvenly,
}
ALIGN_ITEMS = {
    "FLEX_START": yoga.YGAlign.FlexStart, "CENTER": yoga.YGAlign.Center,
    "FLEX_END": yoga.YGAlign.FlexEnd, "BASELINE": yoga.YGAlign.Baseline,
    "STRETCH": yoga.YGAlign.Stretch,
}
ALIGN_SELF = dict(ALIGN_ITEMS, AUTO=yoga.YGAlign.Auto)
ALIGN_CONTENT = {
    "FLEX_START": yoga.YGAlign.FlexStart, "CENTER": yoga.YGAlign.Center,
    "FLEX_END": yoga.YGAlign.FlexEnd, "SPACE_BETWEEN": yoga.YGAlign.SpaceBetween,
    "SPACE_AROUND": yoga.YGAlign.SpaceAround, "STRETCH": yoga.YGAlign.Stretch,
}
EDGES = {
    "left": yoga.YGEdge.Left, "top": yoga.YGEdge.Top, "right": yoga.YGEdge.Right,
    "bottom": yoga.YGEdge.Bottom, "horizontal": yoga.YGEdge.Horizontal,
    "vertical": yoga.YGEdge.Vertical, "all": yoga.YGEdge.All,
}


class Refused(Exception):
    """The screen uses something this checker cannot lay out as iOS would."""


def unit_value(value):
    """A Beagle UnitValue as ("point" | "percent" | "auto", number), or None when
    iOS would not decode it (YogaTranslating.translate(_: UnitValue))."""
    if not isinstance(value, dict):
        return None
    kind = value.get("type")
    number = value.get("value")
    if kind == "AUTO":
        return ("auto", 0.0)
    if not isinstance(number, (int, float)) or isinstance(number, bool) or not math.isfinite(number):
        return None
    if kind == "REAL":
        return ("point", float(number))
    if kind == "PERCENT":
        return ("percent", float(number))
    return None


def number(value):
    if isinstance(value, (int, float)) and not isinstance(value, bool) and math.isfinite(value):
        return float(value)
    return None


def set_value(node, value, point, percent, auto=None):
    """YogaKit's YG_VALUE_PROPERTY / YG_AUTO_VALUE_PROPERTY setters: a unit the
    setter does not handle is dropped."""
    if value is None:
        return
    kind, amount = value
    if kind == "point":
        point(node, amount)
    elif kind == "percent":
        percent(node, amount)
    elif auto is not None:
        auto(node)


def apply_flex(node, flex):
    """StyleViewConfigurator.applyYogaProperties(from: Flex, to:)."""
    def keyword(key, table, default):
        value = flex.get(key)
        return table.get(value, table[default]) if isinstance(value, str) else table[default]

    yoga.YGNodeStyleSetFlexDirection(node, keyword("flexDirection", FLEX_DIRECTIONS, "COLUMN"))
    yoga.YGNodeStyleSetFlexWrap(node, keyword("flexWrap", WRAPS, "NO_WRAP"))
    yoga.YGNodeStyleSetJustifyContent(node, keyword("justifyContent", JUSTIFICATIONS, "FLEX_START"))
    yoga.YGNodeStyleSetAlignItems(node, keyword("alignItems", ALIGN_ITEMS, "STRETCH"))
    yoga.YGNodeStyleSetAlignSelf(node, keyword("alignSelf", ALIGN_SELF, "AUTO"))
    yoga.YGNodeStyleSetAlignContent(node, keyword("alignContent", ALIGN_CONTENT, "FLEX_START"))
    set_value(
        node, unit_value(flex.get("basis")), yoga.YGNodeStyleSetFlexBasis,
        yoga.YGNodeStyleSetFlexBasisPercent, yoga.YGNodeStyleSetFlexBasisAuto)
    shorthand = number(flex.get("flex"))
    grow = number(flex.get("grow"))
    shrink = number(flex.get("shrink"))
    if shorthand is not None:
        yoga.YGNodeStyleSetFlex(node, shorthand)
        if grow is not None:
            yoga.YGNodeStyleSetFlexGrow(node, grow)
        if shrink is not None:
            yoga.YGNodeStyleSetFlexShrink(node, shrink)
    else:
        yoga.YGNodeStyleSetFlex(node, float("nan"))
        yoga.YGNodeStyleSetFlexGrow(node, 0.0 if grow is None else grow)
        yoga.YGNodeStyleSetFlexShrink(node, 1.0 if shrink is None else shrink)


def apply_style(node, style):
    """StyleViewConfigurator.applyYogaProperties(from: Style, to:)."""
    apply_flex(node, style.get("flex") if isinstance(style.get("flex"), dict) else {})
    absolute = style.get("positionType") == "ABSOLUTE"
    yoga.YGNodeStyleSetPositionType(
        node, yoga.YGPositionType.Absolute if absolute else yoga.YGPositionType.Relative)
    if style.get("display") == "NONE":
        yoga.YGNodeStyleSetDisplay(node, yoga.YGDisplay.DisplayNone)
    size = style.get("size")
    if isinstance(size, dict):
        set_value(node, unit_value(size.get("width")), yoga.YGNodeStyleSetWidth,
                  yoga.YGNodeStyleSetWidthPercent, yoga.YGNodeStyleSetWidthAuto)
        set_value(node, unit_value(size.get("height")), yoga.YGNodeStyleSetHeight,
                  yoga.YGNodeStyleSetHeightPercent, yoga.YGNodeStyleSetHeightAuto)
        set_value(node, unit_value(size.get("maxWidth")), yoga.YGNodeStyleSetMaxWidth,
                  yoga.YGNodeStyleSetMaxWidthPercent)
        set_value(node, unit_value(size.get("maxHeight")), yoga.YGNodeStyleSetMaxHeight,
                  yoga.YGNodeStyleSetMaxHeightPercent)
        set_value(node, unit_value(size.get("minWidth")), yoga.YGNodeStyleSetMinWidth,
                  yoga.YGNodeStyleSetMinWidthPercent)
        set_value(node, unit_value(size.get("minHeight")), yoga.YGNodeStyleSetMinHeight,
                  yoga.YGNodeStyleSetMinHeightPercent)
        ratio = number(size.get("aspectRatio"))
        if ratio is not None:
            yoga.YGNodeStyleSetAspectRatio(node, ratio)
    margin = style.get("margin")
    if isinstance(margin, dict):
        # setMargin: all, left, top, right, bottom, horizontal, vertical, each on its
        # own Yoga edge.
        for key in ("all", "left", "top", "right", "bottom", "horizontal", "vertical"):
            edge = EDGES[key]
            set_value(
                node, unit_value(margin.get(key)),
                lambda n, v, e=edge: yoga.YGNodeStyleSetMargin(n, e, v),
                lambda n, v, e=edge: yoga.YGNodeStyleSetMarginPercent(n, e, v),
                lambda n, e=edge: yoga.YGNodeStyleSetMarginAuto(n, e))
    padding = style.get("padding")
    if isinstance(padding, dict):
        for key in ("all", "left", "top", "right", "bottom", "horizontal", "vertical"):
            edge = EDGES[key]
            set_value(
                node, unit_value(padding.get(key)),
                lambda n, v, e=edge: yoga.YGNodeStyleSetPadding(n, e, v),
                lambda n, v, e=edge: yoga.YGNodeStyleSetPaddingPercent(n, e, v))
    position = style.get("position")
    if isinstance(position, dict):
        # setPosition: the four edges assigned in order, the later winning.
        assignments = [("all", ("left", "right", "top", "bottom"))]
        assignments += [(side, (side,)) for side in ("left", "top", "right", "bottom")]
        assignments += [("vertical", ("top", "bottom")), ("horizontal", ("left", "right"))]
        for key, sides in assignments:
            value = unit_value(position.get(key))
            for side in sides:
                edge = EDGES[side]
                set_value(
                    node, value,
                    lambda n, v, e=edge: yoga.YGNodeStyleSetPosition(n, e, v),
                    lambda n, v, e=edge: yoga.YGNodeStyleSetPositionPercent(n, e, v))


def build(component, config, pointer, nodes):
    """A Yoga node for `component` and its children; `nodes` collects (id, node,
    parent index) in document order."""
    if not isinstance(component, dict):
        raise Refused(f"{pointer}: not a component")
    kind = component.get("_beagleComponent_")
    if kind not in WIDGETS:
        raise Refused(f"{pointer}: '{kind}' is not laid out by this checker (containers and fixed-size leaves only)")
    style = component.get("style") if isinstance(component.get("style"), dict) else {}
    node = yoga.YGNodeNewWithConfig(config)
    apply_style(node, style)
    if kind in LEAVES:
        size = style.get("size") if isinstance(style.get("size"), dict) else {}
        width = unit_value(size.get("width"))
        height = unit_value(size.get("height"))
        if not (width and width[0] == "point" and height and height[0] == "point"):
            raise Refused(f"{pointer}: a {kind} needs a width and a height in points (its content is not measured)")
    entry = {"id": component.get("id"), "node": node, "children": []}
    nodes.append(entry)
    children = component.get("children") if kind == "beagle:container" else None
    for index, child in enumerate(children or []):
        child_entry = build(child, config, f"{pointer}/children/{index}", nodes)
        yoga.YGNodeInsertChild(node, child_entry["node"], index)
        entry["children"].append(child_entry)
    return entry


def frames(screen, width, height):
    config = yoga.YGConfigNew()
    yoga.YGConfigSetPointScaleFactor(config, 0.0)
    nodes = []
    root = build(screen, config, "", nodes)
    yoga.YGNodeCalculateLayout(root["node"], width, height, yoga.YGDirection.LTR)
    out = {}

    def walk(entry, x, y, hidden):
        node = entry["node"]
        hidden = hidden or yoga.YGNodeStyleGetDisplay(node) == yoga.YGDisplay.DisplayNone
        left = x + yoga.YGNodeLayoutGetLeft(node)
        top = y + yoga.YGNodeLayoutGetTop(node)
        if isinstance(entry["id"], str):
            out[entry["id"]] = {
                "x": round(left, 4), "y": round(top, 4),
                "width": round(yoga.YGNodeLayoutGetWidth(node), 4),
                "height": round(yoga.YGNodeLayoutGetHeight(node), 4),
                "hidden": hidden,
            }
        for child in entry["children"]:
            walk(child, left, top, hidden)

    walk(root, 0.0, 0.0, False)
    yoga.YGNodeFreeRecursive(root["node"])
    return out


def main(arguments):
    width, height, path = 375.0, 647.0, None
    remaining = list(arguments)
    while remaining:
        argument = remaining.pop(0)
        if argument in ("--width", "--height") and remaining:
            value = float(remaining.pop(0))
            if argument == "--width":
                width = value
            else:
                height = value
        elif path is None and not argument.startswith("--"):
            path = argument
        else:
            sys.stderr.write(f"usage: yoga_frames.py SCREEN.json [--width W] [--height H]\n")
            return 64
    if path is None:
        sys.stderr.write("usage: yoga_frames.py SCREEN.json [--width W] [--height H]\n")
        return 64
    with open(path, encoding="utf-8") as handle:
        screen = json.load(handle)
    try:
        result = frames(screen, width, height)
    except Refused as refusal:
        sys.stderr.write(f"yoga_frames.py: {path}{refusal}\n")
        return 2
    json.dump({"yoga": yoga.poga_yoga_version(), "frames": result}, sys.stdout, sort_keys=True)
    sys.stdout.write("\n")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
