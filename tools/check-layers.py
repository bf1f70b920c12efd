#!/usr/bin/python3
"""Checks the project's layering against cmake/layers.txt (the one table of what may use what).

    tools/check-layers.py [--root DIR] [--links FILE]
    tools/check-layers.py --self-test

Fails (exit 1, one line per fault) when:
- the table has a cycle, or a layer uses one of a higher rank (engine < opening-book <
  protocol < adapters < tools, tests);
- an engine part uses a part that comes after it in the table's `order:` line (the intended
  order of engine/'s parts, so that an arrow "back up" inside the engine has a meaning);
- the engine's files include each other in a circle: a module (a .h with its .cpp and its
  _internal.h) that reaches itself again through the modules it includes;
- a source file lies in no layer of the table;
- a file #includes a project header of a layer that its own layer may not use;
- a library links (FILE, written by CMake: "target layer linked-target...") a project
  library of a layer that its own layer may not use.
A layer may use the layers it lists and, through them, what they list.
"""
import argparse
import fnmatch
import os
import re
import sys
import tempfile

TOP_RANK = {"engine": 0, "opening-book": 1, "protocol": 2, "adapters": 3, "tools": 4, "tests": 5}
SOURCE_DIRS = ["engine", "opening-book", "protocol", "adapters", "tools", "tests"]
SOURCE_EXTENSIONS = (".h", ".hpp", ".cpp", ".cc", ".cpp.in")
INCLUDE = re.compile(r'^\s*#\s*include\s*"([^"]+)"')


def read_table(path):
    """{layer: [patterns it lists]} in the table's order, and the `order:` line's parts."""
    table, order = {}, []
    with open(path) as f:
        for number, line in enumerate(f, 1):
            line = line.split("#", 1)[0].strip()
            if not line:
                continue
            if line.startswith("order:"):
                order = line[len("order:"):].split()
                continue
            layer, sep, uses = line.partition(":")
            if not sep:
                raise SystemExit(f"{path}:{number}: expected 'layer: uses...'")
            table[layer.strip()] = uses.split()
    return table, order


def rank(layer):
    return TOP_RANK[layer.split("/")[0]]


def direct_uses(table, layer):
    """The layers that `layer` lists, its patterns expanded ("*": every layer of its rank
    or lower)."""
    found = set()
    for pattern in table[layer]:
        if pattern == "*":
            found.update(l for l in table if l != layer and rank(l) <= rank(layer))
        else:
            found.update(l for l in table if l != layer and fnmatch.fnmatchcase(l, pattern))
    return found


def closures(table):
    """{layer: every layer it may use}, and the faults of the table itself."""
    faults = []
    for layer in table:
        for used in direct_uses(table, layer):
            if rank(used) > rank(layer):
                faults.append(f"table: {layer} uses {used}, a higher layer")
    allowed = {}
    for layer in table:
        seen, todo = set(), list(direct_uses(table, layer))
        while todo:
            used = todo.pop()
            if used in seen:
                continue
            seen.add(used)
            todo.extend(direct_uses(table, used))
        if layer in seen and "*" not in table[layer]:
            faults.append(f"table: {layer} depends on itself (a cycle)")
        allowed[layer] = seen | {layer}
    return allowed, faults


def check_order(table, order):
    """Each part named in `order` may use only the parts before it."""
    faults = [f"table: order names {p}, which has no line" for p in order if p not in table]
    for i, part in enumerate(order):
        for used in direct_uses(table, part) if part in table else ():
            if used in order and order.index(used) > i:
                faults.append(f"table: {part} uses {used}, which comes after it in the order")
    return faults


def module_of(path):
    """A file's module: its path without the extension and an _internal suffix."""
    base = os.path.splitext(path)[0]
    return base[: -len("_internal")] if base.endswith("_internal") else base


