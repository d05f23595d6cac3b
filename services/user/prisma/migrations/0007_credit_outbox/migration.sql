-- Credit grants the user service owes (the register bonus, check-in awards): written in the same
-- transaction as what earned them, then booked in the order service's ledger under their
-- idempotency key and deleted. A grant that cannot be booked now (the order service down) waits
-- here with a retry time instead of being lost; one the ledger refuses for good stays with
-- next_attempt_at = 'infinity' and its error, for an operator.
CREATE TABLE credit_outbox (
  id              bigserial PRIMARY KEY,
  idempotency_key varchar(128) NOT NULL,
  user_id         bigint NOT NULL,
  amount          integer NOT NULL,
  code            varchar(32) NOT NULL,
  reason          varchar(255) NOT NULL DEFAULT '',
  ref_kind        varchar(32) NOT NULL DEFAULT '',
  ref_id          bigint NOT NULL DEFAULT 0,
  attempts        integer NOT NULL DEFAULT 0,
  next_attempt_at timestamptz(3) NOT NULL DEFAULT now(),
  last_error      text NOT NULL DEFAULT '',
  created_at      timestamptz(3) NOT NULL DEFAULT now(),
  CONSTRAINT credit_outbox_amount_check CHECK (amount <> 0)
);
CREATE UNIQUE INDEX credit_outbox_idempotency_key_key ON credit_outbox (idempotency_key);
CREATE INDEX credit_outbox_next_attempt_at_idx ON credit_outbox (next_attempt_at);
