-- Search records (src/search/search.records*.ts): one row per non-empty search, written in the
-- background after the search answered, kept security.search_record_retention_days days (the sweep
-- deletes older rows; 0 records nothing). user_id 0 is a visitor. keywords is the query as searched
-- (cut to 100 characters), normalized the same query trimmed, NFKC-folded, lower-cased with spaces
-- collapsed: what the admin list filters on and popular searches group by.
CREATE TABLE search_records (
  id          bigserial PRIMARY KEY,
  user_id     bigint NOT NULL DEFAULT 0,
  keywords    varchar(100) NOT NULL,
  normalized  varchar(100) NOT NULL,
  ip          varchar(64) NOT NULL DEFAULT '',
  user_agent  varchar(255) NOT NULL DEFAULT '',
  type        smallint NOT NULL DEFAULT 0,
  page        integer NOT NULL DEFAULT 1,
  total       integer NOT NULL DEFAULT 0,
  spend_ms    integer NOT NULL DEFAULT 0,
  created_at  timestamptz(3) NOT NULL DEFAULT now()
);

-- The admin list (newest first) and the retention sweep (oldest first).
CREATE INDEX search_records_created_at_idx ON search_records (created_at);
CREATE INDEX search_records_user_id_created_at_idx ON search_records (user_id, created_at);
-- Popular searches: the recent searches that found something, read from the index alone.
CREATE INDEX search_records_popular_idx ON search_records (type, created_at)
  INCLUDE (normalized, user_id, ip) WHERE total > 0;
