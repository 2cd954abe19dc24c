"""What is secret, decided once: the rule every place flashrun writes or prints applies.

A leaf of the import graph (docs/architecture.md, "Layers"), like flashrun/defaults.py: it
imports nothing from flashrun, so the spec (trial ids), the record (events, state,
results, params.json, spec.yaml), the runtime (the ``believed:`` line) and the views
(terminal, ``status``, ``--dry-run``) all ask this module and nothing else.

The rule. A value is secret when

* it sits under a **secret name**: a mapping key, environment variable, parameter
  or ``--flag`` one of whose words (split at ``_ - .`` and camelCase) is ``token``,
  ``key``, ``secret``, ``password``, ``passwd``, ``pass``, ``passphrase``,
  ``credential(s)`` or ``apikey`` (``HF_TOKEN``, ``--db-pass``, ``apiKey``; not
  ``max_tokens``, ``tokenizer``, ``keyframes``, ``bypass``); the short flag ``-p``
  (the password flag of mysql and many CLIs) counts too;
* or it has the **shape** of a credential wherever it appears: ``sk-…`` (OpenAI,
  Anthropic), ``hf_…`` (Hugging Face), ``AKIA…``/``ASIA…`` (AWS access keys),
  ``ghp_…``/``gho_…``/``ghs_…``/``github_pat_…`` (GitHub), ``xoxb-…``/``xoxp-…``
  (Slack), ``glpat-…`` (GitLab).

In free text (a log line, a reason, a shell string) ``NAME=value`` and
``--secret-flag value`` and ``password: value`` have the value masked, and every
credential-shaped word is masked wherever it stands. Masked values read ``***``.
Where an identifier must stay distinct per value (trial ids), :func:`fingerprint`
gives a short hash instead.
"""
from __future__ import annotations

import hashlib
import re
from typing import Any, Mapping, Sequence

__all__ = ["REDACTED", "fingerprint", "is_secret_name", "is_secret_value", "is_sensitive",
           "redact", "redact_argv", "redact_text", "scrub", "secret_param"]

REDACTED = "***"

_WORDS = frozenset({"token", "key", "secret", "secrets", "password", "passwd", "pass",
                    "passphrase", "credential", "credentials", "apikey", "secretkey",
                    "accesskey", "privatekey"})
_SPLIT = re.compile(r"[^A-Za-z0-9]+|(?<=[a-z0-9])(?=[A-Z])")
_SHORT_FLAGS = frozenset({"-p"})
_SHAPES = (r"sk-[A-Za-z0-9_\-]{16,}", r"hf_[A-Za-z0-9]{16,}", r"A[KS]IA[0-9A-Z]{16}",
           r"gh[opsur]_[A-Za-z0-9]{20,}", r"github_pat_[A-Za-z0-9_]{20,}",
           r"xox[abpr]-[A-Za-z0-9\-]{10,}", r"glpat-[A-Za-z0-9_\-]{20}")
_SHAPE = re.compile(r"(?<![A-Za-z0-9])(?:%s)" % "|".join(_SHAPES))
# ``--api-token=abc`` / ``-password=abc`` / ``HF_TOKEN=abc`` (one argv element).
_ASSIGN = re.compile(r"^(?P<name>-{0,2}[A-Za-z_][A-Za-z0-9_.\-]*)=(?P<value>.*)$", re.DOTALL)
# The same inside free text (each NAME is checked by is_secret_name):
# ``HF_TOKEN=abc`` → ``HF_TOKEN=***``; ``--db-pass X`` / ``-p X``; ``password: X`` (for the
# colon form the *last* word must be secret: ``KeyError: 'lr'`` stays).
_TEXT_ASSIGN = re.compile(r"(?P<name>[A-Za-z0-9_.\-]+)=(?P<value>[^\s'\"]+)")
_TEXT_FLAG = re.compile(r"(?<![\w-])(?P<name>--?[A-Za-z0-9_.\-]+)(?P<sep>[ \t]+)"
                        r"(?P<value>[^\s\-'\"][^\s'\"]*)")
_TEXT_COLON = re.compile(r"(?<![\w.-])(?P<name>[A-Za-z0-9_.\-]+)(?P<sep>[ \t]*:[ \t]*)"
                         r"(?P<value>[^\s'\"]+)")


def _words(name: str) -> list:
    return [w.lower() for w in _SPLIT.split(name) if w]


