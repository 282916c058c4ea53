"""Many hands at once: arena, compare, diff and simulate, on worker processes or Ray."""
