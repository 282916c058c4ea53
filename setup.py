"""The compiled extensions only; everything else about the package is in pyproject.toml."""

import os
import shlex
import subprocess
import sys
import sysconfig
import tempfile

import numpy
from Cython.Build import cythonize
from setuptools import Extension, setup

# Optimisation per module, in three tiers measured module by module with callgrind: each module
# built -Os, then -O2 without alignment padding, against the same module at -O3, counting the
# instructions of the timed parts of three benches: 7,000 hands scored as bench/score.py scores
# them (ningbo with 1-3 wilds and without, self-drawn and on a discard; ninghai), bench/env.py's
# single env, VectorEnv(64) and AEC env over 3,000 + 19,200 + 3,000 agent-steps, and the fast
# bot's 80 hands of bench/bots.py. The threshold: every bench within 0.5% of its instructions
# with every module in its tier (measured: see the commit that set these tiers).
# -O3 where those steps spend their time: -Os costs _shape 40% of bench/score.py, the encoder
# 15% of bench/env.py, the fast bot's own module 5.5% of its bench (-Os keeps Cython's small
# helpers and memset/memcpy out of line), and -O2 costs _shape 27% (its loops need -O3's
# unrolling and inlining).
FAST = ["-O3"]
# -O2 without alignment padding, 10-15% smaller than -O3: the scorer's modules where it costs
# under 0.03% of a bench's instructions and -Os would cost 0.1-0.7%. Not the engine's: with the
# engine's state and steps, the env's Table and Cython's shared helpers here too (0.22 MB less),
# bench/env.py's VectorEnv and Gymnasium vector env ran 6-7% slower (timed, 13 interleaved
# rounds) for 0.2% more instructions: the price is in what instructions do not count, the
# alignment and branch layout -O3 gives the engine's loops.
LEAN = ["-O2", "-fno-align-functions", "-fno-align-jumps", "-fno-align-loops", "-fno-align-labels"]
# -Os, a third smaller than -O3: the modules those steps barely enter.
SMALL = ["-Os"]
LEAN_MODULES = {
    # the scorer's driver, hand facts, items, features, result and settlement, and its value
    # bound (asked by the engine's win check and the bots: -Os cost the fast bot 0.6%)
    "nbmj.scoring.scorer", "nbmj.scoring.facts", "nbmj.scoring.items", "nbmj.scoring.features", "nbmj.scoring.result",
    "nbmj.scoring.settlement", "nbmj.scoring.bound",
}
SMALL_MODULES = {
    # a match (at every new hand) and the parallel env's wrapper (Python's own work around the encoder)
    "nbmj.engine.match", "nbmj.env.parallel",
    # the engine's rarer steps and its per-rule-set tables: claims, kongs, the hand's end, the
    # rules' view (read as struct fields by the compiled steps) and the legal actions' tables
    "nbmj.engine.claims", "nbmj.engine.kongs", "nbmj.engine.ending", "nbmj.engine.rules_view", "nbmj.engine.actions",
    # the bots' waits and stakes (the fast tier's own module, its view and every bot's
    # observation stay -O3: -Os cost the fast bot 5.5%, 1.9% and 0.5%)
    "nbmj.bots.waits", "nbmj.bots.stakes",
    # the scorer's totals, shapes, per-rule-set caches and its Situation
    "nbmj.scoring.totals", "nbmj.scoring.shapes", "nbmj.scoring._by_object", "nbmj.scoring.situation",
}


def tiered(modules: list[Extension]) -> list[Extension]:
    """The modules, each given the optimisation flags of its tier (FAST unless it is one of
    LEAN_MODULES or SMALL_MODULES)."""
    for ext in modules:
        tier = SMALL if ext.name in SMALL_MODULES else LEAN if ext.name in LEAN_MODULES else FAST
        ext.extra_compile_args = [*tier, *ext.extra_compile_args]
    return modules


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
    ),
    # random.Random's generator for the engine's seeded dice and shuffles (random.Random is its twin)
    Extension("nbmj.engine._mt", sources=["nbmj/engine/_mt.pyx"], include_dirs=["csrc"], depends=["csrc/bits.h", "csrc/mt_seed.h"]),
]

