-- The room's reports aggregated in PostgreSQL (D96): per table, clock hour and dealer shift, the hands'
-- figures summed as the facts are derived (src/floor/reports/room-facts.ts), so that a report over a
-- million hands reads a few tens of thousands of rows, and the hands themselves only in the two clock hours
-- a period's edges cut. Derived data like the facts: made again with them (the derivation's name moves,
-- D97, and every table's facts are derived again at the next report).
CREATE TABLE hand_hour (
  table_id    text NOT NULL REFERENCES floor_table (id),
  timed       boolean NOT NULL,   -- false: hands whose start the log does not hold (hour 0)
  hour        bigint NOT NULL,    -- floor(at / 3,600,000): the clock hour of the hands' start, UTC
  shift       bigint NOT NULL,    -- the hands' dealer shift (hand_fact.shift)
  hands       int NOT NULL,
  played      int NOT NULL,
  awarded     bigint NOT NULL,    -- of the hands played, as the rest
  rake        bigint NOT NULL,
  players     bigint NOT NULL,
  seated      bigint NOT NULL,
  first_seq   bigint NOT NULL,    -- the first and last hand here, in the log's order
  first_at    bigint,
  last_seq    bigint NOT NULL,
  last_at     bigint,
  last_played boolean NOT NULL,
  PRIMARY KEY (table_id, timed, hour, shift)
);

-- The hands of a period's edge hours, and the time collected, dealer changes and incidents by their time.
CREATE INDEX hand_fact_at ON hand_fact (at);
CREATE INDEX hand_fact_hand ON hand_fact (table_id, hand);
CREATE INDEX event_fact_kind_at ON event_fact (kind, at);

-- The cash flow's clock (src/reports/cash-flow.ts): each row at the latest time seen so far in the log's
-- order. Where it never went back, a period's rake is summed here (by hour); a table whose clock did is
-- reported from all its facts.
ALTER TABLE fact_cursor ADD COLUMN flow_latest bigint;
ALTER TABLE fact_cursor ADD COLUMN flow_back boolean NOT NULL DEFAULT false;
