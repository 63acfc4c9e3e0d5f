"""A move tree: a game's main line with variations under it, as an analysis board keeps it.

    tree = MoveTree(start_state, ["f6", "e5"])     # the main line
    node = tree.add(tree.main_line()[1], "d4")     # a variation: d4 instead of e5
    tree.promote(node)                             # d4 becomes the main move there
    tree.delete(node)                              # and is gone again, with what follows
    text = tree.to_text()                          # "f6 e5 (d4)"
    MoveTree.from_text(start_state, text)          # the same tree

Each node holds one move (its notation) and its children; the first child is the main
continuation, the others are variations, in the order they were added.  The text is the
main line in order with each variation in brackets after the move it stands in for
(PGN's recursive variations): ``f6 e5 (d4 c3 (b2)) g7``.  Every move is checked against the
rules as it is added or read (``IllegalMove`` / ``ValueError`` with the rules' reason, the
move's number and the moves before it), so a tree never holds an illegal move.

Pure Python, no pygame.
"""

from __future__ import annotations

MAX_NODES = 20_000  # a tree read from a file is at most this big (refused, not cut)


class Node:
    __slots__ = ("move", "parent", "children", "state", "_move_obj")

    def __init__(self, move: str | None, parent: Node | None, state, move_obj=None):
        self.move = move  # notation; None at the root
        self.parent = parent
        self.children: list[Node] = []
        self.state = state  # the position after the move
        self._move_obj = move_obj

    @property
    def move_obj(self):
        """The move as the rules' object (for a board's last-move mark), None at the root."""
        return self._move_obj

    @property
    def ply(self) -> int:
        n, node = 0, self
        while node.parent is not None:
            n += 1
            node = node.parent
        return n

    @property
    def is_main(self) -> bool:
        """On the main line: every node from the root is its parent's first child."""
        node = self
        while node.parent is not None:
            if node.parent.children[0] is not node:
                return False
            node = node.parent
        return True

    def path(self) -> list[Node]:
        """The nodes from the root's first move to this one."""
        out = []
        node = self
        while node.parent is not None:
            out.append(node)
            node = node.parent
        return out[::-1]

    def moves(self) -> list[str]:
        return [n.move for n in self.path() if n.move is not None]

    def __repr__(self) -> str:
        return f"<Node {' '.join(self.moves()) or 'start'}>"


