# Types for the compiled copy of _fold.py (Cython's augmenting .pxd): the fold's
# two classes become extension types with typed fields, so an event's push reads
# and writes C fields instead of instance dicts; the event codes it compares are C
# ints, and its helpers C-level calls. The .py stays the source and the pure-Python
# twin's fold; this file changes no behaviour, only how fast it runs (hashed with
# the .py by flashrun/compiled.py, so an edit here also makes a build stale).

cimport cython

cdef int EV_TB, EV_TERM, EV_MARK, EV_NATIVE, EV_EXIT, EV_CFE, EV_SECTION, EV_RESTART, EV_IGNORED, EV_SITE, CTX_FRAMES, CTX_MSG


cpdef list _bits(mask)
cpdef bint _survived(dict activity, rank, act)
cpdef _symptom(_Record record)
@cython.locals(plain=list, ranked=list)
cpdef _choose(list candidates, cfe_rank, bint signalled)
@cython.locals(per_rank=dict, record=_Record)
cpdef _across_ranks(list records, bint last)


cdef class _Record:
    cdef public object rank
    cdef public list terms
    cdef public object mask
    cdef public object act
    cdef public dict evidence
    cdef public bint ignored
    cdef public bint reports_death
    cdef public bint native


cdef class Fold:
    cdef public list records
    cdef public dict open
    cdef public Py_ssize_t total
    cdef public dict marks
    cdef public object exitcode
    cdef public object native
    cdef public bint child_failed
    cdef public dict cfe
    cdef public list hard
    cdef public dict cfe_pending
    cdef public object hard_task
    cdef public object recent
    cdef public dict site
    cdef public set ignore_next
    cdef public object report_act
    cdef public object exit_lineno
    cdef public tuple site_patterns
    cdef public tuple site_literals
    cpdef _Record _new(self, rank)
    # (a marker's bit index is a C int: its bit is _BIT[bit], never "1 << bit", which
    # overflows past bit 31 in C; tests/test_compiled.py compares this compiled fold
    # with its source)
    @cython.locals(kind=int, record=_Record, bit=int)
    cpdef push(self, tuple event)
    cpdef push_all(self, list events)
    @cython.locals(record=_Record, candidates=list, aside=list, markers=list, evidence=list,
                   stale=Py_ssize_t, bit=int)
    cpdef result(self, dict activity, Py_ssize_t lines, cut=*)
