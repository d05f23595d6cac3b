-- Password-recovery links mailed by FindPasswordStepOne (src/recovery): the SHA-256 of the link's
-- random token (never the token), the account and the address it was mailed to (lower-cased: the link
-- works for that address only), valid until expires_at, deleted when used. One live link per account:
-- a new one replaces it. Expired rows are swept as new links are issued.
CREATE TABLE password_resets (
  token_hash varchar(64) PRIMARY KEY,
  user_id    bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE ON UPDATE NO ACTION,
  email      varchar(255) NOT NULL,
  expires_at timestamptz(3) NOT NULL,
  created_at timestamptz(3) NOT NULL DEFAULT now()
);
CREATE INDEX password_resets_user_id_idx ON password_resets (user_id);
CREATE INDEX password_resets_expires_at_idx ON password_resets (expires_at);
