"""Poker: hand ranking, the fast evaluator, betting, and the games of the seeds.

Draw Poker, Jack-Pots, Straight Poker, Stud and Whiskey Poker.
"""
