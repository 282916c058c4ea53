# _decomp.py compiled from its own source (see nbmj/engine/state.pxd).
