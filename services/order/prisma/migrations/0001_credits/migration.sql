-- order service: the credits ledger (append-only entries) and each user's balance
CREATE TABLE credit_entries (
  id              bigserial PRIMARY KEY,
  user_id         bigint       NOT NULL,
  amount          integer      NOT NULL CHECK (amount <> 0),
  balance_after   integer      NOT NULL CHECK (balance_after >= 0),
  code            varchar(32)  NOT NULL,
  reason          varchar(255) NOT NULL DEFAULT '',
  ref_kind        varchar(32)  NOT NULL DEFAULT '',
  ref_id          bigint       NOT NULL DEFAULT 0,
  idempotency_key varchar(128) NOT NULL,
  created_at      timestamptz(3) NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX credit_entries_idempotency_key_key ON credit_entries (idempotency_key);
CREATE INDEX credit_entries_user_id_id_idx ON credit_entries (user_id, id DESC);

CREATE TABLE credit_balances (
  user_id    bigint PRIMARY KEY,
  balance    integer NOT NULL DEFAULT 0 CHECK (balance >= 0),
  updated_at timestamptz(3) NOT NULL DEFAULT now()
);
