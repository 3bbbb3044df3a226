-- A batch that follows the table's head, stored in one call (D118): the head locked, the rows inserted and
-- the head moved in one statement the floor sends, where the ingest sent five (BEGIN, the head locked, the
-- rows, the head moved, COMMIT), each waiting for the floor's next turn. Nothing is checked less: the rows
-- go through log_row's own constraint and link check, the head through its trigger. A batch that does not
-- follow the head as it is (rows the floor holds, a gap, a fork) stores nothing here and answers false: the
-- floor then takes the long way (src/floor/ingest/ingest.ts), which tells which it is.
CREATE FUNCTION floor_append(table_id text, first_seq bigint, first_prev_hash text, last_hash text,
                             command_ids text, types text, payloads text, prev_hashes text, hashes text)
RETURNS boolean LANGUAGE plpgsql AS $$
DECLARE
  stored bigint;
BEGIN
  -- The head is where the batch begins: locked, so one table's batches are stored one after the other.
  PERFORM 1 FROM chain_head h WHERE h.table_id = floor_append.table_id AND h.seq = first_seq - 1 AND h.hash = first_prev_hash FOR UPDATE;
  IF NOT FOUND THEN
    RETURN false;
  END IF;
  -- Each text column one value a line (D112), the rows' numbers counted from the first (D117).
  INSERT INTO log_row (table_id, seq, command_id, type, payload, prev_hash, hash)
    SELECT floor_append.table_id, first_seq + r.n - 1, r.command_id, r.type, r.payload, r.prev_hash, r.hash
      FROM unnest(string_to_array(command_ids, E'\n'), string_to_array(types, E'\n'), string_to_array(payloads, E'\n'),
                  string_to_array(prev_hashes, E'\n'), string_to_array(hashes, E'\n'))
           WITH ORDINALITY AS r (command_id, type, payload, prev_hash, hash, n);
  GET DIAGNOSTICS stored = ROW_COUNT;
  UPDATE chain_head h SET seq = first_seq + stored - 1, hash = last_hash, moved_at = now() WHERE h.table_id = floor_append.table_id;
  RETURN true;
END $$;
