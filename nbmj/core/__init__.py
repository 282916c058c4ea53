"""Hand shapes with wildcards: win check, shanten, waits and every decomposition.

Two implementations share one API: the compiled module ``nbmj.core._shape`` (Cython over C
helpers in ``csrc/``) and the pure-Python reference ``nbmj.core._reference``. The compiled
one is used when it imports; setting ``NBMJ_PUREPYTHON=1`` forces the reference.
:data:`BACKEND` says which is live: ``"cython"`` or ``"python"``.
"""

from .._backend import pure_python_forced

if pure_python_forced():
    from ._reference import *  # noqa: F403
    from ._reference import __all__

    BACKEND = "python"
else:
    try:
        from ._shape import *  # noqa: F403
        from ._shape import __all__

        BACKEND = "cython"
    except ImportError:
        from ._reference import *  # noqa: F403
        from ._reference import __all__

        BACKEND = "python"
