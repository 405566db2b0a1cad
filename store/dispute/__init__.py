"""Disputes and the host's rulings: a player contests a hand; the ruling corrects the
log and moves the chips.
"""
