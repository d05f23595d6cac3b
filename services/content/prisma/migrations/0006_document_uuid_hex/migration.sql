-- Document uuids become what moredoc generates and its clients expect: 16 lowercase hex characters
-- (they route /document/{uuid} and take a 16-character id for a uuid). Existing documents keep the
-- first 16 hex digits of their uuid, so a link to one stays recognisable in logs.
ALTER TABLE documents ALTER COLUMN uuid DROP DEFAULT;
ALTER TABLE documents ALTER COLUMN uuid TYPE varchar(16) USING substr(replace(uuid::text, '-', ''), 1, 16);
ALTER TABLE documents ALTER COLUMN uuid SET DEFAULT substr(md5(gen_random_uuid()::text), 1, 16);
