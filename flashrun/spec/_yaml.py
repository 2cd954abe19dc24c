"""The YAML dialect of grid.yaml: a safe loader and a dumper that agree with each other.

Used by ``spec/grid.py`` (reading) and ``SweepSpec.to_yaml`` (writing ``spec.yaml``); the
first arrow of the data flow in docs/architecture.md. No I/O here.
"""
import re
from typing import Any

_FLOAT12 = re.compile(r"^[-+]?[0-9][0-9_]*(?:\.[0-9_]*)?[eE][-+]?[0-9]+$")
_YAML: Any = None


def yaml_classes():
    """(Loader, Dumper): safe, and reading YAML 1.2 floats such as ``1e-3`` as numbers (the
    dumper quotes strings that look like them, so ``spec.yaml`` loads back unchanged)."""
    global _YAML
    if _YAML is None:
        import yaml

        class Loader(yaml.SafeLoader):
            pass

        class Dumper(yaml.SafeDumper):
            pass

        for cls in (Loader, Dumper):
            cls.add_implicit_resolver("tag:yaml.org,2002:float", _FLOAT12, list("-+0123456789"))
        _YAML = (Loader, Dumper)
    return _YAML


def loader_class():
    return yaml_classes()[0]


