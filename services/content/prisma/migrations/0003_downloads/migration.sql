-- Document downloads: one row per signed link handed out by DownloadDocument. The daily limits
-- (download.times_every_day per user, download.times_every_ip per client address) count these rows.
CREATE TABLE downloads (
  id          bigserial PRIMARY KEY,
  user_id     bigint      NOT NULL DEFAULT 0, -- 0: a guest
  document_id bigint      NOT NULL REFERENCES documents (id) ON DELETE CASCADE,
  ip          varchar(64) NOT NULL DEFAULT '',
  is_pay      boolean     NOT NULL DEFAULT false,
  created_at  timestamptz(3) NOT NULL DEFAULT now()
);
CREATE INDEX downloads_user_id_created_at_idx ON downloads (user_id, created_at);
CREATE INDEX downloads_ip_created_at_idx ON downloads (ip, created_at);
CREATE INDEX downloads_document_id_idx ON downloads (document_id);
