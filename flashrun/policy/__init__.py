"""Pure policy core (classify → decide steps of the data flow (docs/architecture.md)).

No I/O, no clock, no globals: everything arrives as arguments, so the whole
package is tested by tables and fuzzed. Nothing here imports asyncio or torch.
"""
