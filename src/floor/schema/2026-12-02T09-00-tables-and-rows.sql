-- The floor's first schema (src/floor/schema/migrate.ts applies these files in the order of their names).

-- The tables enrolled at this floor. A table proves who it is with a secret of its own, kept beside its
-- database (<db>.floor.json); the floor keeps only the secret's SHA-256 (the secret is 32 random bytes:
-- nothing to guess, so no slow hash is needed).
CREATE TABLE floor_table (
  id              text PRIMARY KEY CHECK (id ~ '^t-[0-9a-f]{12}$'),
  name            text NOT NULL UNIQUE CHECK (length(name) BETWEEN 1 AND 80),
  credential_hash text NOT NULL CHECK (credential_hash ~ '^[0-9a-f]{64}$'),
  enrolled_at     timestamptz NOT NULL DEFAULT now()
);

-- One-time enrolment codes (felt floor enrol): the secret's SHA-256, the name the table gets, until when the
-- code may be used, and the table that used it.
CREATE TABLE enrolment (
  secret_hash text PRIMARY KEY CHECK (secret_hash ~ '^[0-9a-f]{64}$'),
  name        text NOT NULL CHECK (length(name) BETWEEN 1 AND 80),
  made_at     timestamptz NOT NULL DEFAULT now(),
  expires_at  timestamptz NOT NULL,
  used_by     text REFERENCES floor_table (id),
  used_at     timestamptz
);

-- Every table's log, row for row as the table wrote it (src/store/store.ts): the row's number, the command
-- that wrote it, its canonical JSON payload, the previous row's hash and its own. The database itself
-- refuses a row whose hash is not its content's, or that does not link to the row before it (below): what
-- the floor holds is one unbroken chain per table, whatever writes to it.
CREATE TABLE log_row (
  table_id    text NOT NULL REFERENCES floor_table (id),
  seq         bigint NOT NULL CHECK (seq >= 1),
  command_id  text NOT NULL,
  type        text NOT NULL,   -- the payload's own "type", for the board and the reports
  payload     text NOT NULL,
  prev_hash   text NOT NULL,
  hash        text NOT NULL,
  received_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (table_id, seq),
  CONSTRAINT log_row_hash CHECK (hash = encode(sha256(convert_to(prev_hash || E'\n' || command_id || E'\n' || payload, 'UTF8')), 'hex')),
  CONSTRAINT log_row_genesis CHECK (seq > 1 OR prev_hash = repeat('0', 64))
);

CREATE FUNCTION log_row_links() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.seq > 1 AND NOT EXISTS (SELECT 1 FROM log_row WHERE table_id = NEW.table_id AND seq = NEW.seq - 1 AND hash = NEW.prev_hash) THEN
    RAISE EXCEPTION 'row % of table % does not link to the row before it', NEW.seq, NEW.table_id USING ERRCODE = 'integrity_constraint_violation';
  END IF;
  RETURN NEW;
END $$;
CREATE TRIGGER log_row_links BEFORE INSERT ON log_row FOR EACH ROW EXECUTE FUNCTION log_row_links();

-- Append-only: the floor anchors each table's log, so nothing changes or removes a row once stored.
CREATE FUNCTION append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'the floor''s % is append-only: a row cannot be changed or removed', TG_TABLE_NAME USING ERRCODE = 'restrict_violation';
END $$;
CREATE TRIGGER log_row_append_only BEFORE UPDATE OR DELETE ON log_row FOR EACH ROW EXECUTE FUNCTION append_only();
CREATE TRIGGER log_row_no_truncate BEFORE TRUNCATE ON log_row FOR EACH STATEMENT EXECUTE FUNCTION append_only();

-- Each table's head: the last row stored (0 and the genesis before the first). Locked for each batch, so
-- one table's batches are stored one after the other; it only moves forward, to a row that is stored.
CREATE TABLE chain_head (
  table_id text PRIMARY KEY REFERENCES floor_table (id),
  seq      bigint NOT NULL CHECK (seq >= 0),
  hash     text NOT NULL,
  moved_at timestamptz NOT NULL DEFAULT now()
);

CREATE FUNCTION chain_head_moves_forward() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.table_id <> OLD.table_id OR NEW.seq < OLD.seq OR NOT EXISTS (SELECT 1 FROM log_row WHERE table_id = NEW.table_id AND seq = NEW.seq AND hash = NEW.hash) THEN
    RAISE EXCEPTION 'the head of table % moves only forward, to a row that is stored', OLD.table_id USING ERRCODE = 'restrict_violation';
  END IF;
  RETURN NEW;
END $$;
CREATE TRIGGER chain_head_moves_forward BEFORE UPDATE ON chain_head FOR EACH ROW EXECUTE FUNCTION chain_head_moves_forward();
CREATE TRIGGER chain_head_kept BEFORE DELETE ON chain_head FOR EACH ROW EXECUTE FUNCTION append_only();
CREATE TRIGGER chain_head_no_truncate BEFORE TRUNCATE ON chain_head FOR EACH STATEMENT EXECUTE FUNCTION append_only();

-- A table that offered a row other than the one the floor holds at its place (a fork: the table's log was
-- changed, or restored from an older copy and played on): never stored in its place, kept here with the
-- row as offered, once per row offered. Append-only too: an incident is evidence.
CREATE TABLE fork_incident (
  id           bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  table_id     text NOT NULL REFERENCES floor_table (id),
  seq          bigint NOT NULL,  -- where the table's log and the floor's copy part
  stored_hash  text,             -- the floor's row there; null where the floor has none (the offered row does not link to the head)
  offered_hash text NOT NULL,
  offered_row  text NOT NULL,    -- the row as offered, as JSON
  words        text NOT NULL,
  seen_at      timestamptz NOT NULL DEFAULT now(),
  UNIQUE (table_id, seq, offered_hash)
);
CREATE TRIGGER fork_incident_append_only BEFORE UPDATE OR DELETE ON fork_incident FOR EACH ROW EXECUTE FUNCTION append_only();
CREATE TRIGGER fork_incident_no_truncate BEFORE TRUNCATE ON fork_incident FOR EACH STATEMENT EXECUTE FUNCTION append_only();
