-- Daily check-ins: one row per user and day (YYYYMMDD in the site's time zone); the unique index
-- makes a second check-in of the day fail even when two arrive together. The award is the credits
-- the order service's ledger booked for it (idempotency key sign:<user>:<day>).
CREATE TABLE signs (
  id         bigserial PRIMARY KEY,
  user_id    bigint  NOT NULL REFERENCES users (id) ON DELETE CASCADE ON UPDATE NO ACTION,
  day        integer NOT NULL,
  ip         varchar(64) NOT NULL DEFAULT '',
  award      integer NOT NULL DEFAULT 0,
  created_at timestamptz(3) NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX signs_user_id_day_key ON signs (user_id, day);
