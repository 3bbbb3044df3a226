-- A dead table PC replaced from the floor (D99): a replacement enrolment names the table it replaces; the
-- new PC downloads the table's rows with the code's secret, verifies them, and only then takes over the
-- table's credential. The old PC's credential is kept (its hash) as revoked: a PC that comes back with it
-- is refused and seen here, and never writes to the table's log again.
ALTER TABLE enrolment ADD COLUMN replaces text REFERENCES floor_table (id);

CREATE TABLE table_replacement (
  id                  bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  table_id            text NOT NULL REFERENCES floor_table (id),
  old_credential_hash text NOT NULL CHECK (old_credential_hash ~ '^[0-9a-f]{64}$'),
  replaced_at         timestamptz NOT NULL DEFAULT now(),
  head_seq            bigint NOT NULL,   -- the floor's head when the new PC took over: its log begins there
  head_hash           text NOT NULL,
  lost                text,              -- what the floor knows was lost with the old PC (a hand in play), in words
  old_seen_at         timestamptz,       -- the old PC came back with its revoked credential: last time
  old_seen_count      bigint NOT NULL DEFAULT 0
);
CREATE INDEX table_replacement_old ON table_replacement (old_credential_hash);