# The engine's declared state, compiled from its own Python source: the augmenting .pxd beside
# each module makes its classes extension types, whose fields the compiled modules above read
# as C struct members (NBMJ_PUREPYTHON=1 loads the source instead: nbmj._backend). Only what a
# .pxd declares is typed: no inference and no typing from annotations, so the rest of each
# module keeps Python's semantics exactly.
state_modules = [
    Extension(f"nbmj.engine.{name}", sources=[f"nbmj/engine/{name}.py"], depends=[f"nbmj/engine/{name}.pxd"])
    for name in ("state", "phases", "wall", "rules_view", "actions")
]
# The engine's mechanics, compiled from their own source the same way: the .pxd beside each
# declares its functions' C signatures (cpdef, called from the other mechanics as C functions)
# and the C types of the locals its loops read. Their annotations are for mypy only.
mechanics = [
    Extension(f"nbmj.engine.{name}", sources=[f"nbmj/engine/{name}.py"], depends=[f"nbmj/engine/{name}.pxd"])
    for name in ("claims", "restrictions", "wins", "ending", "draws", "kongs", "claim_window", "turn", "dealing", "game", "bots")
] + [
    # a match: the Python an env runs at every new hand, compiled as it is (no .pxd; its classes
    # stay Python classes; nbmj._backend.PLAIN_FROM_SOURCE)
    Extension(f"nbmj.engine.{name}", sources=[f"nbmj/engine/{name}.py"])
    for name in ("match",)
] + [
    # what a seat sees: every bot's observation, read field by field (no .pxd; its classes stay
    # Python classes)
    Extension("nbmj.engine.observation", sources=["nbmj/engine/observation.py"])
] + [
    # the parallel env's step, which does little but Python's own work around the encoder's
    # (no .pxd: its class stays a Python class, a PettingZoo ParallelEnv)
    Extension("nbmj.env.parallel", sources=["nbmj/env/parallel.py"])
] + [
    # the Gymnasium single env's reset and step, the same way (its class stays a gymnasium.Env)
    Extension("nbmj.env.single", sources=["nbmj/env/single.py"])
] + [
    # the env's Table, read by nbmj.env._encode's vector step
    Extension("nbmj.env.table", sources=["nbmj/env/table.py"], depends=["nbmj/env/table.pxd"])
] + [
    # the fast tier of the built-in bots and the view it reads (fast.pxd types the tier's inner
    # loops, its classes stay Python classes; view.pxd makes SeatView an extension type and
    # types its counting loops), and the waits and stakes they ask, compiled as they are
    Extension("nbmj.bots.fast", sources=["nbmj/bots/fast.py"], depends=["nbmj/bots/fast.pxd"]),
    Extension("nbmj.bots.view", sources=["nbmj/bots/view.py"], depends=["nbmj/bots/view.pxd"]),
    Extension("nbmj.bots.waits", sources=["nbmj/bots/waits.py"]),
    Extension("nbmj.bots.stakes", sources=["nbmj/bots/stakes.py"]),
]

# The scorer, compiled from its own source the same way: the .pxd beside each module makes its
# records extension types and declares the C types its loops run on.
def scoring(names: tuple[str, ...]) -> list[Extension]:
    """The scorer's modules ``names``, each with its .pxd."""
    return [Extension(f"nbmj.scoring.{name}", sources=[f"nbmj/scoring/{name}.py"], depends=[f"nbmj/scoring/{name}.pxd"]) for name in names]


# its records, picklable as Cython makes every extension type: what score(), settle() and links()
# give (Situation, Meld, ScoreResult, Applied, Owing, LoserPayment, Link) and the hand facts (a
# strong bot's outlook keeps a FlowerCounts); totals and shapes declare no extension type
scoring_records = scoring(("situation", "result", "facts", "items", "totals", "settlement", "shapes"))
# its working objects: the features' implementations, a rule set's program, reading tables and
# settings, the value bound's plans and the caches that hold them per rule set. They never
# leave the process that made them: they live in these modules' caches (ByObject, keyed by the
# rule set), never in a rule set, a Game, an env, a bot or a record, and the arena's and Ray's
# tasks carry variant names, loading the rules in the worker. So Cython does not write their
# pickling (auto_pickle=False): per extension type a __reduce_cython__, a __setstate_cython__
# and a module-level unpickle function with its checksum checks, 187 KB of features' 517 KB
# alone. Pickling one now raises TypeError ("cannot pickle ... object") instead.
scoring_internals = scoring(("_by_object", "readings", "features", "expressions", "scorer", "_decomp", "bound"))


