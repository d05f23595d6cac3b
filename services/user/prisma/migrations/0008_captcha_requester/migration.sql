-- A captcha is answered only by whoever asked for it: a hash of the client's address, User-Agent and
-- the random id the client keeps (x-wenku-client-nonce). Rows issued before this column are refused.
ALTER TABLE captchas ADD COLUMN requester varchar(64) NOT NULL DEFAULT '';
