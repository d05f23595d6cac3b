-- order service: a credit entry keeps what its text is made of (CreditLog.params: the document's title,
-- the order's product …) beside the zh-CN reason, so a client words the log in its own language.
-- Older entries keep '{}' and their reason stays their text.
ALTER TABLE credit_entries ADD COLUMN params jsonb NOT NULL DEFAULT '{}'::jsonb;
