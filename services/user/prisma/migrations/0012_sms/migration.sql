-- Every text message sent (verification codes): what an admin reads on /admin/user/sms. The code is
-- never stored here (content has it masked); the code store keeps only its HMAC.
CREATE TABLE sms (
  id         bigserial PRIMARY KEY,
  mobile     varchar(20) NOT NULL,
  type       smallint NOT NULL DEFAULT 0,
  content    varchar(255) NOT NULL DEFAULT '',
  -- 0 sending, 1 success, 2 failed (SmsStatus)
  status     smallint NOT NULL DEFAULT 0,
  provider   varchar(32) NOT NULL DEFAULT '',
  error      varchar(500) NOT NULL DEFAULT '',
  response   text NOT NULL DEFAULT '',
  ip         varchar(64) NOT NULL DEFAULT '',
  user_id    bigint REFERENCES users (id) ON DELETE SET NULL ON UPDATE NO ACTION,
  created_at timestamptz(3) NOT NULL DEFAULT now(),
  updated_at timestamptz(3) NOT NULL DEFAULT now()
);
CREATE INDEX sms_mobile_idx ON sms (mobile);
CREATE INDEX sms_created_at_idx ON sms (created_at);