def include_cycles(root, top="engine"):
    """The circles of modules under `top` that include each other, each as 'a -> b -> a'."""
    edges = {}
    for folder, dirs, files in os.walk(os.path.join(root, top)):
        dirs.sort()
        for name in sorted(files):
            if not name.endswith((".h", ".cpp")):
                continue
            path = os.path.relpath(os.path.join(folder, name), root)
            with open(os.path.join(root, path), errors="replace") as f:
                for line in f:
                    match = INCLUDE.match(line)
                    if match and match.group(1).startswith(top + "/") and \
                            os.path.isfile(os.path.join(root, match.group(1))):
                        a, b = module_of(path), module_of(match.group(1))
                        if a != b:
                            edges.setdefault(a, set()).add(b)
    faults, done = [], set()
    for start in sorted(edges):
        # A path back to start, by breadth-first search: the shortest circle through it.
        previous, frontier = {start: None}, [start]
        while frontier and start not in done:
            nxt = []
            for node in frontier:
                for used in sorted(edges.get(node, ())):
                    if used == start:
                        circle, at = [start], node
                        while at != start:
                            circle.insert(1, at)
                            at = previous[at]
                        faults.append("include cycle: " + " -> ".join(circle + [start]))
                        done.update(circle)
                        nxt = []
                        break
                    if used not in previous:
                        previous[used] = node
                        nxt.append(used)
                else:
                    continue
                break
            frontier = nxt
    return faults


def layer_of(path, table):
    """The deepest table layer holding `path` (relative to the root), or None. A layer with
    deeper layers in the table holds only its own files: its other subfolders need a line."""
    best = None
    for layer in table:
        if path.startswith(layer + "/") and (best is None or len(layer) > len(best)):
            best = layer
    if best is None:
        return None
    nested = any(l.startswith(best + "/") for l in table)
    if nested and "/" in path[len(best) + 1:]:
        return None
    return best


def check_includes(root, table, allowed):
    faults = []
    for top in SOURCE_DIRS:
        for folder, dirs, files in os.walk(os.path.join(root, top)):
            dirs.sort()
            for name in sorted(files):
                if not name.endswith(SOURCE_EXTENSIONS):
                    continue
                path = os.path.relpath(os.path.join(folder, name), root)
                layer = layer_of(path, table)
                if layer is None:
                    faults.append(f"{path}: in no layer of cmake/layers.txt")
                    continue
                faults.extend(check_file(root, path, layer, table, allowed))
    return faults


def check_file(root, path, layer, table, allowed):
    faults = []
    with open(os.path.join(root, path), errors="replace") as f:
        for number, line in enumerate(f, 1):
            match = INCLUDE.match(line)
            if not match:
                continue
            header = match.group(1)
            if not os.path.isfile(os.path.join(root, header)):
                beside = os.path.normpath(os.path.join(os.path.dirname(path), header))
                if not os.path.isfile(os.path.join(root, beside)):
                    continue  # generated at build time, or a system header
                header = beside
            used = layer_of(header, table)
            if used is not None and used not in allowed[layer]:
                faults.append(f"{path}:{number}: {layer} may not include {header} ({used})")
    return faults


def check_links(links_path, table, allowed):
    """Each line of the CMake-written file: target, its layer, the project libraries it links."""
    faults = []
    with open(links_path) as f:
        rows = [line.split() for line in f if line.strip()]
    layers = {row[0]: row[1] for row in rows}
    for target, layer, *linked in rows:
        if layer not in table:
            faults.append(f"{target}: its folder {layer} is in no layer of cmake/layers.txt")
            continue
        for other in linked:
            used = layers.get(other)
            if used is not None and used not in allowed[layer]:
                faults.append(f"{target} ({layer}) may not link {other} ({used})")
    return faults


def run(root, links):
    table, order = read_table(os.path.join(root, "cmake", "layers.txt"))
    unknown = [l for l in table if l.split("/")[0] not in TOP_RANK]
    if unknown:
        return [f"table: unknown top folder in {', '.join(unknown)}"]
    allowed, faults = closures(table)
    faults += check_order(table, order)
    faults += check_includes(root, table, allowed)
    faults += include_cycles(root)
    if links:
        faults += check_links(links, table, allowed)
    return faults


