-- content service: categories, languages, attachments, documents and their categories
CREATE TABLE categories (
  id               bigserial PRIMARY KEY,
  parent_id        bigint REFERENCES categories (id),
  title            varchar(64)  NOT NULL,
  type             smallint     NOT NULL DEFAULT 0 CHECK (type IN (0, 1)),
  icon             varchar(255) NOT NULL DEFAULT '',
  cover            varchar(255) NOT NULL DEFAULT '',
  description      varchar(500) NOT NULL DEFAULT '',
  show_description boolean      NOT NULL DEFAULT false,
  enable           boolean      NOT NULL DEFAULT true,
  sort             integer      NOT NULL DEFAULT 0,
  doc_count        integer      NOT NULL DEFAULT 0,
  created_at       timestamptz(3) NOT NULL DEFAULT now(),
  updated_at       timestamptz(3) NOT NULL DEFAULT now()
);
-- one title per (parent, type); top-level categories (parent NULL) are siblings too
CREATE UNIQUE INDEX categories_parent_id_type_title_key ON categories (parent_id, type, title) NULLS NOT DISTINCT;
CREATE INDEX categories_type_sort_idx ON categories (type, sort);
CREATE INDEX categories_parent_id_idx ON categories (parent_id);

CREATE TABLE languages (
  id         bigserial PRIMARY KEY,
  code       varchar(16) NOT NULL,
  name       varchar(64) NOT NULL,
  enable     boolean     NOT NULL DEFAULT true,
  sort       integer     NOT NULL DEFAULT 0,
  created_at timestamptz(3) NOT NULL DEFAULT now(),
  updated_at timestamptz(3) NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX languages_code_key ON languages (code);

CREATE TABLE attachments (
  id          bigserial PRIMARY KEY,
  hash        varchar(64)  NOT NULL,
  user_id     bigint       NOT NULL DEFAULT 0,
  type        smallint     NOT NULL DEFAULT 0,
  name        varchar(255) NOT NULL DEFAULT '',
  size        bigint       NOT NULL DEFAULT 0,
  ext         varchar(16)  NOT NULL DEFAULT '',
  mime        varchar(128) NOT NULL DEFAULT '',
  storage_key varchar(255) NOT NULL,
  width       integer      NOT NULL DEFAULT 0,
  height      integer      NOT NULL DEFAULT 0,
  ip          varchar(64)  NOT NULL DEFAULT '',
  enable      boolean      NOT NULL DEFAULT true,
  description varchar(255) NOT NULL DEFAULT '',
  created_at  timestamptz(3) NOT NULL DEFAULT now(),
  updated_at  timestamptz(3) NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX attachments_hash_key ON attachments (hash);
CREATE INDEX attachments_user_id_idx ON attachments (user_id);
CREATE INDEX attachments_type_created_at_idx ON attachments (type, created_at);

CREATE TABLE documents (
  id              bigserial PRIMARY KEY,
  uuid            uuid          NOT NULL DEFAULT gen_random_uuid(),
  title           varchar(255)  NOT NULL,
  keywords        varchar(255)  NOT NULL DEFAULT '',
  description     varchar(1000) NOT NULL DEFAULT '',
  user_id         bigint        NOT NULL,
  attachment_hash varchar(64)   NOT NULL REFERENCES attachments (hash) ON DELETE RESTRICT,
  ext             varchar(16)   NOT NULL,
  type            varchar(8)    NOT NULL DEFAULT 'other',
  size            bigint        NOT NULL DEFAULT 0,
  pages           integer       NOT NULL DEFAULT 0,
  preview         integer       NOT NULL DEFAULT 0,
  width           integer       NOT NULL DEFAULT 0,
  height          integer       NOT NULL DEFAULT 0,
  preview_ext     varchar(8)    NOT NULL DEFAULT '.svg',
  enable_gzip     boolean       NOT NULL DEFAULT false,
  price           integer       NOT NULL DEFAULT 0 CHECK (price >= 0),
  is_vip          boolean       NOT NULL DEFAULT false,
  -- api.v1.DocumentStatus: 0 pending, 1 converting, 2 converted, 3 failed, 4 disabled,
  -- 5 reconvert, 6 pending review, 7 rejected
  status          smallint      NOT NULL DEFAULT 0 CHECK (status BETWEEN 0 AND 7),
  convert_error   text          NOT NULL DEFAULT '',
  language_id     bigint        REFERENCES languages (id) ON DELETE SET NULL,
  source          varchar(64)   NOT NULL DEFAULT '',
  source_url      varchar(1024) NOT NULL DEFAULT '',
  view_count      integer       NOT NULL DEFAULT 0,
  download_count  integer       NOT NULL DEFAULT 0,
  favorite_count  integer       NOT NULL DEFAULT 0,
  comment_count   integer       NOT NULL DEFAULT 0,
  score           integer       NOT NULL DEFAULT 0,
  score_count     integer       NOT NULL DEFAULT 0,
  recommend_at    timestamptz(3),
  deleted_at      timestamptz(3),
  deleted_user_id bigint        NOT NULL DEFAULT 0,
  created_at      timestamptz(3) NOT NULL DEFAULT now(),
  updated_at      timestamptz(3) NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX documents_uuid_key ON documents (uuid);
CREATE INDEX documents_user_id_created_at_idx ON documents (user_id, created_at);
CREATE INDEX documents_attachment_hash_idx ON documents (attachment_hash);
CREATE INDEX documents_language_id_idx ON documents (language_id);
-- list queries: live documents newest first, by status; the recycle bin; recommended documents;
-- the conversion queue
CREATE INDEX documents_live_created_at_idx ON documents (created_at DESC, id DESC) WHERE deleted_at IS NULL;
CREATE INDEX documents_live_status_idx ON documents (status, created_at DESC) WHERE deleted_at IS NULL;
CREATE INDEX documents_recycled_idx ON documents (deleted_at DESC) WHERE deleted_at IS NOT NULL;
CREATE INDEX documents_recommended_idx ON documents (recommend_at DESC) WHERE recommend_at IS NOT NULL AND deleted_at IS NULL;
CREATE INDEX documents_convert_queue_idx ON documents (id) WHERE status IN (0, 5) AND deleted_at IS NULL;

CREATE TABLE document_categories (
  document_id bigint NOT NULL REFERENCES documents (id) ON DELETE CASCADE,
  category_id bigint NOT NULL REFERENCES categories (id) ON DELETE RESTRICT,
  PRIMARY KEY (document_id, category_id)
);
CREATE INDEX document_categories_category_id_idx ON document_categories (category_id);
