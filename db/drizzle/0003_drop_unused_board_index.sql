-- The leaderboard reads board_entries (0001, 0002); this index served the join it replaced and only cost writes.
DROP INDEX "lint_results_board_idx";