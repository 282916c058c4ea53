"""The scorer compiled from its source and the source run as Python (``NBMJ_PUREPYTHON``)
give the same answers: the score of a win, its payments and why it is refused, the value
bound, the bound from counts the engine asks, and a loser's 胡, over random winning
situations of random variants drawn from the rule language's settings space
(``tests/_random_variants.py``), of the shipped ones, and of a variant whose items read every
feature the bound from counts knows. Each example is scored here and again in a child
process on the other backend, and the two lists must be equal, value for value.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from nbmj._backend import pure_python_forced

HERE = Path(__file__).parent
if str(HERE) not in sys.path:  # importlib import mode leaves tests/ off sys.path
    sys.path.insert(0, str(HERE))
from _scoring_helpers import VARIANTS, scoring_outcomes  # noqa: E402


def _on_the_other_backend(variant, seeds):
    env = dict(os.environ)
    if pure_python_forced():
        env.pop("NBMJ_PUREPYTHON", None)
    else:
        env["NBMJ_PUREPYTHON"] = "1"
    code = ("import json, sys; sys.path.insert(0, sys.argv[1]); from _scoring_helpers import scoring_outcomes; "
            "print(json.dumps(scoring_outcomes(json.loads(sys.argv[2]), json.loads(sys.argv[3]))))")
    out = subprocess.run([sys.executable, "-c", code, str(HERE), json.dumps(variant), json.dumps(seeds)],
                         capture_output=True, text=True, env=env, check=True).stdout
    return json.loads(out)


@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.one_of(st.sampled_from(VARIANTS + ("unusual",)), st.integers(0, 10**6)),
       st.lists(st.integers(0, 2**32 - 1), min_size=25, max_size=25))
def test_the_compiled_scorer_and_its_source_agree(variant, seeds):
    here = json.loads(json.dumps(scoring_outcomes(variant, seeds)))
    assert here == _on_the_other_backend(variant, seeds)
