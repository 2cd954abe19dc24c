"""Mechanism: processes, pipes, the event loop, and the supervisor loop that acts on decisions.

The runtime layer of docs/architecture.md: ``supervisor`` runs attempts of a ``GroupSpec``
(``attempt`` → ``process``/``stream``/``ring``/``echo``, the no-orphan ``guard``), asks
``flashrun.policy`` what to do after each failure and records everything through
``flashrun.record``. ``loop`` picks uvloop or asyncio and runs coroutines from plain code
or from inside a running loop. Nothing here decides policy.
"""
