"""Poker Patience (seed 002): the 5x5 solitaire for one or many players."""
