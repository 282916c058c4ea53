/* Reading Python arguments for the compiled core: counts from a list or tuple, whole numbers.
 *
 * Public C API only (PySequence_Fast_ITEMS, PyLong_CheckExact, PyLong_AsLongAndOverflow, the
 * nb_bool slot of int's number methods, PyLong_FromLong). No answer depends on how CPython
 * stores or caches its integers: the identity look-up below only makes the usual case fast.
 * Each reader answers "could not read" instead of raising, leaving no Python error set, so
 * that the caller can send the argument down the slow path, where the pure-Python reference
 * validates it and raises its own error with its own message.
 */
#ifndef NBMJ_PYREAD_H
#define NBMJ_PYREAD_H

#include <Python.h>
#include <stdint.h>
#include <string.h>

/* ---------------------------------------------------------------- known int objects
 *
 * A hand's counts are ints 0-4, and converting 34 of them one by one is most of a call. So
 * the reader first compares each item's identity with five int objects it holds, those that
 * PyLong_FromLong(0..4) returned: an object that is one of them is an exact int of that
 * value, since ints never change. Where the interpreter hands out one object per small
 * value (CPython does), every item of a valid hand is one of the five, and reading it is a
 * look-up in a small table instead of a call. Where it does not, items simply miss and the
 * full reader converts them: the answer never depends on which objects are shared.
 *
 * The table is indexed by a multiplicative hash of an object's address, the top bits of
 * address * multiplier; the multiplier is found once, at start-up, as one that tells the
 * five addresses apart (nothing about where they lie is assumed). Slots left empty hold
 * NULL, which no item is; if no multiplier works, every slot stays empty and every read
 * takes the full path. */
#define NB_KNOWN_INTS 5 /* the objects of 0..4 */
#define NB_KNOWN_BITS 6
#define NB_KNOWN_SLOTS (1 << NB_KNOWN_BITS)

typedef struct {
    uintptr_t multiplier;
    PyObject *object[NB_KNOWN_SLOTS];
    uint64_t value[NB_KNOWN_SLOTS]; /* 64 bits wide for nb_read_indices' arithmetic */
} nb_known_ints;

static nb_known_ints nb_known; /* zeroed: every slot empty until nb_known_init runs */

static inline uintptr_t nb_known_slot(const void *o, uintptr_t multiplier) {
    return ((uintptr_t)o * multiplier) >> (8 * sizeof(uintptr_t) - NB_KNOWN_BITS);
}

/* Fills the table; 0, or -1 with a Python error set when an int cannot be made. The five
 * references are kept for the life of the process, so the addresses stay theirs. */
static int nb_known_init(void) {
    PyObject *objects[NB_KNOWN_INTS];
    for (int v = 0; v < NB_KNOWN_INTS; v++) {
        objects[v] = PyLong_FromLong(v);
        if (!objects[v]) {
            while (v--) Py_DECREF(objects[v]);
            return -1;
        }
    }
    /* odd multipliers from a fixed sequence (Weyl steps of the golden ratio): for five
     * addresses and 64 slots most work, so the search ends within a few tries */
    uintptr_t multiplier = (uintptr_t)0x9E3779B97F4A7C15ull | 1;
    for (int attempt = 0; attempt < 1000; attempt++, multiplier = (multiplier + (uintptr_t)0x9E3779B97F4A7C15ull) | 1) {
        uint8_t seen[NB_KNOWN_SLOTS] = {0};
        int distinct = 1;
        for (int v = 0; v < NB_KNOWN_INTS && distinct; v++) {
            uintptr_t slot = nb_known_slot(objects[v], multiplier);
            distinct = !seen[slot];
            seen[slot] = 1;
        }
        if (!distinct) continue;
        nb_known.multiplier = multiplier;
        for (int v = 0; v < NB_KNOWN_INTS; v++) {
            uintptr_t slot = nb_known_slot(objects[v], multiplier);
            nb_known.object[slot] = objects[v];
            nb_known.value[slot] = (uint64_t)v;
        }
        return 0;
    }
    return 0; /* no multiplier tells them apart: the table stays empty */
}

