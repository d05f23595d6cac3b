-- Third-party accounts bound to users (GitHub, Gitee, Google, QQ, WeChat, a custom OpenID Connect or
-- OAuth2 provider; oauth/providers/provider.ts numbers them as moredoc does). One row per provider account:
-- unique (type, openid), so an external account signs in to exactly one user even when two binds race;
-- and one account per provider per user, unique (user_id, type).
CREATE TABLE user_oauths (
  id         bigserial PRIMARY KEY,
  user_id    bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE ON UPDATE NO ACTION,
  type       integer NOT NULL,
  openid     varchar(255) NOT NULL,
  unionid    varchar(255) NOT NULL DEFAULT '',
  username   varchar(255) NOT NULL DEFAULT '',
  nickname   varchar(255) NOT NULL DEFAULT '',
  avatar     varchar(1024) NOT NULL DEFAULT '',
  email      varchar(255) NOT NULL DEFAULT '',
  created_at timestamptz(3) NOT NULL DEFAULT now(),
  updated_at timestamptz(3) NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX user_oauths_type_openid_key ON user_oauths (type, openid);
CREATE UNIQUE INDEX user_oauths_user_id_type_key ON user_oauths (user_id, type);
