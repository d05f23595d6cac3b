-- E-mail addresses are one per account whatever their case: stored trimmed and lower-case (user.rules.ts
-- normalEmail), and unique on lower(email) so no write can store a second case of one address.
--
-- Existing accounts whose addresses differ only in case (or in surrounding blanks), e.g. Alice@x.com and
-- alice@x.com, would break that index. Rule: the earliest account (lowest id) keeps the address, stored
-- lower-case; each later one loses its address (set NULL, so it can add an address of its own again) and
-- its staff remark says which address it lost and to which account, for an administrator to see in the
-- user's profile. No account is deleted and every password still works; a later account only loses
-- recovery by that address (README, "Upgrading").
WITH ranked AS (
  SELECT id, email, first_value(id) OVER (PARTITION BY lower(btrim(email)) ORDER BY id) AS keeper
  FROM users
  WHERE email IS NOT NULL AND btrim(email) <> ''
)
UPDATE users u
SET email = NULL,
    remark = left('升级时清除了邮箱 ' || r.email || '（与用户 #' || r.keeper || ' 的邮箱仅大小写不同）'
                  || coalesce('；' || nullif(u.remark, ''), ''), 255)
FROM ranked r
WHERE u.id = r.id AND r.id <> r.keeper;

UPDATE users SET email = NULL WHERE btrim(email) = '';
UPDATE users SET email = lower(btrim(email)) WHERE email <> lower(btrim(email));

CREATE UNIQUE INDEX users_email_lower_key ON users (lower(email));
