-- order service: VIP. vip_cards are the one source of VIP prices (the config's vip category keeps
-- enable and icon; its price keys are a legacy view, see services/config settings.mapper.ts).
-- user_vips holds each member's current membership; vip_grants every extension (a paid BUY_VIP
-- order, at most once per order, or an administrator's grant with who gave it).
CREATE TABLE vip_cards (
  id           bigserial PRIMARY KEY,
  title        varchar(64)    NOT NULL,
  type         integer        NOT NULL CHECK (type IN (0, 1, 2)),
  price        integer        NOT NULL DEFAULT 0 CHECK (price >= 0),
  credit_price integer        NOT NULL DEFAULT 0 CHECK (credit_price >= 0),
  days         integer        NOT NULL CHECK (days BETWEEN 1 AND 3660),
  description  varchar(1024)  NOT NULL DEFAULT '',
  enable       boolean        NOT NULL DEFAULT true,
  sort         integer        NOT NULL DEFAULT 0,
  discount     double precision NOT NULL DEFAULT 1 CHECK (discount > 0 AND discount <= 1),
  -- deleted cards stay for the paid orders that still name them (a late delivery reads the days)
  deleted_at   timestamptz(3),
  created_at   timestamptz(3) NOT NULL DEFAULT now(),
  updated_at   timestamptz(3) NOT NULL DEFAULT now()
);

CREATE TABLE user_vips (
  id         bigserial PRIMARY KEY,
  user_id    bigint         NOT NULL,
  username   varchar(64)    NOT NULL DEFAULT '',
  card_type  integer        NOT NULL DEFAULT 0,
  expired_at timestamptz(3) NOT NULL,
  total_days integer        NOT NULL DEFAULT 0 CHECK (total_days >= 0),
  created_at timestamptz(3) NOT NULL DEFAULT now(),
  updated_at timestamptz(3) NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX user_vips_user_id_key ON user_vips (user_id);
CREATE INDEX user_vips_expired_at_idx ON user_vips (expired_at DESC);

CREATE TABLE vip_grants (
  id         bigserial PRIMARY KEY,
  user_id    bigint         NOT NULL,
  order_id   bigint,
  card_id    bigint         NOT NULL DEFAULT 0,
  days       integer        NOT NULL CHECK (days > 0),
  expired_at timestamptz(3) NOT NULL,
  granted_by bigint         NOT NULL DEFAULT 0,
  remark     varchar(255)   NOT NULL DEFAULT '',
  created_at timestamptz(3) NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX vip_grants_order_id_key ON vip_grants (order_id);
CREATE INDEX vip_grants_user_id_id_idx ON vip_grants (user_id, id DESC);

-- The cards the config's vip defaults described (catalog.more.ts vipCard(): selling prices in cents).
INSERT INTO vip_cards (title, type, price, credit_price, days, description, enable, sort, discount) VALUES
  ('年卡', 0, 19900, 0, 365, '365天VIP会员：浏览无广告，可下载VIP文档', true, 3, 1),
  ('季卡', 1, 5900, 0, 90, '90天VIP会员：浏览无广告，可下载VIP文档', true, 2, 1),
  ('月卡', 2, 1990, 0, 30, '30天VIP会员：浏览无广告，可下载VIP文档', true, 1, 1);
