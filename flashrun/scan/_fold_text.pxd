# Types for the compiled copy of _fold_text.py (Cython's augmenting .pxd, like
# _fold.pxd): str and bytes locals, so their methods and slices compile to direct
# calls. The .py stays the source; this file changes no behaviour.

cimport cython

@cython.locals(line=unicode, head=unicode, low=unicode)
cpdef bint quiet(line)

cpdef make_terminal(exc_type, message, line, rank)
cpdef make_result(dict values)

@cython.locals(line=unicode, i=Py_ssize_t, exc_type=unicode, message=unicode)
cpdef parse_terminal(bytes raw, Py_ssize_t rank)

@cython.locals(raw=bytes, neg=bint, digits=bytearray, c=int)
cpdef to_int(raw)
