-- order service: VIP benefits. Each card carries its benefits (the config's vip.{year,quarter,month}_*
-- keys described them): the percent of a document's price a member pays, the free downloads a
-- membership brings, and the VIP downloads allowed a day (0 = no cap). A membership keeps the
-- benefits of the card that last extended it (a snapshot: editing a card changes later purchases),
-- its free downloads in total and used (never overspent: the CHECK), and vip_downloads records every
-- download a membership served (the daily cap counts them; a free one may serve a re-download).
ALTER TABLE vip_cards
  ADD COLUMN document_discount integer NOT NULL DEFAULT 100 CHECK (document_discount BETWEEN 0 AND 100),
  ADD COLUMN download          integer NOT NULL DEFAULT 0 CHECK (download >= 0),
  ADD COLUMN times_every_day   integer NOT NULL DEFAULT 0 CHECK (times_every_day >= 0);

-- The config's defaults: 85 %, 300 / 90 / 30 free downloads, no daily cap.
UPDATE vip_cards SET document_discount = 85,
  download = CASE type WHEN 0 THEN 300 WHEN 1 THEN 90 ELSE 30 END;

ALTER TABLE user_vips
  ADD COLUMN card_id           bigint  NOT NULL DEFAULT 0,
  ADD COLUMN document_discount integer NOT NULL DEFAULT 100 CHECK (document_discount BETWEEN 0 AND 100),
  ADD COLUMN download          integer NOT NULL DEFAULT 0 CHECK (download >= 0),
  ADD COLUMN download_used     integer NOT NULL DEFAULT 0,
  ADD COLUMN times_every_day   integer NOT NULL DEFAULT 0 CHECK (times_every_day >= 0),
  ADD CONSTRAINT user_vips_download_used_check CHECK (download_used BETWEEN 0 AND download);

-- Existing members get the benefits of the first card of their type.
UPDATE user_vips u SET card_id = c.id, document_discount = c.document_discount, download = c.download,
  times_every_day = c.times_every_day
FROM (SELECT DISTINCT ON (type) id, type, document_discount, download, times_every_day
      FROM vip_cards WHERE deleted_at IS NULL ORDER BY type, sort DESC, id) c
WHERE c.type = u.card_type;

-- kind: 1 a free download (used one of the membership's), 2 a VIP document with nothing to pay,
-- 3 a purchase at the VIP discount (order_no names it once paid).
CREATE TABLE vip_downloads (
  id          bigserial PRIMARY KEY,
  user_id     bigint         NOT NULL,
  document_id bigint         NOT NULL,
  kind        smallint       NOT NULL CHECK (kind IN (1, 2, 3)),
  order_no    varchar(32)    NOT NULL DEFAULT '',
  created_at  timestamptz(3) NOT NULL DEFAULT now()
);
CREATE INDEX vip_downloads_user_id_created_at_idx ON vip_downloads (user_id, created_at DESC);
CREATE INDEX vip_downloads_user_document_idx ON vip_downloads (user_id, document_id, id DESC);
