#!/usr/bin/env python3
"""Sizes of the production code against the limits the code review set: modules at dpcore's
root, modules over 300 lines, functions over 60 lines, lines over 120 characters, and the
length of every releasing algorithm's module.

Run: ``python3 scripts/code_metrics.py`` (no dependency; prints Markdown tables).
"""
import ast
import os

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
PACKAGES = ("algorithms", "dpcore", "gui", "provider")
RELEASING = ("noisycounts", "perturbpoints", "sanitizedensity", "publishhistograms", "aggregateflows",
             "odflows", "mobilityreport", "synthesizetrips")
MODULE_LINES, FUNCTION_LINES, LINE_CHARS = 300, 60, 120


def production_files() -> list:
    paths = [name for name in os.listdir(ROOT) if name.endswith(".py")]
    for top in PACKAGES:
        for folder, dirs, files in os.walk(os.path.join(ROOT, top)):
            dirs[:] = [d for d in dirs if d != "__pycache__"]
            paths += [os.path.relpath(os.path.join(folder, f), ROOT) for f in files if f.endswith(".py")]
    return sorted(paths)


def functions(tree, prefix=""):
    """(qualified name, lines) of every function and method, nested ones included."""
    for node in ast.iter_child_nodes(tree):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            yield prefix + node.name, node.end_lineno - node.lineno + 1
            yield from functions(node, prefix + node.name + ".")
        elif isinstance(node, ast.ClassDef):
            yield from functions(node, prefix + node.name + ".")


def read_all(files) -> dict:
    """{path: source text} of ``files`` (relative to the repository root)."""
    text = {}
    for path in files:
        with open(os.path.join(ROOT, path), encoding="utf-8") as fh:
            text[path] = fh.read()
    return text


def over_limits(text: dict) -> dict:
    """What passes the limits in ``{path: source}``: modules over MODULE_LINES lines, functions
    over FUNCTION_LINES lines, lines over LINE_CHARS characters, each as (size, where), largest
    first."""
    sizes = {p: len(t.splitlines()) for p, t in text.items()}
    return {
        "modules": sorted(((n, p) for p, n in sizes.items() if n > MODULE_LINES), reverse=True),
        "functions": sorted(((n, f"{p}:{name}") for p, t in text.items()
                             for name, n in functions(ast.parse(t)) if n > FUNCTION_LINES),
                            reverse=True),
        "lines": [(len(line), f"{p}:{i}") for p, t in text.items()
                  for i, line in enumerate(t.splitlines(), 1) if len(line) > LINE_CHARS]}


def main():
    files = production_files()
    text = read_all(files)
    root = sorted(p for p in files if p.startswith("dpcore/") and p.count("/") == 1)
    print(f"dpcore root modules: {len(root)} ({', '.join(root)})\n")
    sizes = {p: len(t.splitlines()) for p, t in text.items()}
    over = over_limits(text)
    print(f"production modules: {len(files)}, {sum(sizes.values())} lines; "
          f"over {MODULE_LINES} lines: {len(over['modules'])}\n")
    print("| module | lines |\n|---|---:|")
    print("\n".join(f"| {p} | {n} |" for n, p in over["modules"]))
    print(f"\nfunctions over {FUNCTION_LINES} lines: {len(over['functions'])}\n")
    print("| function | lines |\n|---|---:|")
    print("\n".join(f"| {name} | {n} |" for n, name in over["functions"]))
    print(f"\nlines over {LINE_CHARS} characters: {len(over['lines'])}\n")
    print("| releasing algorithm | module | lines |\n|---|---|---:|")
    for name in RELEASING:
        path = next(p for p in files if p.startswith("algorithms/") and os.path.basename(p) == f"{name}.py")
        print(f"| {name} | {path} | {sizes[path]} |")


if __name__ == "__main__":
    main()
