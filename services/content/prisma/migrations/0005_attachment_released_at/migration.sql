-- When a document is deleted for good (purged from the recycle bin), its upload is stamped released:
-- once no document uses it, the unused-attachment sweep (files/attachment.sweep.ts) removes it
-- security.attachment_retention_minute later. An upload never used by a document has released_at NULL
-- and goes security.unused_attachment_hours after its last upload.
ALTER TABLE attachments ADD COLUMN released_at timestamptz(3);

-- search_path fixed at creation (the migration runs in this service's schema), whoever deletes.
CREATE FUNCTION attachments_mark_released() RETURNS trigger
  LANGUAGE plpgsql
  SET search_path FROM CURRENT
AS $$
BEGIN
  UPDATE attachments SET released_at = now() WHERE hash = OLD.attachment_hash;
  RETURN NULL;
END
$$;

CREATE TRIGGER documents_mark_attachment_released AFTER DELETE ON documents
  FOR EACH ROW EXECUTE FUNCTION attachments_mark_released();
