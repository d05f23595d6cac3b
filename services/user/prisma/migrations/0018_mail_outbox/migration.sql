-- Mails the user service owes (verification codes, password-recovery links): written in the same
-- transaction as the code or link they carry, then sent and deleted (mail/mail.outbox.ts). A mail the
-- SMTP server does not take now waits here with a backed-off retry time, so a restart or a failing
-- server loses none; one that failed 6 times is parked (next_attempt_at = 'infinity') with its error.
-- A mail whose code or link expired or was replaced meanwhile is dropped unsent.
CREATE TABLE mail_outbox (
  id              bigserial PRIMARY KEY,
  idempotency_key varchar(128) NOT NULL,
  recipient       varchar(255) NOT NULL,
  subject         varchar(255) NOT NULL,
  body            text NOT NULL,
  -- what the mail carries, "code:<verification code id>" or "reset:<token hash>": sent only while live
  carries         varchar(128) NOT NULL,
  expires_at      timestamptz(3) NOT NULL,
  attempts        integer NOT NULL DEFAULT 0,
  next_attempt_at timestamptz(3) NOT NULL DEFAULT now(),
  last_error      text NOT NULL DEFAULT '',
  created_at      timestamptz(3) NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX mail_outbox_idempotency_key_key ON mail_outbox (idempotency_key);
CREATE INDEX mail_outbox_next_attempt_at_idx ON mail_outbox (next_attempt_at);
