-- Verification codes sent by e-mail or SMS (services/user/src/codes): at most one per channel, target
-- and purpose (a new one replaces the old), stored as an HMAC of the code (never the code itself),
-- single use, at most 5 attempts, valid until expires_at. Expired rows are swept as new codes are issued.
CREATE TABLE verification_codes (
  id         uuid PRIMARY KEY,
  channel    varchar(8) NOT NULL,
  target     varchar(255) NOT NULL,
  purpose    smallint NOT NULL,
  code_hash  varchar(64) NOT NULL,
  attempts   smallint NOT NULL DEFAULT 0,
  ip         varchar(64) NOT NULL DEFAULT '',
  expires_at timestamptz(3) NOT NULL,
  created_at timestamptz(3) NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX verification_codes_channel_target_purpose_key ON verification_codes (channel, target, purpose);
CREATE INDEX verification_codes_expires_at_idx ON verification_codes (expires_at);