def links_packed_relocations() -> bool:
    """Whether the C compiler links a shared object with its relative relocations packed
    (``-z pack-relative-relocs``: GNU ld 2.38 or later) that this machine's loader then loads
    (glibc 2.36 or later). An older ld only warns about an unknown ``-z`` option, so the probe
    makes warnings fatal. A newer ld beside an older glibc may link an object whose version
    needs (GLIBC_ABI_DT_RELR) this machine's loader refuses, so the probe also loads what it
    linked; it calls into the C library, as every compiled module does, because ld marks that
    need only on an object that uses the C library's versioned symbols."""
    compiler = shlex.split(os.environ.get("CC") or sysconfig.get_config_var("CC") or "cc")
    with tempfile.TemporaryDirectory() as folder:
        source, linked = os.path.join(folder, "probe.c"), os.path.join(folder, "probe.so")
        with open(source, "w", encoding="ascii") as file:
            file.write("#include <string.h>\nconst char *probe_text = \"probe\";\n"
                       "size_t probe(void) { return strlen(probe_text); }\n")
        try:
            done = subprocess.run([*compiler, "-shared", "-fPIC", "-O0", source, "-o", linked,
                                   "-Wl,--fatal-warnings", "-Wl,-z,pack-relative-relocs"], capture_output=True, check=False)
            if done.returncode != 0:
                return False
            # (a fresh interpreter loads it, so that this one keeps no handle on a file about to go)
            loaded = subprocess.run([sys.executable, "-c", "import ctypes, sys; sys.exit(ctypes.CDLL(sys.argv[1]).probe() != 5)", linked],
                                    capture_output=True, check=False)
        except OSError:
            return False
    return loaded.returncode == 0


def lean(modules: list[Extension]) -> list[Extension]:
    """The modules built without debug information (Python's own CFLAGS ask for ``-g``: it
    made 19 of the 23 MB installed) or unwind tables and, on Linux, linked stripped of their
    symbol tables and of unused sections, their relative relocations packed where the linker
    can.
    NBMJ_BUILD_SYMBOLS=1 keeps them all, for a profiler or a debugger."""
    if sys.platform != "win32" and not os.environ.get("NBMJ_BUILD_SYMBOLS"):
        for ext in modules:
            # no unwind tables (C code raises no C++ exceptions; a debugger's build keeps
            # them) and each function in its own section, so the linker drops the unused
            ext.extra_compile_args = [*ext.extra_compile_args, "-g0", "-fno-asynchronous-unwind-tables", "-fno-unwind-tables",
                                      "-ffunction-sections", "-fdata-sections"]
            if sys.platform.startswith("linux"):
                # (the linker's separate code segment stays: -z noseparate-code would save 3-8 KB
                # of page padding a module, 156 KB in all, by giving up that hardening)
                ext.extra_link_args = [*ext.extra_link_args, "-s", "-Wl,--gc-sections"]
        # The pointers in Cython's method tables, type objects and string tables each need a
        # relative relocation, 24 bytes apiece in .rela.dyn; packed (DT_RELR) they take a few
        # bits each: 132 KB less of the 6.80 MB of modules, and nothing changes in the code
        # that runs (the loader applies them once, at import).
        if sys.platform.startswith("linux") and links_packed_relocations():
            for ext in modules:
                ext.extra_link_args = [*ext.extra_link_args, "-Wl,-z,pack-relative-relocs"]
    return modules


# Cython translates (nthreads) and the C compiler compiles (build_ext's parallel) on every core.
JOBS = os.cpu_count() or 1

setup(
    # The compiler directives of the .pyx modules are in their headers (nbmj/core/_shape.pyx's first).
    ext_modules=lean(tiered(
        cythonize([*extensions, Extension(SHARED_UTILITY, sources=["nbmj/_cyutility.c"])], nthreads=JOBS,
                  shared_utility_qualified_name=SHARED_UTILITY)
        + cythonize(state_modules, shared_utility_qualified_name=SHARED_UTILITY, compiler_directives={"language_level": 3, "infer_types": False}, nthreads=JOBS)
        + cythonize(mechanics, shared_utility_qualified_name=SHARED_UTILITY, compiler_directives={"language_level": 3, "infer_types": False, "annotation_typing": False},
                    nthreads=JOBS)
        + cythonize(scoring_records, shared_utility_qualified_name=SHARED_UTILITY, compiler_directives={"language_level": 3, "infer_types": False,
                                                          "annotation_typing": False}, nthreads=JOBS)
        + cythonize(scoring_internals, shared_utility_qualified_name=SHARED_UTILITY, compiler_directives={"language_level": 3, "infer_types": False,
                                                            "annotation_typing": False, "auto_pickle": False}, nthreads=JOBS)
    )),
    options={"build_ext": {"parallel": JOBS}},
)
