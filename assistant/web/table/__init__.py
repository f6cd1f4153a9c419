"""One heist on the table: the board, its menus, the log and its summary, Why?, export, danger."""
