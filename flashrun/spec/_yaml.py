"""The YAML dialect of grid.yaml: YAML 1.2 scalars, a safe loader, a dumper that agrees,
and the limits that keep a hostile file cheap to reject.

Used by ``spec/grid.py`` (reading) and ``SweepSpec.to_yaml`` (writing ``spec.yaml``); the
first arrow of the data flow in docs/architecture.md. No I/O here.

Scalars follow the YAML 1.2 core schema, not PyYAML's 1.1 defaults: only
``true``/``false`` (three spellings each) are booleans, so ``yes``, ``no``, ``on``,
``off`` stay strings and an argv never changes silently; integers are decimal,
``0o17`` or ``0x1f``, so ``010`` is 10 and ``1:20`` (1.1's base 60) and ``1_000``
are strings; ``1e-3`` is a float; dates are strings. ``<<`` merge keys still work.

Limits (checked before anything is built): a document of at most
:data:`MAX_DOCUMENT_BYTES`, nesting at most :data:`MAX_DEPTH` deep, and at most
:data:`MAX_ALIAS_NODES` nodes reached through aliases beyond the document's own nodes
(:func:`expansion`), so a "billion laughs" alias bomb is one error in milliseconds.
"""
import re
from typing import Any, Tuple

MAX_DOCUMENT_BYTES = 16 << 20
MAX_DEPTH = 64
MAX_ALIAS_NODES = 100_000

_FLOAT12 = re.compile(r"^[-+]?[0-9][0-9_]*(?:\.[0-9_]*)?[eE][-+]?[0-9]+$")
_CORE = (
    ("tag:yaml.org,2002:bool", r"^(?:true|True|TRUE|false|False|FALSE)$", "tTfF"),
    ("tag:yaml.org,2002:int", r"^(?:[-+]?[0-9]+|0o[0-7]+|0x[0-9a-fA-F]+)$", "-+0123456789"),
    ("tag:yaml.org,2002:float",
     r"^(?:[-+]?(?:\.[0-9]+|[0-9]+(?:\.[0-9]*)?)(?:[eE][-+]?[0-9]+)?"
     r"|[-+]?\.(?:inf|Inf|INF)|\.(?:nan|NaN|NAN))$", "-+.0123456789"),
    ("tag:yaml.org,2002:null", r"^(?:~|null|Null|NULL|)$", ["~", "n", "N", ""]),
)
_YAML: Any = None


def _core_int(loader, node):
    text = loader.construct_scalar(node)
    sign, digits = (-1, text[1:]) if text[:1] == "-" else (1, text.lstrip("+"))
    if digits.startswith("0o"):
        return sign * int(digits[2:], 8)
    if digits.startswith("0x"):
        return sign * int(digits[2:], 16)
    return sign * int(digits, 10)


def yaml_classes():
    """(Loader, Dumper): safe, YAML 1.2 core scalars on reading; the dumper quotes any
    string that either YAML 1.1 or 1.2 would read as something else, so ``spec.yaml``
    loads back unchanged whoever reads it."""
    global _YAML
    if _YAML is None:
        import yaml

        class Loader(yaml.SafeLoader):
            pass

        class Dumper(yaml.SafeDumper):
            pass

        keep = {"tag:yaml.org,2002:merge"}
        Loader.yaml_implicit_resolvers = {
            first: [(tag, rx) for tag, rx in resolvers if tag in keep]
            for first, resolvers in yaml.SafeLoader.yaml_implicit_resolvers.items()}
        for tag, rx, first in _CORE:
            Loader.add_implicit_resolver(tag, re.compile(rx), list(first))
            Dumper.add_implicit_resolver(tag, re.compile(rx), list(first))
        Loader.add_constructor("tag:yaml.org,2002:int", _core_int)
        Dumper.add_implicit_resolver("tag:yaml.org,2002:float", _FLOAT12, list("-+0123456789"))
        _YAML = (Loader, Dumper)
    return _YAML


def loader_class():
    return yaml_classes()[0]


def expansion(root: Any) -> Tuple[int, int, int, Any]:
    """(distinct nodes, nodes once every alias is expanded, deepest nesting, the node where
    the expansion or depth limit was first passed or None) of a composed YAML node graph.

    Linear in the distinct nodes (each one's expanded size is computed once); stops as
    soon as a limit is passed. A cycle (a recursive alias) counts its back edge as one
    node; building reports it."""
    import yaml

    size = {}
    distinct = 0
    stack = [(root, 0, False)]
    on_path = set()
    deepest = 0
    while stack:
        node, depth, done = stack.pop()
        key = id(node)
        if done:
            on_path.discard(key)
            children = _children(node, yaml)
            size[key] = 1 + sum(size.get(id(c), 1) for c in children)
            if size[key] - distinct > MAX_ALIAS_NODES:
                return distinct, size[key], deepest, node
            continue
        if key in size or key in on_path:
            continue
        distinct += 1
        deepest = max(deepest, depth)
        if depth > MAX_DEPTH:
            return distinct, distinct, depth, node
        on_path.add(key)
        stack.append((node, depth, True))
        for child in _children(node, yaml):
            stack.append((child, depth + 1, False))
    return distinct, size.get(id(root), 1), deepest, None


def _children(node: Any, yaml: Any):
    if isinstance(node, yaml.MappingNode):
        return [n for pair in node.value for n in pair]
    if isinstance(node, yaml.SequenceNode):
        return list(node.value)
    return []
