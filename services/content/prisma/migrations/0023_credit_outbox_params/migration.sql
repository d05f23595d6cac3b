-- content service: a credit booking owed to the ledger carries its CreditLog.params (JSON text: the
-- document's title …), so the credit log can be worded in the reader's language.
ALTER TABLE credit_outbox ADD COLUMN params text NOT NULL DEFAULT '{}';
