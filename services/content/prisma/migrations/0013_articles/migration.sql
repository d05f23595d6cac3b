-- Articles (ArticleAPI, src/articles/): HTML content sanitised on the server before it is stored;
-- status is api.v1.ReviewStatus (0 pending, 1 approved, 2 rejected); deleted_at set while in the
-- recycle bin. identifier addresses the article in URLs (/article/about): letters, digits, - and _,
-- never digits only (those are ids); 16 hex characters when the author gives none.
CREATE TABLE articles (
  id              BIGSERIAL PRIMARY KEY,
  identifier      VARCHAR(64) NOT NULL DEFAULT substr(md5((gen_random_uuid())::text), 1, 16),
  user_id         BIGINT NOT NULL DEFAULT 0,
  author          VARCHAR(64) NOT NULL DEFAULT '',
  title           VARCHAR(255) NOT NULL,
  keywords        VARCHAR(255) NOT NULL DEFAULT '',
  description     VARCHAR(1000) NOT NULL DEFAULT '',
  content         TEXT NOT NULL DEFAULT '',
  source          VARCHAR(64) NOT NULL DEFAULT '',
  source_url      VARCHAR(1024) NOT NULL DEFAULT '',
  status          SMALLINT NOT NULL DEFAULT 0,
  reject_reason   VARCHAR(255) NOT NULL DEFAULT '',
  view_count      INTEGER NOT NULL DEFAULT 0,
  favorite_count  INTEGER NOT NULL DEFAULT 0,
  comment_count   INTEGER NOT NULL DEFAULT 0,
  recommend_at    TIMESTAMPTZ(3),
  deleted_at      TIMESTAMPTZ(3),
  deleted_user_id BIGINT NOT NULL DEFAULT 0,
  created_at      TIMESTAMPTZ(3) NOT NULL DEFAULT now(),
  updated_at      TIMESTAMPTZ(3) NOT NULL DEFAULT now(),
  CONSTRAINT articles_identifier_format CHECK (identifier ~ '^[A-Za-z0-9_-]+$' AND identifier !~ '^[0-9]+$'),
  CONSTRAINT articles_status_range CHECK (status BETWEEN 0 AND 2)
);
CREATE UNIQUE INDEX articles_identifier_key ON articles (identifier);
CREATE INDEX articles_user_id_created_at_idx ON articles (user_id, created_at);
CREATE INDEX articles_status_created_at_idx ON articles (status, created_at);

-- An article's categories (type-1 categories): every category of its path, like document_categories.
CREATE TABLE article_categories (
  article_id  BIGINT NOT NULL REFERENCES articles (id) ON DELETE CASCADE,
  category_id BIGINT NOT NULL REFERENCES categories (id) ON DELETE RESTRICT,
  PRIMARY KEY (article_id, category_id)
);
CREATE INDEX article_categories_category_id_idx ON article_categories (category_id);