def self_test(root):
    """The checker must catch a violation of each kind in a small tree."""
    with open(os.path.join(root, "cmake", "layers.txt")) as f:
        table_text = f.read()
    cases = {
        "engine/core/a.h": '#include "adapters/match/b.h"\n',
        "adapters/match/b.h": '#include "adapters/tournament/c.h"\n',
        "adapters/tournament/c.h": '#include "adapters/match/b.h"\n',  # allowed
        "adapters/newfolder/d.h": "",
        # The proof checker uses the rules core alone; the solver reaches the player only
        # through its guide (engine/guide).
        "engine/check/e.h": '#include "engine/solve/f.h"\n',
        "engine/solve/f.h": '#include "engine/search/g.h"\n',
        "engine/search/g.h": "",
        "engine/guide/h.h": '#include "engine/solve/f.h"\n#include "engine/search/g.h"\n',
        # Modules of one part that include each other in a circle; an _internal.h that
        # includes its own module's header is no circle.
        "engine/search/p.h": '#include "engine/search/q.h"\n',
        "engine/search/q.h": "",
        "engine/search/q.cpp": '#include "engine/search/r.h"\n',
        "engine/search/r.h": '#include "engine/search/p.h"\n',
        "engine/search/s_internal.h": '#include "engine/search/s.h"\n',
        "engine/search/s.cpp": '#include "engine/search/s_internal.h"\n',
        "engine/search/s.h": "",
    }
    with tempfile.TemporaryDirectory() as tmp:
        os.makedirs(os.path.join(tmp, "cmake"))
        with open(os.path.join(tmp, "cmake", "layers.txt"), "w") as f:
            f.write(table_text)
        for path, text in cases.items():
            os.makedirs(os.path.join(tmp, os.path.dirname(path)), exist_ok=True)
            with open(os.path.join(tmp, path), "w") as f:
                f.write(text)
        links = os.path.join(tmp, "links.txt")
        with open(links, "w") as f:
            f.write("hippolyta_engine engine\nhippolyta_match adapters/match hippolyta_render\n"
                    "hippolyta_render adapters/render hippolyta_match\n")
        faults = run(tmp, links)
        with open(os.path.join(tmp, "cmake", "layers.txt"), "a") as f:
            f.write("adapters/process: adapters/soak\n")  # soak uses process: a cycle
        cycle = run(tmp, None)
        # The regions use the rules core: put them before it in the order, and it is a fault.
        with open(os.path.join(tmp, "cmake", "layers.txt"), "a") as f:
            f.write("order: engine/regions engine/core\n")
        order = run(tmp, None)
    expected = [
        "engine/core/a.h:1: engine/core may not include adapters/match/b.h",
        "engine/check/e.h:1: engine/check may not include engine/solve/f.h",
        "engine/solve/f.h:1: engine/solve may not include engine/search/g.h",
        "adapters/match/b.h:1: adapters/match may not include adapters/tournament/c.h",
        "adapters/newfolder/d.h: in no layer",
        "hippolyta_match (adapters/match) may not link hippolyta_render",
        "include cycle: engine/search/p -> engine/search/q -> engine/search/r -> engine/search/p",
    ]
    missing = [e for e in expected if not any(f.startswith(e) for f in faults)]
    if len(faults) != len(expected):
        missing.append(f"{len(faults)} faults, expected {len(expected)}: {faults}")
    if not any("adapters/soak depends on itself" in f for f in cycle):
        missing.append(f"no cycle found: {cycle}")
    if not any("engine/regions uses engine/core, which comes after it" in f for f in order):
        missing.append(f"no order fault found: {order}")
    for m in missing:
        print(f"check-layers self-test: not caught: {m}", file=sys.stderr)
    return not missing


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    here = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    parser.add_argument("--root", default=here, help="the source tree (default: this one)")
    parser.add_argument("--links", help="the libraries' links, as CMake writes them")
    parser.add_argument("--self-test", action="store_true", help="check the checker")
    args = parser.parse_args()
    if args.self_test:
        ok = self_test(args.root)
        print("check-layers self-test: " + ("ok" if ok else "FAILED"))
        return 0 if ok else 1
    faults = run(args.root, args.links)
    for fault in faults:
        print(fault, file=sys.stderr)
    print(f"check-layers: {len(faults)} faults")
    return 1 if faults else 0


if __name__ == "__main__":
    sys.exit(main())