def is_secret_name(name: Any) -> bool:
    """True when a key, variable, parameter or flag called *name* holds a secret."""
    name = str(name)
    return name in _SHORT_FLAGS or any(w in _WORDS for w in _words(name))


is_sensitive = is_secret_name  # the historical name (events.py, terminal.py)


def is_secret_value(value: Any) -> bool:
    """True when *value* (a string, or a list of them) contains a credential-shaped word."""
    if isinstance(value, (list, tuple)):
        return any(is_secret_value(v) for v in value)
    return isinstance(value, str) and bool(_SHAPE.search(value))


def secret_param(name: Any, value: Any) -> bool:
    """A parameter (or env variable) is secret by its name or by its value's shape,
    or when its value is an argv fragment that passes a secret (``--api-key=x``)."""
    if is_secret_name(name) or is_secret_value(value):
        return True
    values = value if isinstance(value, (list, tuple)) else [value]
    strings = [v for v in values if isinstance(v, str)]
    return redact_argv(strings) != strings or any(redact_text(v) != v for v in strings)


def fingerprint(value: Any) -> str:
    """Six hex digits of sha256 of *value*'s text: tells two secrets apart, reveals neither."""
    text = " ".join(map(str, value)) if isinstance(value, (list, tuple)) else str(value)
    return hashlib.sha256(text.encode("utf-8", "surrogatepass")).hexdigest()[:6]


def redact(env: Mapping[str, Any]) -> dict:
    """Copy of *env* with every secret value (by name or shape) replaced by ``"***"``.

    >>> redact({"HF_TOKEN": "hf_abc", "PATH": "/bin"})
    {'HF_TOKEN': '***', 'PATH': '/bin'}
    """
    return {k: (REDACTED if secret_param(k, v) else v) for k, v in env.items()}


def redact_argv(argv: Sequence[Any]) -> list:
    """Copy of *argv* with the values of secret flags (and credential shapes) masked.

    Handles ``--api-token=abc``, ``--password abc`` / ``-p abc`` (the next element,
    unless it is itself a flag) and ``NAME_KEY=abc`` assignments (``env A_TOKEN=x cmd``).
    Flags without a value (``--no-secret-scan``) are left alone.
    """
    out = []
    hide_next = False
    for arg in argv:
        if not isinstance(arg, str):
            out.append(arg)
            hide_next = False
            continue
        if hide_next and not arg.startswith("-"):
            out.append(REDACTED)
            hide_next = False
            continue
        hide_next = False
        m = _ASSIGN.match(arg)
        if m is not None and is_secret_name(m.group("name")):
            out.append("%s=%s" % (m.group("name"), REDACTED))
        elif arg.startswith("-") and len(arg) > 1 and is_secret_name(arg):
            out.append(arg)
            hide_next = True
        else:
            out.append(_SHAPE.sub(REDACTED, arg))
    return out


def redact_text(text: str) -> str:
    """*text* with every secret masked: assignments, secret flags' values, ``password: x``
    and credential-shaped words."""
    if not isinstance(text, str):
        return text
    text = _SHAPE.sub(REDACTED, text)
    if "=" in text:
        text = _TEXT_ASSIGN.sub(lambda m: "%s=%s" % (m.group("name"), REDACTED)
                                if is_secret_name(m.group("name")) else m.group(0), text)
    if "-" in text:
        text = _TEXT_FLAG.sub(lambda m: m.group("name") + m.group("sep") + REDACTED
                              if is_secret_name(m.group("name")) else m.group(0), text)
    if ":" in text:
        text = _TEXT_COLON.sub(lambda m: m.group("name") + m.group("sep") + REDACTED
                               if (_words(m.group("name")) or [""])[-1] in _WORDS
                               else m.group(0), text)
    return text


def scrub(value: Any) -> Any:
    """Deep copy of a JSON-like *value* with every secret replaced.

    Mappings: a secret key hides its whole value. Lists/tuples of strings are
    treated as argv (:func:`redact_argv`). Any other string goes through
    :func:`redact_text`.
    """
    if isinstance(value, str):
        return redact_text(value)
    if isinstance(value, Mapping):
        return {str(k): (REDACTED if is_secret_name(str(k)) else scrub(v))
                for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        if value and all(isinstance(v, str) for v in value):
            return [redact_text(v) for v in redact_argv(value)]
        return [scrub(v) for v in value]
    return value
