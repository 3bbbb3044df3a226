-- The database's own check that every row of a table's log links to the row before it (the first migration's
-- log_row_links) made once per statement instead of once per row (D112): the same check — after an INSERT,
-- every new row after a log's first links to a stored row before it, hash for hash, or the statement is
-- refused whole — at a fraction of the cost. Row by row it was a PL/pgSQL call and an index lookup for each
-- row (about as much of PostgreSQL's time as the bare insert of the rows itself); now a batch's rows are
-- checked against each other in one pass (each against the one before it in the statement), and only a row
-- whose predecessor is not in the statement (a batch's first) is looked up among the stored rows.
DROP TRIGGER log_row_links ON log_row;
DROP FUNCTION log_row_links();

CREATE FUNCTION log_row_links() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  r record;
BEGIN
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
CREATE TRIGGER log_row_links AFTER INSERT ON log_row REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION log_row_links();
