"""The rule-variant DSL and the frozen rule sets it compiles to."""
