"""The computer opponent: a generic MCTS over the rules contract (no game named here)."""
