"""The game engine: wall, dealing, claims, turns and matches."""
