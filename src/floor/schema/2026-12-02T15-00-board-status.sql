-- What each table last said of itself for the floor board (src/floor/link/board-status.ts): its game,
-- seats, hand number, pot, dealer, devices, time due — never a card. One row per table, replaced as the
-- table sends; the log (log_row) stays the truth, this is the board's live view.
CREATE TABLE board_status (
  table_id    text PRIMARY KEY REFERENCES floor_table (id),
  status      jsonb NOT NULL,
  table_clock timestamptz NOT NULL,  -- the table's clock when it sent this (against the floor's: received_at)
  received_at timestamptz NOT NULL DEFAULT now(),
  live_since  timestamptz NOT NULL DEFAULT now()   -- the first word after a silence (src/floor/board.ts)
);
