-- The floor's staff directory (src/floor/staff/directory.ts): one document, the same shape as a table's
-- staff file (src/api/staff.ts: numbers, names, roles, scrypt hashes of PINs and badges), so that a table
-- uses the floor's directory as it is. `version` moves at every change: a table knows whether its copy is
-- the latest; `max_age_ms` is how long a table that lost its link may sign in with the copy it has.
CREATE TABLE staff_directory (
  id          int PRIMARY KEY CHECK (id = 1),
  staff       jsonb NOT NULL,
  version     bigint NOT NULL CHECK (version >= 1),
  max_age_ms  bigint NOT NULL CHECK (max_age_ms BETWEEN 60000 AND 2592000000),
  changed_at  timestamptz NOT NULL DEFAULT now()
);
