"""The compiled extensions only; everything else about the package is in pyproject.toml."""

import os
import sys

import numpy
from Cython.Build import cythonize
from setuptools import Extension, setup

# Optimisation per module: -O3 where the engine's, the env's, the fast bot's and the scorer's
# steps spend their time (the random-bot engine bench loses 3-6% under -Os, bench/score.py 17-20%:
# -Os keeps Cython's small helpers out of line), -Os for a match and the parallel env's wrapper
# (no slower under -Os, and a third smaller).
FAST = ["-O3"]
SMALL = ["-Os"]
# Cython's helpers (argument parsing, calls, exceptions...) live once in this module instead of
# being copied into each of the ~45 extensions (about 0.9 MB of the installed size); Cython
# writes its C when it compiles the others.
SHARED_UTILITY = "nbmj._cyutility"

extensions = [
    Extension(
        "nbmj.core._shape",
        sources=["nbmj/core/_shape.pyx", "csrc/shape.c", "csrc/claims.c"],
        include_dirs=["csrc"],
        depends=["csrc/shape.h", "csrc/claims.h", "csrc/pyread.h", "csrc/pycalls.h", "nbmj/core/_claims.pxi", "nbmj/core/_readings.pxi"],  # rebuild when it changes, and ship it in the sdist
        extra_compile_args=FAST,
    ),
    # the RL feature-plane encoder of nbmj.env (nbmj/env/_reference.py is its pure-Python twin)
    # (it reads the arrays it fills from their NumPy headers: NumPy's C API, the one build
    # requirement beyond Cython)
    Extension(
        "nbmj.env._encode",
        sources=["nbmj/env/_encode.pyx"],
        include_dirs=["csrc", numpy.get_include()],
        define_macros=[("NPY_NO_DEPRECATED_API", "NPY_1_7_API_VERSION")],
        depends=["csrc/bits.h"],
        extra_compile_args=FAST,
    ),
    # random.Random's generator for the engine's seeded dice and shuffles (random.Random is its twin)
    Extension("nbmj.engine._mt", sources=["nbmj/engine/_mt.pyx"], include_dirs=["csrc"], depends=["csrc/bits.h", "csrc/mt_seed.h"], extra_compile_args=FAST),
]

# The engine's declared state, compiled from its own Python source: the augmenting .pxd beside
# each module makes its classes extension types, whose fields the compiled modules above read
# as C struct members (NBMJ_PUREPYTHON=1 loads the source instead: nbmj._backend). Only what a
# .pxd declares is typed: no inference and no typing from annotations, so the rest of each
# module keeps Python's semantics exactly.
state_modules = [
    Extension(f"nbmj.engine.{name}", sources=[f"nbmj/engine/{name}.py"], depends=[f"nbmj/engine/{name}.pxd"], extra_compile_args=FAST)
    for name in ("state", "phases", "wall", "rules_view", "actions")
]
# The engine's mechanics, compiled from their own source the same way: the .pxd beside each
# declares its functions' C signatures (cpdef, called from the other mechanics as C functions)
# and the C types of the locals its loops read. Their annotations are for mypy only.
mechanics = [
    Extension(f"nbmj.engine.{name}", sources=[f"nbmj/engine/{name}.py"], depends=[f"nbmj/engine/{name}.pxd"], extra_compile_args=FAST)
    for name in ("claims", "restrictions", "wins", "ending", "draws", "kongs", "claim_window", "turn", "dealing", "game", "bots")
] + [
    # a match: the Python an env runs at every new hand, compiled as it is (no .pxd; its classes
    # stay Python classes; nbmj._backend.PLAIN_FROM_SOURCE)
    Extension(f"nbmj.engine.{name}", sources=[f"nbmj/engine/{name}.py"], extra_compile_args=SMALL)
    for name in ("match",)
] + [
    # what a seat sees: every bot's observation, read field by field (no .pxd; its classes stay
    # Python classes)
    Extension("nbmj.engine.observation", sources=["nbmj/engine/observation.py"], extra_compile_args=FAST)
] + [
    # the parallel env's step, which does little but Python's own work around the encoder's
    # (no .pxd: its class stays a Python class, a PettingZoo ParallelEnv)
    Extension("nbmj.env.parallel", sources=["nbmj/env/parallel.py"], extra_compile_args=SMALL)
] + [
    # the env's Table, read by nbmj.env._encode's vector step
    Extension("nbmj.env.table", sources=["nbmj/env/table.py"], depends=["nbmj/env/table.pxd"], extra_compile_args=FAST)
] + [
    # the fast tier of the built-in bots and the view it reads (fast.pxd types the tier's inner
    # loops, its classes stay Python classes; view.pxd makes SeatView an extension type and
    # types its counting loops), and the waits and stakes they ask, compiled as they are
    Extension("nbmj.bots.fast", sources=["nbmj/bots/fast.py"], depends=["nbmj/bots/fast.pxd"], extra_compile_args=FAST),
    Extension("nbmj.bots.view", sources=["nbmj/bots/view.py"], depends=["nbmj/bots/view.pxd"], extra_compile_args=FAST),
    Extension("nbmj.bots.waits", sources=["nbmj/bots/waits.py"], extra_compile_args=FAST),
    Extension("nbmj.bots.stakes", sources=["nbmj/bots/stakes.py"], extra_compile_args=FAST),
]

