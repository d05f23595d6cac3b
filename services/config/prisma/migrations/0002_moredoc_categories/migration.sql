-- config: payment, third-party login, search and mini-program keys move to the categories moredoc's
-- back office asks for (wechatpay, alipay, oauthWechat …, fulltext_search, mp), keeping stored values.
-- A target that exists already (it cannot, unless seeded by hand) keeps its row; the old row is then
-- left unused.
UPDATE configs AS c
SET category = m.new_category, name = m.new_name, updated_at = now()
FROM (VALUES
  ('payment', 'enable_wechat', 'wechatpay', 'enable'),
  ('payment', 'wechat_app_id', 'wechatpay', 'app_id'),
  ('payment', 'wechat_mch_id', 'wechatpay', 'mch_id'),
  ('payment', 'wechat_serial_no', 'wechatpay', 'serial_no'),
  ('payment', 'wechat_api_v3_key', 'wechatpay', 'api_v3_key'),
  ('payment', 'wechat_private_key', 'wechatpay', 'private_key'),
  ('payment', 'enable_alipay', 'alipay', 'enable'),
  ('payment', 'alipay_app_id', 'alipay', 'app_id'),
  ('payment', 'alipay_private_key', 'alipay', 'private_key'),
  ('payment', 'alipay_public_key', 'alipay', 'public_key'),
  ('payment', 'alipay_sandbox', 'alipay', 'sandbox'),
  ('oauth', 'wechat_enable', 'oauthWechat', 'enable'),
  ('oauth', 'wechat_client_id', 'oauthWechat', 'client_id'),
  ('oauth', 'wechat_client_secret', 'oauthWechat', 'client_secret'),
  ('oauth', 'qq_enable', 'oauthQQ', 'enable'),
  ('oauth', 'qq_client_id', 'oauthQQ', 'client_id'),
  ('oauth', 'qq_client_secret', 'oauthQQ', 'client_secret'),
  ('oauth', 'github_enable', 'oauthGithub', 'enable'),
  ('oauth', 'github_client_id', 'oauthGithub', 'client_id'),
  ('oauth', 'github_client_secret', 'oauthGithub', 'client_secret'),
  ('oauth', 'gitee_enable', 'oauthGitee', 'enable'),
  ('oauth', 'gitee_client_id', 'oauthGitee', 'client_id'),
  ('oauth', 'gitee_client_secret', 'oauthGitee', 'client_secret'),
  ('oauth', 'google_enable', 'oauthGoogle', 'enable'),
  ('oauth', 'google_client_id', 'oauthGoogle', 'client_id'),
  ('oauth', 'google_client_secret', 'oauthGoogle', 'client_secret'),
  ('oauth', 'custom_enable', 'oauthCustom', 'enable'),
  ('oauth', 'custom_client_id', 'oauthCustom', 'client_id'),
  ('oauth', 'custom_client_secret', 'oauthCustom', 'client_secret'),
  ('oauth', 'wechatmp_enable', 'oauthWechat', 'mp_enable'),
  ('oauth', 'wechatmp_app_id', 'oauthWechat', 'mp_app_id'),
  ('oauth', 'wechatmp_app_secret', 'oauthWechat', 'mp_app_secret'),
  ('oauth', 'wechatmp_token', 'oauthWechat', 'mp_token'),
  ('oauth', 'custom_name', 'oauthCustom', 'name'),
  ('oauth', 'custom_icon', 'oauthCustom', 'icon'),
  ('oauth', 'custom_authorize_url', 'oauthCustom', 'authorize_url'),
  ('oauth', 'custom_token_url', 'oauthCustom', 'token_url'),
  ('oauth', 'custom_userinfo_url', 'oauthCustom', 'userinfo_url'),
  ('search', 'driver', 'fulltext_search', 'driver'),
  ('search', 'elasticsearch_url', 'fulltext_search', 'elasticsearch_url'),
  ('search', 'elasticsearch_username', 'fulltext_search', 'elasticsearch_username'),
  ('search', 'elasticsearch_password', 'fulltext_search', 'elasticsearch_password'),
  ('search', 'elasticsearch_index', 'fulltext_search', 'elasticsearch_index'),
  ('miniprogram', 'enable', 'mp', 'enable'),
  ('miniprogram', 'app_id', 'mp', 'app_id'),
  ('miniprogram', 'app_secret', 'mp', 'app_secret')
) AS m (old_category, old_name, new_category, new_name)
WHERE c.category = m.old_category AND c.name = m.old_name
  AND NOT EXISTS (SELECT 1 FROM configs d WHERE d.category = m.new_category AND d.name = m.new_name);
