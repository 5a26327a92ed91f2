"""The game flow without a page (``flow``), the words a table says (``phrasing``), and one table per game over them."""
