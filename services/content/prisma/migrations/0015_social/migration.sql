-- Favorites, ratings, reports and reading progress (#13: src/favorites, scores, reports, history).
-- Their foreign keys to documents and articles are SQL-only (no Prisma relation, like downloads): purging
-- a document or an article deletes its rows, the recycle bin keeps them.

-- A user's favorite document or article: exactly one of document_id, article_id; one per user and target
-- (the unique indexes make a second, concurrent favorite a no-op). documents.favorite_count and
-- articles.favorite_count move in the same transaction as the rows.
CREATE TABLE favorites (
  id          BIGSERIAL PRIMARY KEY,
  user_id     BIGINT NOT NULL,
  document_id BIGINT REFERENCES documents (id) ON DELETE CASCADE,
  article_id  BIGINT REFERENCES articles (id) ON DELETE CASCADE,
  created_at  TIMESTAMPTZ(3) NOT NULL DEFAULT now(),
  CONSTRAINT favorites_one_target CHECK ((document_id IS NULL) <> (article_id IS NULL))
);
CREATE UNIQUE INDEX favorites_user_id_document_id_key ON favorites (user_id, document_id);
CREATE UNIQUE INDEX favorites_user_id_article_id_key ON favorites (user_id, article_id);
CREATE INDEX favorites_user_id_created_at_idx ON favorites (user_id, created_at);
CREATE INDEX favorites_document_id_idx ON favorites (document_id);
CREATE INDEX favorites_article_id_idx ON favorites (article_id);

-- One rating per user and document, 1-5 stars stored x100 as moredoc does; documents.score (the rounded
-- average, x100) and score_count are recomputed from these rows in the rating's transaction.
CREATE TABLE document_scores (
  id          BIGSERIAL PRIMARY KEY,
  user_id     BIGINT NOT NULL,
  document_id BIGINT NOT NULL REFERENCES documents (id) ON DELETE CASCADE,
  score       INTEGER NOT NULL,
  created_at  TIMESTAMPTZ(3) NOT NULL DEFAULT now(),
  updated_at  TIMESTAMPTZ(3) NOT NULL DEFAULT now(),
  CONSTRAINT document_scores_range CHECK (score IN (100, 200, 300, 400, 500))
);
CREATE UNIQUE INDEX document_scores_document_id_user_id_key ON document_scores (document_id, user_id);

-- Reports of documents: reason is api.v1.ReportReason (1-6); status true once handled (remark: the
-- handler's note). At most one open report per user and document (reports_open_key).
CREATE TABLE reports (
  id          BIGSERIAL PRIMARY KEY,
  document_id BIGINT NOT NULL REFERENCES documents (id) ON DELETE CASCADE,
  user_id     BIGINT NOT NULL,
  reason      SMALLINT NOT NULL,
  status      BOOLEAN NOT NULL DEFAULT false,
  remark      VARCHAR(255) NOT NULL DEFAULT '',
  created_at  TIMESTAMPTZ(3) NOT NULL DEFAULT now(),
  updated_at  TIMESTAMPTZ(3) NOT NULL DEFAULT now(),
  CONSTRAINT reports_reason_range CHECK (reason BETWEEN 1 AND 6)
);
CREATE UNIQUE INDEX reports_open_key ON reports (user_id, document_id) WHERE NOT status;
CREATE INDEX reports_document_id_idx ON reports (document_id);
CREATE INDEX reports_status_created_at_idx ON reports (status, created_at);

-- Where a signed-in reader stopped in a document (ReadingAPI): the last page, updated as they read.
CREATE TABLE reading_progress (
  user_id     BIGINT NOT NULL,
  document_id BIGINT NOT NULL REFERENCES documents (id) ON DELETE CASCADE,
  page        INTEGER NOT NULL,
  updated_at  TIMESTAMPTZ(3) NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, document_id),
  CONSTRAINT reading_progress_page_positive CHECK (page >= 1)
);
CREATE INDEX reading_progress_user_id_updated_at_idx ON reading_progress (user_id, updated_at);
CREATE INDEX reading_progress_document_id_idx ON reading_progress (document_id);
