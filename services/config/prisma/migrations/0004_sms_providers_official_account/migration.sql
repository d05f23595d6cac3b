-- config: the keys moredoc Pro's back office edits under names of their own, keeping stored values.
-- sms.provider becomes sms.sms_provider; the single set of SMS keys (access_key, secret_key, app_id,
-- sign_name, template_*) moves into the category of the provider that was chosen (smsAliyun …),
-- under that provider's names; the WeChat official account's keys leave oauthWechat for
-- oauthOfficialAccount. A target that exists already keeps its row (the old row is then left unused).
-- Runs before the catalogue seed, so the targets do not exist on an upgrade; the seed then refreshes
-- their labels and adds the keys that had no older value.

-- The SMS keys first: they find their provider through the row renamed last.
UPDATE configs AS c
SET category = m.provider, name = m.new_name, updated_at = now()
FROM configs AS p,
  (VALUES
    ('smsAliyun', 'access_key', 'access_key_id'),
    ('smsAliyun', 'secret_key', 'access_key_secret'),
    ('smsTencent', 'access_key', 'secret_id'),
    ('smsTencent', 'secret_key', 'secret_key'),
    ('smsTencent', 'app_id', 'sdk_app_id'),
    ('smsBaidu', 'access_key', 'access_key_id'),
    ('smsBaidu', 'secret_key', 'secret_access_key'),
    ('smsHuawei', 'access_key', 'app_key'),
    ('smsHuawei', 'secret_key', 'app_secret'),
    ('smsHuawei', 'app_id', 'sender'),
    ('smsHaomas', 'access_key', 'account'),
    ('smsHaomas', 'secret_key', 'api_key')
  ) AS m (provider, old_name, new_name)
WHERE p.category = 'sms' AND p.name = 'provider' AND p.value = m.provider
  AND c.category = 'sms' AND c.name = m.old_name
  AND NOT EXISTS (SELECT 1 FROM configs d WHERE d.category = m.provider AND d.name = m.new_name);

UPDATE configs AS c
SET category = p.value, updated_at = now()
FROM configs AS p
WHERE p.category = 'sms' AND p.name = 'provider'
  AND p.value IN ('smsAliyun', 'smsTencent', 'smsBaidu', 'smsHuawei', 'smsHaomas')
  AND c.category = 'sms' AND c.name IN ('sign_name', 'template_register', 'template_login', 'template_find_password')
  AND NOT EXISTS (SELECT 1 FROM configs d WHERE d.category = p.value AND d.name = c.name);

UPDATE configs AS c
SET category = m.new_category, name = m.new_name, updated_at = now()
FROM (VALUES
  ('sms', 'provider', 'sms', 'sms_provider'),
  ('oauthWechat', 'mp_enable', 'oauthOfficialAccount', 'enable'),
  ('oauthWechat', 'mp_app_id', 'oauthOfficialAccount', 'client_id'),
  ('oauthWechat', 'mp_app_secret', 'oauthOfficialAccount', 'client_secret'),
  ('oauthWechat', 'mp_token', 'oauthOfficialAccount', 'token')
) AS m (old_category, old_name, new_category, new_name)
WHERE c.category = m.old_category AND c.name = m.old_name
  AND NOT EXISTS (SELECT 1 FROM configs d WHERE d.category = m.new_category AND d.name = m.new_name);
