-- order service: orders (buy a document, buy VIP, recharge credits). Money in integer cents.
-- status: 1 PENDING → 2 PAID | 3 CLOSED, moved only by conditional UPDATEs (WHERE status = 1).
-- Deleting an order (admin) sets deleted_at: the row stays, because a paid BUY_DOCUMENT order is
-- the buyer's purchase record and a paid order explains its ledger entries.
CREATE TABLE orders (
  id            bigserial PRIMARY KEY,
  order_no      varchar(32)  NOT NULL,
  user_id       bigint       NOT NULL CHECK (user_id > 0),
  order_type    smallint     NOT NULL CHECK (order_type IN (1, 2, 3)),
  product_id    bigint       NOT NULL DEFAULT 0 CHECK (product_id >= 0),
  product_name  varchar(128) NOT NULL DEFAULT '',
  quantity      integer      NOT NULL DEFAULT 1 CHECK (quantity > 0),
  price         integer      NOT NULL DEFAULT 0 CHECK (price >= 0),
  amount        integer      NOT NULL DEFAULT 0 CHECK (amount >= 0),
  discount      double precision NOT NULL DEFAULT 1 CHECK (discount > 0 AND discount <= 1),
  credit_amount integer      NOT NULL DEFAULT 0 CHECK (credit_amount >= 0),
  status        smallint     NOT NULL DEFAULT 1 CHECK (status IN (1, 2, 3)),
  pay_method    smallint     NOT NULL DEFAULT 0 CHECK (pay_method >= 0),
  trade_no      varchar(64),
  pay_at        timestamptz(3),
  closed_at     timestamptz(3),
  expired_at    timestamptz(3) NOT NULL,
  delivered_at  timestamptz(3),
  used_at       timestamptz(3),
  remark        varchar(255) NOT NULL DEFAULT '',
  message       varchar(255) NOT NULL DEFAULT '',
  created_at    timestamptz(3) NOT NULL DEFAULT now(),
  updated_at    timestamptz(3) NOT NULL DEFAULT now(),
  deleted_at    timestamptz(3),
  CONSTRAINT orders_paid_check CHECK ((status = 2) = (pay_at IS NOT NULL)),
  CONSTRAINT orders_closed_check CHECK ((status = 3) = (closed_at IS NOT NULL)),
  CONSTRAINT orders_delivered_check CHECK (delivered_at IS NULL OR status = 2)
);
CREATE UNIQUE INDEX orders_order_no_key ON orders (order_no);
-- A platform's transaction pays one order only (NULLs, orders without one, are distinct).
CREATE UNIQUE INDEX orders_pay_method_trade_no_key ON orders (pay_method, trade_no);
CREATE INDEX orders_user_id_id_idx ON orders (user_id, id DESC);
CREATE INDEX orders_created_at_idx ON orders (created_at DESC);
-- The sweep: PENDING orders past their time, PAID orders not delivered yet.
CREATE INDEX orders_status_expired_at_idx ON orders (status, expired_at);
CREATE INDEX orders_status_delivered_at_idx ON orders (status, delivered_at);
-- A user's purchases of one document.
CREATE INDEX orders_user_product_idx ON orders (user_id, order_type, product_id);
-- A purchase of a document entitles downloads (ChargeDocumentDownload): for
-- download.free_download_duration days after it was paid, or, when that is 0, one download each
-- (used_at marks the download that used it). A user may buy one document again once entitled no
-- more: purchases may repeat. download_claims keeps one charge per user and document at a time.
CREATE TABLE download_claims (
  user_id     bigint NOT NULL,
  document_id bigint NOT NULL,
  claimed_at  timestamptz(3) NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, document_id)
);
