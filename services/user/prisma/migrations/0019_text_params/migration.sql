-- user service: an activity-feed entry keeps what its text is made of (Dynamic.params: kind, ref and
-- title of the linked item …) beside the zh-CN content, so a client words the feed in its own language.
-- Older entries keep '{}' and their content stays their text. A credit booking owed to the ledger
-- carries its CreditLog.params (JSON text: the outbox only passes it on).
ALTER TABLE dynamics ADD COLUMN params jsonb NOT NULL DEFAULT '{}'::jsonb;
ALTER TABLE credit_outbox ADD COLUMN params text NOT NULL DEFAULT '{}';
