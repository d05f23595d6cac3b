-- config: carousel banners, friend links and advertisements. Lists read "sort desc, id desc" (larger
-- sort first, then newest), public reads only enabled rows (ads also inside their start/end window).

CREATE TABLE banners (
  id          bigserial PRIMARY KEY,
  title       varchar(64)   NOT NULL,
  path        varchar(255)  NOT NULL,
  url         varchar(1024) NOT NULL DEFAULT '',
  type        smallint      NOT NULL DEFAULT 0,
  sort        integer       NOT NULL DEFAULT 0,
  enable      boolean       NOT NULL DEFAULT true,
  description varchar(255)  NOT NULL DEFAULT '',
  created_at  timestamptz(3) NOT NULL DEFAULT now(),
  updated_at  timestamptz(3) NOT NULL DEFAULT now()
);
CREATE INDEX banners_type_sort_idx ON banners (type, sort);

CREATE TABLE friendlinks (
  id          bigserial PRIMARY KEY,
  title       varchar(64)   NOT NULL,
  link        varchar(1024) NOT NULL,
  description varchar(255)  NOT NULL DEFAULT '',
  sort        integer       NOT NULL DEFAULT 0,
  enable      boolean       NOT NULL DEFAULT true,
  created_at  timestamptz(3) NOT NULL DEFAULT now(),
  updated_at  timestamptz(3) NOT NULL DEFAULT now()
);

CREATE TABLE advertisements (
  id          bigserial PRIMARY KEY,
  position    varchar(32)   NOT NULL,
  title       varchar(64)   NOT NULL,
  content     text          NOT NULL DEFAULT '',
  image       varchar(255)  NOT NULL DEFAULT '',
  link        varchar(1024) NOT NULL DEFAULT '',
  start_time  timestamptz(3),
  end_time    timestamptz(3),
  enable      boolean       NOT NULL DEFAULT true,
  sort        integer       NOT NULL DEFAULT 0,
  remark      varchar(255)  NOT NULL DEFAULT '',
  created_at  timestamptz(3) NOT NULL DEFAULT now(),
  updated_at  timestamptz(3) NOT NULL DEFAULT now()
);
CREATE INDEX advertisements_position_idx ON advertisements (position);
