-- Which table a stored row belongs to, checked once per statement instead of once per row (D115). The
-- foreign key from every row of `log_row` to `floor_table` looked the table up for each row (about 2.5 µs a
-- row, the largest of PostgreSQL's checks of the ingest). It is implied by the link check for every row but a
-- log's first: a later row links to a stored row of its table, or to the row before it in the same statement,
-- and so back to a first row. So the statement's link check now also refuses a first row whose table the
-- floor never enrolled, and a table with rows can never be deleted (the foreign key's other half).
ALTER TABLE log_row DROP CONSTRAINT log_row_table_id_fkey;

CREATE OR REPLACE FUNCTION log_row_links() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  r record;
BEGIN
  -- A log's first row names a table the floor enrolled: every later row links back to it.
  FOR r IN SELECT n.table_id FROM new_rows n WHERE n.seq = 1 AND NOT EXISTS (SELECT 1 FROM floor_table t WHERE t.id = n.table_id) LOOP
    RAISE EXCEPTION 'row 1 of table % names no table the floor enrolled', r.table_id USING ERRCODE = 'foreign_key_violation';
  END LOOP;
  -- Each new row beside the new row before it of its table; the rows left are those that do not link to
  -- that one, and those with none right before them in the statement (a batch's first), looked up among the
  -- stored rows one by one (by the primary key: never a scan of the log, whatever the planner would make of
  -- the lookup written into the query).
  FOR r IN
    SELECT s.table_id, s.seq, s.prev_hash, s.before_seq
      FROM (SELECT n.table_id, n.seq, n.prev_hash,
                   lag(n.seq) OVER (PARTITION BY n.table_id ORDER BY n.seq) AS before_seq,
                   lag(n.hash) OVER (PARTITION BY n.table_id ORDER BY n.seq) AS before_hash
              FROM new_rows n) s
     WHERE s.seq > 1 AND (s.before_seq IS DISTINCT FROM s.seq - 1 OR s.before_hash <> s.prev_hash)
     ORDER BY s.table_id, s.seq
  LOOP
    IF r.before_seq = r.seq - 1 OR NOT EXISTS (SELECT 1 FROM log_row WHERE table_id = r.table_id AND seq = r.seq - 1 AND hash = r.prev_hash) THEN
      RAISE EXCEPTION 'row % of table % does not link to the row before it', r.seq, r.table_id USING ERRCODE = 'integrity_constraint_violation';
    END IF;
  END LOOP;
  RETURN NULL;
END $$;

-- The foreign key's other half: a table whose log the floor holds is never deleted.
CREATE FUNCTION floor_table_kept() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM log_row WHERE table_id = OLD.id) THEN
    RAISE EXCEPTION 'table % has log rows at the floor: it cannot be deleted', OLD.id USING ERRCODE = 'foreign_key_violation';
  END IF;
  RETURN OLD;
END $$;
CREATE TRIGGER floor_table_kept BEFORE DELETE ON floor_table FOR EACH ROW EXECUTE FUNCTION floor_table_kept();
