"""The compiled extensions only; everything else about the package is in pyproject.toml."""

from Cython.Build import cythonize
from setuptools import Extension, setup

extensions = [
    Extension(
        "nbmj.core._shape",
        sources=["nbmj/core/_shape.pyx", "csrc/shape.c", "csrc/claims.c"],
        include_dirs=["csrc"],
        depends=["csrc/shape.h", "csrc/claims.h", "csrc/pyread.h", "csrc/pycalls.h", "nbmj/core/_claims.pxi", "nbmj/core/_readings.pxi"],  # rebuild when it changes, and ship it in the sdist
        extra_compile_args=["-O3"],
    ),
    # the RL feature-plane encoder of nbmj.env (nbmj/env/_reference.py is its pure-Python twin)
    Extension("nbmj.env._encode", sources=["nbmj/env/_encode.pyx"], extra_compile_args=["-O3"]),
    # the engine's hot path (nbmj/engine/_hotpath.py names its pure-Python twins)
    Extension("nbmj.engine._hot", sources=["nbmj/engine/_hot.pyx"], extra_compile_args=["-O3"]),
    # the bound from counts of nbmj.scoring.bound (its closures are the pure-Python twin)
    Extension("nbmj.scoring._bound", sources=["nbmj/scoring/_bound.pyx"], extra_compile_args=["-O3"]),
]

setup(
    # The compiler directives are in the header of nbmj/core/_shape.pyx, in one place.
    ext_modules=cythonize(extensions),
)
