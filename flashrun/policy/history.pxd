# Types for the compiled copy of history.py (Cython's augmenting .pxd, like the scan's
# _fold_text.pxd): str locals and Py_ssize_t indices, so normalise's passes index the
# message as C loops do. The .py stays the source; this file changes no behaviour.

cimport cython

@cython.locals(text=unicode, last=Py_ssize_t, i=Py_ssize_t, k=Py_ssize_t)
cpdef unicode _hex_pass(unicode text)

@cython.locals(text=unicode, k=Py_ssize_t)
cpdef Py_ssize_t _path_end(unicode text, Py_ssize_t k)

@cython.locals(text=unicode, last=Py_ssize_t, i=Py_ssize_t, k=Py_ssize_t, start=Py_ssize_t,
               c=Py_UCS4)
cpdef unicode _path_pass(unicode text, bint drive)

cpdef bint _decimal(Py_UCS4 c)
cpdef bint _space(Py_UCS4 c)
cpdef bint _word(Py_UCS4 c)

@cython.locals(text=unicode, last=Py_ssize_t, a=Py_ssize_t, r=Py_ssize_t, k=Py_ssize_t,
               d=Py_ssize_t, start=Py_ssize_t)
cpdef unicode _rank_pass(unicode text)

@cython.locals(text=unicode, last=Py_ssize_t, i=Py_ssize_t, k=Py_ssize_t)
cpdef unicode _number_pass(unicode text)
