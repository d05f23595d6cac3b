-- One row per conversion that ended (src/conversion/conversion.repository.ts): finished with pages
-- (ok) or failed for good. The admin dashboard's trend counts them per day; nothing else reads them.
CREATE TABLE conversion_log (
  id          BIGSERIAL PRIMARY KEY,
  hash        VARCHAR(64) NOT NULL,
  ok          BOOLEAN NOT NULL,
  documents   INTEGER NOT NULL DEFAULT 0,
  finished_at TIMESTAMPTZ(3) NOT NULL DEFAULT now()
);

CREATE INDEX conversion_log_finished_at_idx ON conversion_log (finished_at);
