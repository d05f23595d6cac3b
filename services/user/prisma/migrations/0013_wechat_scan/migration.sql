-- Scan-to-login with the WeChat official account (公众号): one row per temporary QR code a page shows.
-- WeChat's push of the scan (verified by its signature) sets openid; the page's poll then logs in (or
-- binds, when user_id asked for a binding) once, and consumed_at makes it single use.
CREATE TABLE wechat_scan_scenes (
  scene       varchar(64) PRIMARY KEY,
  user_id     bigint,
  openid      varchar(128),
  scanned_at  timestamptz(3),
  consumed_at timestamptz(3),
  expires_at  timestamptz(3) NOT NULL,
  created_at  timestamptz(3) NOT NULL DEFAULT now()
);
CREATE INDEX wechat_scan_scenes_expires_at_idx ON wechat_scan_scenes (expires_at);

-- Pushes already handled, by their signed (timestamp, nonce): a captured push replayed within the
-- accepted clock window changes nothing. Kept past the window, then swept.
CREATE TABLE wechat_push_nonces (
  nonce      varchar(160) PRIMARY KEY,
  expires_at timestamptz(3) NOT NULL
);
CREATE INDEX wechat_push_nonces_expires_at_idx ON wechat_push_nonces (expires_at);
