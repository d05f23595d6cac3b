-- config service: settings and header navigation
CREATE TABLE configs (
  id          bigserial PRIMARY KEY,
  category    varchar(32)  NOT NULL,
  name        varchar(64)  NOT NULL,
  label       varchar(128) NOT NULL DEFAULT '',
  value       text         NOT NULL DEFAULT '',
  placeholder text         NOT NULL DEFAULT '',
  input_type  varchar(16)  NOT NULL DEFAULT 'text',
  options     text         NOT NULL DEFAULT '',
  sort        integer      NOT NULL DEFAULT 0,
  is_secret   boolean      NOT NULL DEFAULT false,
  col_num     integer      NOT NULL DEFAULT 0,
  created_at  timestamptz(3) NOT NULL DEFAULT now(),
  updated_at  timestamptz(3) NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX configs_category_name_key ON configs (category, name);

CREATE TABLE navigations (
  id          bigserial PRIMARY KEY,
  title       varchar(64)  NOT NULL,
  href        varchar(255) NOT NULL DEFAULT '',
  target      varchar(16)  NOT NULL DEFAULT '',
  color       varchar(32)  NOT NULL DEFAULT '',
  sort        integer      NOT NULL DEFAULT 0,
  enable      boolean      NOT NULL DEFAULT true,
  parent_id   bigint REFERENCES navigations (id),
  description varchar(255) NOT NULL DEFAULT '',
  created_at  timestamptz(3) NOT NULL DEFAULT now(),
  updated_at  timestamptz(3) NOT NULL DEFAULT now()
);
CREATE INDEX navigations_parent_id_idx ON navigations (parent_id);
