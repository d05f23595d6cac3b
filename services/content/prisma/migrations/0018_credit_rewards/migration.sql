-- Credits the content service owes the order service's ledger (score config: upload reward, delete
-- penalty, document favorited, document commented).
--
-- credit_outbox: the shared credit outbox (services/kit/src/outbox.ts), the same table as the user
-- service's: a booking is written in the same transaction as what earned it, booked in the ledger
-- under its idempotency key and deleted; one that cannot be booked now waits with a retry time, one the
-- ledger refuses for good stays with next_attempt_at = 'infinity' and its error, for an operator.
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

-- Every reward or penalty the content service decided to book, kept for good (the outbox row goes once
-- booked): the unique key makes each cause count once (one upload reward per document, one delete
-- penalty per document, one favorite reward per favoriting user and document, one comment reward per
-- commenter and document), and the rows of one user, rule and site-local day are what the daily caps
-- count (under a transaction-scoped advisory lock per user, rule and day: exact under concurrency).
CREATE TABLE credit_rewards (
  id         bigserial PRIMARY KEY,
  rule       varchar(32) NOT NULL,
  user_id    bigint NOT NULL,
  day        date NOT NULL,
  key        varchar(128) NOT NULL,
  amount     integer NOT NULL,
  created_at timestamptz(3) NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX credit_rewards_key_key ON credit_rewards (key);
CREATE INDEX credit_rewards_user_id_rule_day_idx ON credit_rewards (user_id, rule, day);
