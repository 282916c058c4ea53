/* Reading Python arguments for the compiled core: counts from a list or tuple, whole numbers.
 *
 * Public C API only (PySequence_Fast_ITEMS, PyLong_CheckExact, PyLong_AsLongAndOverflow, the
 * nb_bool slot of int's number methods): no assumption about how CPython stores or caches
 * its integers. Each reader answers "could not read" instead of raising, leaving no Python
 * error set, so that the caller can send the argument down the slow path, where the
 * pure-Python reference validates it and raises its own error with its own message.
 */
#ifndef NBMJ_PYREAD_H
#define NBMJ_PYREAD_H

#include <Python.h>
#include <stdint.h>

/* An exact int's value when it lies in 0..hi, else -1 (no Python error is left set). */
static inline long nb_small_value(PyObject *o, long hi) {
    if (!PyLong_CheckExact(o)) return -1;
    int overflow;
    long v = PyLong_AsLongAndOverflow(o, &overflow);
    /* one unsigned comparison is both bounds; -1 with an error set cannot come from an exact
     * int, but clear it anyway so the contract holds */
    if ((unsigned long)v > (unsigned long)hi) {
        if (v == -1 && PyErr_Occurred()) PyErr_Clear();
        return -1;
    }
    return v;
}

/* n exact ints 0..hi from a list or tuple into out. Returns their sum, or -1 when the
 * sequence has another length or an item is not such an int. */
static inline long nb_read_small(PyObject *seq, Py_ssize_t n, long hi, uint8_t *out) {
    if (PySequence_Fast_GET_SIZE(seq) != n) return -1;
    PyObject **items = PySequence_Fast_ITEMS(seq);
    long total = 0;
    for (Py_ssize_t k = 0; k < n; k++) {
        long v = nb_small_value(items[k], hi);
        if (v < 0) return -1;
        out[k] = (uint8_t)v;
        total += v;
    }
    return total;
}

/* A hand's 34 counts (each 0-4) from a list or tuple; their sum, or -1 (see nb_read_small).
 *
 * The same answer as nb_read_small(seq, 34, 4, out), in two passes, because most counts are
 * 0 and which ones are is random: converting every item makes the converter's branch on the
 * int's size mispredict about once per nonzero count, which costs more than the conversion.
 * The first pass asks each item only whether it is nonzero, through int's own nb_bool slot
 * (no branch on the answer: the nonzero positions are gathered by index arithmetic); the
 * second converts just those, all of one size, so its branches are predictable. */
static inline long nb_read_sequence(PyObject *seq, uint8_t *out) {
    if (PySequence_Fast_GET_SIZE(seq) != 34) return -1;
    PyObject **items = PySequence_Fast_ITEMS(seq);
    inquiry nonzero = PyLong_Type.tp_as_number->nb_bool;
    uint8_t at[34];
    int n = 0;
    for (int k = 0; k < 34; k++) {
        if (!PyLong_CheckExact(items[k])) return -1;
        out[k] = 0;
        at[n] = (uint8_t)k;
        n += nonzero(items[k]) != 0;
    }
    long total = 0;
    for (int j = 0; j < n; j++) {
        long v = nb_small_value(items[at[j]], 4);
        if (v < 0) return -1;
        out[at[j]] = (uint8_t)v;
        total += v;
    }
    return total;
}

/* An exact int as a C long into *out: 1 when read, 0 when the slow path must judge it. */
static inline int nb_read_wilds(PyObject *o, long *out) {
    if (!PyLong_CheckExact(o)) return 0;
    int overflow;
    *out = PyLong_AsLongAndOverflow(o, &overflow);
    if (overflow || (*out == -1 && PyErr_Occurred())) {
        PyErr_Clear();
        return 0;
    }
    return 1;
}

#endif