/* The value of o when it is one of the known objects, else -1. */
static inline int nb_known_value(PyObject *o) {
    uintptr_t slot = nb_known_slot(o, nb_known.multiplier);
    return nb_known.object[slot] == o ? (int)nb_known.value[slot] : -1;
}

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

/* nb_read_sequence's full path: converts every item.
 *
 * The same answer as nb_read_small(seq, 34, 4, out), in two passes, because most counts are
 * 0 and which ones are is random: converting every item makes the converter's branch on the
 * int's size mispredict about once per nonzero count, which costs more than the conversion.
 * The first pass asks each item only whether it is nonzero, through int's own nb_bool slot
 * (no branch on the answer: the nonzero positions are gathered by index arithmetic); the
 * second converts just those, all of one size, so its branches are predictable. */
static long nb_convert_sequence(PyObject *seq, uint8_t *out) {
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

/* A hand's 34 counts (each 0-4) from a list or tuple; their sum, or -1 (see nb_read_small).
 *
 * Known objects are looked up without a branch on each item (a count's value is random, so
 * a branch on it would often mispredict); one item that is not known sends the whole
 * sequence to the full path, which judges every item again. */
static inline long nb_read_sequence(PyObject *seq, uint8_t *out) {
    if (PySequence_Fast_GET_SIZE(seq) != 34) return -1;
    PyObject **items = PySequence_Fast_ITEMS(seq);
    uintptr_t multiplier = nb_known.multiplier;
    uintptr_t mismatch = 0; /* nonzero once an item is not the object in its slot */
    long total = 0;
    for (int k = 0; k < 34; k++) {
        uintptr_t slot = nb_known_slot(items[k], multiplier);
        mismatch |= (uintptr_t)nb_known.object[slot] ^ (uintptr_t)items[k];
        out[k] = (uint8_t)nb_known.value[slot];
        total += (long)nb_known.value[slot];
    }
    return mismatch ? nb_convert_sequence(seq, out) : total;
}

/* A hand's suit indices (shape.h: each suit's counts as a base-5 number, digit k = count of
 * rank k+1; the honours last) and its number of real tiles, from a list or tuple of 34 known
 * objects; -1 when an item is not one (the caller then takes the full path).
 *
 * For the per-call fast path, which needs only the indices: one multiply-add per item gives
 * both, the index's term in the low 32 bits of a suit's sum and the count in the high ones
 * (an index is below 5^9 < 2^32, so the halves never carry into each other). */
static inline long nb_read_indices(PyObject *seq, int idx[4]) {
    static const uint64_t WEIGHT[9] = {
        (1ull << 32) | 1, (1ull << 32) | 5, (1ull << 32) | 25, (1ull << 32) | 125, (1ull << 32) | 625,
        (1ull << 32) | 3125, (1ull << 32) | 15625, (1ull << 32) | 78125, (1ull << 32) | 390625};
    if (PySequence_Fast_GET_SIZE(seq) != 34) return -1;
    PyObject **items = PySequence_Fast_ITEMS(seq);
    uintptr_t multiplier = nb_known.multiplier;
    uintptr_t mismatch = 0; /* nonzero once an item is not the object in its slot */
    uint64_t sum[4] = {0, 0, 0, 0};
    for (int s = 0; s < 4; s++) {
        int digits = s < 3 ? 9 : 7;
        for (int k = 0; k < digits; k++) {
            PyObject *item = items[9 * s + k];
            uintptr_t slot = nb_known_slot(item, multiplier);
            mismatch |= (uintptr_t)nb_known.object[slot] ^ (uintptr_t)item;
            sum[s] += nb_known.value[slot] * WEIGHT[k];
        }
    }
    if (mismatch) return -1;
    for (int s = 0; s < 4; s++) idx[s] = (int)(uint32_t)sum[s];
    return (long)((sum[0] >> 32) + (sum[1] >> 32) + (sum[2] >> 32) + (sum[3] >> 32));
}

/* An exact int as a C long into *out: 1 when read, 0 when the slow path must judge it. */
static inline int nb_read_wilds(PyObject *o, long *out) {
    int known = nb_known_value(o);
    if (known >= 0) {
        *out = known;
        return 1;
    }
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
