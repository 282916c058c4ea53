# The engine's frozen views, typed for the compiled modules (see state.pxd); readonly from
# Python, as the frozen dataclasses of rules_view.py are.

cdef class EngineRules:
    cdef readonly object rules
    cdef readonly object claims
    cdef readonly int claim_flags
    cdef readonly tuple claim_tiers
    cdef readonly tuple claim_seat_order
    cdef readonly bint all_winners
    cdef readonly bint wild_kong
    cdef readonly object chi_ban
    cdef readonly object pon_pass
    cdef readonly object win_pass
    cdef readonly object kong_pon
    cdef readonly bint chi_ban_always
    cdef readonly bint pon_pass_always
    cdef readonly bint win_pass_always
    cdef readonly bint kong_pon_always
    cdef readonly tuple suits
    cdef readonly tuple no_claims
    cdef readonly bint bao_suits
    cdef readonly bint bao_terminals
    cdef readonly bint discard_limited
    cdef readonly bint auto_flowers
    cdef readonly bint per_player_flowers
    cdef readonly bint wild_flower_is_flower
    cdef readonly int kept_base
    cdef readonly int kept_per_kong
    cdef readonly bint kept_whole_stacks
    cdef readonly int dealer_tiles
    cdef readonly int other_tiles
    cdef readonly object immediate
    cdef readonly bint losers_settle
    cdef readonly bint several_shapes


cdef class WildTables:
    cdef readonly tuple wild_ids
    cdef readonly frozenset wilds
    cdef readonly tuple wild_kinds
    cdef readonly unsigned long long wild_mask
    cdef readonly tuple wild_flower_ids
    cdef readonly tuple flower_flag
    cdef readonly unsigned long long playable_mask
    cdef readonly unsigned long long wild_id_mask
