-- The report facts of every table's log at the floor (src/floor/reports/room-facts.ts), derived from
-- log_row by the table's own derivation (src/reports/facts.ts `deriveFacts`): one row per hand, one per
-- event a report reads, and where the derivation stands per table (its cursor, and the Felt that derived
-- them: the room's reports say which). Derived data, like the table's own fact tables: rebuilt from log_row
-- whenever asked (DELETE FROM fact_cursor WHERE table_id = …).
CREATE TABLE fact_cursor (
  table_id   text PRIMARY KEY REFERENCES floor_table (id),
  seq        bigint NOT NULL,
  cursor     jsonb NOT NULL,
  derived_by text NOT NULL
);

CREATE TABLE hand_fact (
  table_id text NOT NULL REFERENCES floor_table (id),
  seq      bigint NOT NULL,
  hand     bigint NOT NULL,
  at       bigint,
  shift    bigint NOT NULL,
  players  int NOT NULL,
  seated   int NOT NULL,
  awarded  bigint NOT NULL,
  rake     bigint NOT NULL,
  voided   boolean NOT NULL,
  PRIMARY KEY (table_id, seq)
);

CREATE TABLE event_fact (
  table_id text NOT NULL REFERENCES floor_table (id),
  seq      bigint NOT NULL,
  at       bigint,
  hand     bigint,
  kind     text NOT NULL,   -- the fact's kind (src/reports/facts.ts `eventKind`): a report reads only its kinds
  entry    json NOT NULL,   -- json, not jsonb: the entry exactly as the table wrote it, its keys in their order
  PRIMARY KEY (table_id, seq)
);
