-- spider service: start pages, the files their crawls found, and the pages fetched (validators, links)
CREATE TABLE spider_urls (
  id           bigserial PRIMARY KEY,
  url          varchar(2048) NOT NULL,
  title        varchar(255)  NOT NULL DEFAULT '',
  status       smallint      NOT NULL DEFAULT 0,
  error        varchar(1024) NOT NULL DEFAULT '',
  total        integer       NOT NULL DEFAULT 0,
  category_ids bigint[]      DEFAULT '{}',
  language_id  bigint        NOT NULL DEFAULT 0,
  price        integer       NOT NULL DEFAULT 0,
  "interval"   integer       NOT NULL DEFAULT 1,
  depth        smallint      NOT NULL DEFAULT 0,
  user_id      bigint        NOT NULL,
  run          integer       NOT NULL DEFAULT 0,
  lease_until  timestamptz(3),
  crawled_at   timestamptz(3),
  created_at   timestamptz(3) NOT NULL DEFAULT now(),
  updated_at   timestamptz(3) NOT NULL DEFAULT now()
);
CREATE INDEX spider_urls_status_idx ON spider_urls (status);

CREATE TABLE spider_documents (
  id            bigserial PRIMARY KEY,
  spider_url_id bigint        NOT NULL REFERENCES spider_urls (id) ON DELETE CASCADE ON UPDATE CASCADE,
  url           varchar(2048) NOT NULL,
  title         varchar(255)  NOT NULL DEFAULT '',
  ext           varchar(16)   NOT NULL DEFAULT '',
  status        smallint      NOT NULL DEFAULT 0,
  error         varchar(1024) NOT NULL DEFAULT '',
  size          bigint        NOT NULL DEFAULT 0,
  hash          varchar(64)   NOT NULL DEFAULT '',
  storage_key   varchar(1024) NOT NULL DEFAULT '',
  document_id   bigint        NOT NULL DEFAULT 0,
  run           integer       NOT NULL DEFAULT 0,
  lease_until   timestamptz(3),
  created_at    timestamptz(3) NOT NULL DEFAULT now(),
  updated_at    timestamptz(3) NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX spider_documents_url_key ON spider_documents (url);
CREATE INDEX spider_documents_spider_url_id_idx ON spider_documents (spider_url_id);
CREATE INDEX spider_documents_status_idx ON spider_documents (status);

CREATE TABLE spider_pages (
  id            bigserial PRIMARY KEY,
  spider_url_id bigint        NOT NULL REFERENCES spider_urls (id) ON DELETE CASCADE ON UPDATE CASCADE,
  url           varchar(2048) NOT NULL,
  etag          varchar(255)  NOT NULL DEFAULT '',
  last_modified varchar(64)   NOT NULL DEFAULT '',
  links         text[]        DEFAULT '{}',
  fetched_at    timestamptz(3) NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX spider_pages_spider_url_id_url_key ON spider_pages (spider_url_id, url);
