-- Which kind of WeChat account scanned a scene: the official account (公众号, oauth type 8, its pushed
-- scan) or the mini program (小程序, oauth type 5, WechatMPScanLogin). The poll binds or signs in the
-- binding of that type.
ALTER TABLE wechat_scan_scenes ADD COLUMN oauth_type integer NOT NULL DEFAULT 8;