class MoveTree:
    def __init__(self, start, moves=()):
        self.root = Node(None, None, start)
        node = self.root
        for m in moves:
            node = self.add(node, m)

    @property
    def start(self):
        return self.root.state

    # --- building ------------------------------------------------------------------------
    def add(self, node: Node, move) -> Node:
        """The child of ``node`` for ``move`` (a move object or notation), made when it is not
        there yet: the main continuation when ``node`` has none, else a new variation.
        ``IllegalMove`` with the rules' reason when the move is not legal there."""
        state = node.state
        obj = state.find_move(move)
        notation = str(obj)
        for child in node.children:
            if child.move == notation:
                return child
        if self.size() >= MAX_NODES:
            raise ValueError(f"the move tree is full ({MAX_NODES} moves)")
        child = Node(notation, node, state.play(obj), obj)
        node.children.append(child)
        return child

    def delete(self, node: Node) -> Node:
        """Remove ``node`` and everything after it; returns its parent (where to go)."""
        if node.parent is None:
            raise ValueError("the start position cannot be deleted")
        parent = node.parent
        parent.children.remove(node)
        return parent

    def promote(self, node: Node) -> bool:
        """Raise the variation ``node`` is in one step: at the nearest branching point on the
        way back where it is not the main continuation, it becomes the main one (the old
        main move becomes its first variation).  False when ``node`` is on the main line."""
        walk = node
        while walk.parent is not None:
            siblings = walk.parent.children
            at = siblings.index(walk)
            if at > 0:
                siblings.insert(0, siblings.pop(at))
                return True
            walk = walk.parent
        return False

    def make_main(self, node: Node) -> None:
        """Promote until ``node`` is on the main line."""
        while self.promote(node):
            pass

    # --- reading it ------------------------------------------------------------------------
    def main_line(self) -> list[Node]:
        out = []
        node = self.root
        while node.children:
            node = node.children[0]
            out.append(node)
        return out

    def main_moves(self) -> list[str]:
        return [n.move for n in self.main_line() if n.move is not None]

    def nodes(self) -> list[Node]:
        """Every node but the root, in the text's order."""
        return [node for _, node in self.rows()]

    def size(self) -> int:
        count, stack = 0, [self.root]
        while stack:
            node = stack.pop()
            count += len(node.children)
            stack.extend(node.children)
        return count

    @property
    def has_variations(self) -> bool:
        stack = [self.root]
        while stack:
            node = stack.pop()
            if len(node.children) > 1:
                return True
            stack.extend(node.children)
        return False

    def rows(self) -> list[tuple[int, Node]]:
        """(depth, node) in reading order: the main line, each variation after the move it
        stands in for and before the main line goes on, one level deeper (0: the main line).
        An iterative walk: a long line never hits Python's recursion limit."""
        out: list[tuple[int, Node]] = []
        # a stack of (node whose continuation to list, depth)
        stack: list[tuple[str, Node, int]] = [("line", self.root, 0)]
        while stack:
            kind, node, depth = stack.pop()
            if kind == "one":
                out.append((depth, node))
                continue
            if not node.children:
                continue
            main, *others = node.children
            # order: main, each variation (its first move then its line), then main's line
            stack.append(("line", main, depth))
            for var in reversed(others):
                stack.append(("line", var, depth + 1))
                stack.append(("one", var, depth + 1))
            stack.append(("one", main, depth))
        return out

    def to_text(self) -> str:
        """The tree on one line: ``f6 e5 (d4 c3 (b2)) g7`` (see the module doc)."""
        words: list[str] = []
        stack: list = [("line", self.root)]
        while stack:
            kind, item = stack.pop()
            if kind == "word":
                words.append(item)
                continue
            if kind == "one":
                words.append(_checked(item.move))
                continue
            node = item
            if not node.children:
                continue
            main, *others = node.children
            stack.append(("line", main))
            for var in reversed(others):
                stack.append(("word", ")"))
                stack.append(("line", var))
                stack.append(("one", var))
                stack.append(("word", "("))
            stack.append(("one", main))
        return " ".join(words).replace("( ", "(").replace(" )", ")")

    @classmethod
    def from_text(cls, start, text: str) -> MoveTree:
        """The tree written by ``to_text``; ValueError saying where and why when it does
        not read or holds an illegal move."""
        if not isinstance(text, str):
            raise ValueError("a move tree must be text")
        tree = cls(start)
        words = text.replace("(", " ( ").replace(")", " ) ").split()
        if len(words) > 3 * MAX_NODES:
            raise ValueError(f"the move tree is longer than {MAX_NODES} moves")
        node = tree.root
        last: Node | None = None  # the move just read (a variation stands in for it)
        stack: list[tuple[Node, Node | None]] = []
        for k, word in enumerate(words, 1):
            if word == "(":
                if last is None:
                    raise ValueError(f"word {k}: a variation '(' must follow a move")
                stack.append((node, last))
                node, last = last.parent, None
                continue
            if word == ")":
                if not stack:
                    raise ValueError(f"word {k}: ')' closes no variation")
                node, last = stack.pop()
                continue
            try:
                child = tree.add(node, word)
            except ValueError as e:
                before = " ".join(node.moves()) or "the start"
                raise ValueError(f"move {word!r} after {before} is not legal: {e}") from None
            node = last = child
        if stack:
            raise ValueError("a variation is not closed: ')' missing")
        return tree


def _checked(move: str) -> str:
    if not move or any(c.isspace() or c in "()" for c in move):
        raise ValueError(f"{move!r} cannot be written in a move tree")
    return move


__all__ = ["MoveTree", "Node"]
