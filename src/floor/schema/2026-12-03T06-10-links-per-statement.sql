-- The link check of log_row (each row's previous hash is the hash of the stored row before it) made once per
-- statement over the rows it inserts, rather than once per row (D100): the same check — every row inserted,
-- by any statement, COPY included, must link to a stored row before it or to one inserted with it — without
-- a PL/pgSQL call and a query per row, which were most of the floor's ingest time. Raised after the
-- statement's rows are in, so a batch's rows link to each other; the statement fails whole, as before.
DROP TRIGGER log_row_links ON log_row;
DROP FUNCTION log_row_links();

CREATE FUNCTION log_rows_link() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  broken record;
BEGIN
  -- A row whose row before came with it is checked against that one (the statement's rows in order, by
  -- lag: no join, which over a transition table without statistics the planner makes a loop of every row by
  -- every row); the first of a run, against the stored row before it, one look in the primary key each.
  SELECT r.seq, r.table_id INTO broken
    FROM (SELECT n.seq, n.table_id, n.prev_hash, lag(n.seq) OVER w AS before_seq, lag(n.hash) OVER w AS before_hash
            FROM inserted n WINDOW w AS (PARTITION BY n.table_id ORDER BY n.seq)) r
   WHERE r.seq > 1 AND CASE WHEN r.before_seq = r.seq - 1 THEN r.before_hash <> r.prev_hash
                            ELSE NOT EXISTS (SELECT 1 FROM log_row p WHERE p.table_id = r.table_id AND p.seq = r.seq - 1 AND p.hash = r.prev_hash) END
   ORDER BY r.table_id, r.seq LIMIT 1;
  IF FOUND THEN
    RAISE EXCEPTION 'row % of table % does not link to the row before it', broken.seq, broken.table_id USING ERRCODE = 'integrity_constraint_violation';
  END IF;
  RETURN NULL;
END $$;
CREATE TRIGGER log_rows_link AFTER INSERT ON log_row REFERENCING NEW TABLE AS inserted FOR EACH STATEMENT EXECUTE FUNCTION log_rows_link();
