/* The per-call entry points of is_win and shanten, as plain C functions (METH_FASTCALL).
 *
 * A call of one of these does little work (a table look-up), so what it costs is mostly the
 * call itself: the interpreter calls a builtin function of this kind more cheaply than a
 * Cython function, and the usual case (positional arguments, a list or tuple of known small
 * ints or 34 bytes, a known number of wilds) needs no argument parsing at all. Every other
 * call (keyword arguments, other types, anything invalid) is handed on, arguments untouched,
 * to the module's Cython function of the same name, which reads every input form and raises
 * the reference's errors: so these add a fast path and change no answer or message.
 *
 * Public C API only (PyCFunction_NewEx, PyObject_Vectorcall, ...).
 */
#ifndef NBMJ_PYCALLS_H
#define NBMJ_PYCALLS_H

#include <Python.h>

#include "pyread.h"
#include "shape.h"

/* The Cython functions the fast paths hand on to (references held for the process). */
static PyObject *nb_general_is_win, *nb_general_shanten;

/* The suit indices and wilds of a call when its fast path can answer it: the total, else -1. */
static inline long nb_fast_read(PyObject *const *args, Py_ssize_t nargs, PyObject *kwnames, int idx[4], int *wilds) {
    if (kwnames || nargs < 1 || nargs > 2) return -1;
    PyObject *hand = args[0];
    long w = 0;
    if (nargs == 2 && (w = nb_known_value(args[1])) < 0) return -1;
    long real;
    if (PyList_CheckExact(hand) || PyTuple_CheckExact(hand))
        real = nb_read_indices(hand, idx);
    else if (PyBytes_CheckExact(hand) && PyBytes_GET_SIZE(hand) == NB_KINDS)
        real = nb_row_indices((const uint8_t *)PyBytes_AS_STRING(hand), idx);
    else
        return -1;
    if (real < 0 || real + w > NB_MAX_TILES) return -1;
    *wilds = (int)w;
    return real + w;
}

static PyObject *nb_fast_is_win(PyObject *module, PyObject *const *args, Py_ssize_t nargs, PyObject *kwnames) {
    int idx[4], wilds;
    long total = nb_fast_read(args, nargs, kwnames, idx, &wilds);
    /* the tables exist once the general function has run (it builds them) */
    if (total % 3 != 2 || !nb_ready())
        return PyObject_Vectorcall(nb_general_is_win, args, (size_t)nargs, kwnames);
    (void)module;
    return PyBool_FromLong(nb_min_wilds_at(idx) <= wilds);
}

static PyObject *nb_fast_shanten(PyObject *module, PyObject *const *args, Py_ssize_t nargs, PyObject *kwnames) {
    int idx[4], wilds;
    long total = nb_fast_read(args, nargs, kwnames, idx, &wilds);
    if (total < 0 || total % 3 == 0 || !nb_ready())
        return PyObject_Vectorcall(nb_general_shanten, args, (size_t)nargs, kwnames);
    (void)module;
    return PyLong_FromLong(nb_shanten_at(idx, wilds, (int)(total / 3)));
}

/* The functions' definitions; their docstrings are filled in at start-up (nb_fast_function). */
static PyMethodDef nb_fast_defs[] = {
    {"is_win", (PyCFunction)(void (*)(void))nb_fast_is_win, METH_FASTCALL | METH_KEYWORDS, NULL},
    {"shanten", (PyCFunction)(void (*)(void))nb_fast_shanten, METH_FASTCALL | METH_KEYWORDS, NULL},
};
enum { NB_FAST_IS_WIN, NB_FAST_SHANTEN };

/* A new builtin function (NB_FAST_IS_WIN or NB_FAST_SHANTEN) in the module named module_name,
 * handing on to general. signature and doc become its docstring the way CPython reads one
 * ("name(params)\n--\n\n" then the text), so inspect.signature sees the parameters and
 * __doc__ is doc itself. Returns NULL with a Python error set on failure. The docstring's
 * memory is kept for the process, as a PyMethodDef requires. */
static PyObject *nb_fast_function(int which, PyObject *general, const char *signature, PyObject *doc,
                                  PyObject *module_name) {
    PyMethodDef *def = &nb_fast_defs[which];
    if (!def->ml_doc) {
        Py_ssize_t doc_len;
        const char *doc_text = PyUnicode_AsUTF8AndSize(doc, &doc_len);
        if (!doc_text) return NULL;
        size_t sig_len = strlen(signature);
        char *text = PyMem_RawMalloc(sig_len + 5 + (size_t)doc_len + 1);
        if (!text) return PyErr_NoMemory();
        memcpy(text, signature, sig_len);
        memcpy(text + sig_len, "\n--\n\n", 5);
        memcpy(text + sig_len + 5, doc_text, (size_t)doc_len + 1);
        def->ml_doc = text;
    }
    PyObject *function = PyCFunction_NewEx(def, NULL, module_name);
    if (function) {
        PyObject **slot = which == NB_FAST_IS_WIN ? &nb_general_is_win : &nb_general_shanten;
        PyObject *old = *slot;
        Py_INCREF(general);
        *slot = general;
        Py_XDECREF(old);
    }
    return function;
}

#endif
