-- user service: shared captcha store, punishments, activity feed
CREATE TABLE captchas (
  id          uuid PRIMARY KEY,
  scene       varchar(32) NOT NULL,
  answer      varchar(16) NOT NULL,
  expires_at  timestamptz(3) NOT NULL,
  created_at  timestamptz(3) NOT NULL DEFAULT now()
);
CREATE INDEX captchas_expires_at_idx ON captchas (expires_at);

CREATE TABLE punishments (
  id          bigserial PRIMARY KEY,
  user_id     bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  type        smallint NOT NULL,
  enable      boolean NOT NULL DEFAULT true,
  operators   text NOT NULL DEFAULT '[]',
  remark      varchar(512) NOT NULL DEFAULT '',
  reason      varchar(512) NOT NULL DEFAULT '',
  start_time  timestamptz(3) NOT NULL DEFAULT now(),
  end_time    timestamptz(3),
  created_at  timestamptz(3) NOT NULL DEFAULT now(),
  updated_at  timestamptz(3) NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX punishments_user_id_type_key ON punishments (user_id, type);
CREATE INDEX punishments_type_idx ON punishments (type);

CREATE TABLE dynamics (
  id          bigserial PRIMARY KEY,
  user_id     bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  type        smallint NOT NULL,
  content     text NOT NULL,
  created_at  timestamptz(3) NOT NULL DEFAULT now(),
  updated_at  timestamptz(3) NOT NULL DEFAULT now()
);
CREATE INDEX dynamics_user_id_id_idx ON dynamics (user_id, id);