# The scorer, compiled from its own source the same way: the .pxd beside each module makes its
# records extension types and declares the C types its loops run on.
scoring_modules = [
    Extension(f"nbmj.scoring.{name}", sources=[f"nbmj/scoring/{name}.py"], depends=[f"nbmj/scoring/{name}.pxd"], extra_compile_args=FAST)
    for name in ("_by_object", "situation", "result", "facts", "readings", "features", "expressions", "items", "totals",
                 "settlement", "shapes", "_decomp", "scorer", "bound")
]


def lean(modules: list[Extension]) -> list[Extension]:
    """The modules built without debug information (Python's own CFLAGS ask for ``-g``: it
    made 19 of the 23 MB installed) or unwind tables and, on Linux, linked stripped of their
    symbol tables and of unused sections.
    NBMJ_BUILD_SYMBOLS=1 keeps them all, for a profiler or a debugger."""
    if sys.platform != "win32" and not os.environ.get("NBMJ_BUILD_SYMBOLS"):
        for ext in modules:
            # no unwind tables (C code raises no C++ exceptions; a debugger's build keeps
            # them) and each function in its own section, so the linker drops the unused
            ext.extra_compile_args = [*ext.extra_compile_args, "-g0", "-fno-asynchronous-unwind-tables", "-fno-unwind-tables",
                                      "-ffunction-sections", "-fdata-sections"]
            if sys.platform.startswith("linux"):
                ext.extra_link_args = [*ext.extra_link_args, "-s", "-Wl,--gc-sections"]
    return modules


# Cython translates (nthreads) and the C compiler compiles (build_ext's parallel) on every core.
JOBS = os.cpu_count() or 1

setup(
    # The compiler directives of the .pyx modules are in their headers (nbmj/core/_shape.pyx's first).
    ext_modules=lean(
        cythonize([*extensions, Extension(SHARED_UTILITY, sources=["nbmj/_cyutility.c"], extra_compile_args=FAST)], nthreads=JOBS,
                  shared_utility_qualified_name=SHARED_UTILITY)
        + cythonize(state_modules, shared_utility_qualified_name=SHARED_UTILITY, compiler_directives={"language_level": 3, "infer_types": False}, nthreads=JOBS)
        + cythonize(mechanics, shared_utility_qualified_name=SHARED_UTILITY, compiler_directives={"language_level": 3, "infer_types": False, "annotation_typing": False},
                    nthreads=JOBS)
        + cythonize(scoring_modules, shared_utility_qualified_name=SHARED_UTILITY, compiler_directives={"language_level": 3, "infer_types": False,
                                                          "annotation_typing": False}, nthreads=JOBS)
    ),
    options={"build_ext": {"parallel": JOBS}},
)
