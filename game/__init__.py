"""Abstract Arcade: the rules core (``game.rules``) and the pygame client beside it."""
