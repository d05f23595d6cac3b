-- user service: accounts, groups, permissions, sessions
CREATE TABLE users (
  id             bigserial PRIMARY KEY,
  username       varchar(64)  NOT NULL,
  password       varchar(255) NOT NULL,
  email          varchar(255),
  mobile         varchar(20),
  realname       varchar(64)  NOT NULL DEFAULT '',
  avatar         varchar(255) NOT NULL DEFAULT '',
  identity       varchar(32)  NOT NULL DEFAULT '',
  address        varchar(255) NOT NULL DEFAULT '',
  signature      varchar(255) NOT NULL DEFAULT '',
  remark         varchar(255) NOT NULL DEFAULT '',
  status         smallint     NOT NULL DEFAULT 0,
  register_ip    varchar(64)  NOT NULL DEFAULT '',
  last_login_ip  varchar(64)  NOT NULL DEFAULT '',
  login_at       timestamptz(3),
  created_at     timestamptz(3) NOT NULL DEFAULT now(),
  updated_at     timestamptz(3) NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX users_username_key ON users (username);
CREATE UNIQUE INDEX users_email_key ON users (email);
CREATE UNIQUE INDEX users_mobile_key ON users (mobile);

CREATE TABLE groups (
  id                       bigserial PRIMARY KEY,
  title                    varchar(64)  NOT NULL,
  color                    varchar(32)  NOT NULL DEFAULT '',
  description              varchar(255) NOT NULL DEFAULT '',
  is_default               boolean NOT NULL DEFAULT false,
  is_display               boolean NOT NULL DEFAULT true,
  sort                     integer NOT NULL DEFAULT 0,
  enable_upload            boolean NOT NULL DEFAULT false,
  enable_comment           boolean NOT NULL DEFAULT true,
  enable_comment_approval  boolean NOT NULL DEFAULT true,
  enable_document_review   boolean NOT NULL DEFAULT true,
  enable_article           boolean NOT NULL DEFAULT false,
  enable_article_approval  boolean NOT NULL DEFAULT true,
  created_at               timestamptz(3) NOT NULL DEFAULT now(),
  updated_at               timestamptz(3) NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX groups_title_key ON groups (title);

CREATE TABLE user_groups (
  user_id    bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  group_id   bigint NOT NULL REFERENCES groups (id) ON DELETE CASCADE,
  created_at timestamptz(3) NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, group_id)
);
CREATE INDEX user_groups_group_id_idx ON user_groups (group_id);

CREATE TABLE permissions (
  id          bigserial PRIMARY KEY,
  method      varchar(16)  NOT NULL,
  path        varchar(128) NOT NULL,
  title       varchar(64)  NOT NULL DEFAULT '',
  description varchar(255) NOT NULL DEFAULT '',
  created_at  timestamptz(3) NOT NULL DEFAULT now(),
  updated_at  timestamptz(3) NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX permissions_method_path_key ON permissions (method, path);

CREATE TABLE group_permissions (
  group_id      bigint NOT NULL REFERENCES groups (id) ON DELETE CASCADE,
  permission_id bigint NOT NULL REFERENCES permissions (id) ON DELETE CASCADE,
  PRIMARY KEY (group_id, permission_id)
);
CREATE INDEX group_permissions_permission_id_idx ON group_permissions (permission_id);

CREATE TABLE sessions (
  id          uuid PRIMARY KEY,
  user_id     bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  ip          varchar(64)  NOT NULL DEFAULT '',
  user_agent  varchar(255) NOT NULL DEFAULT '',
  expires_at  timestamptz(3) NOT NULL,
  revoked_at  timestamptz(3),
  created_at  timestamptz(3) NOT NULL DEFAULT now()
);
CREATE INDEX sessions_user_id_idx ON sessions (user_id);
