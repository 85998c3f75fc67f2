"""Poker: hand ranking, the fast evaluator, betting, and the games Draw, Jack-Pots, Straight, Stud and Whiskey."""
