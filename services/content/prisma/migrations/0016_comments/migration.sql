-- Comments on documents and articles (CommentAPI, src/comments/). Exactly one of document_id, article_id;
-- a reply points to its parent (on the same target: checked by the service). content is plain text as the
-- user typed it (trimmed): clients escape it on display, nothing renders it as HTML. status is
-- api.v1.ReviewStatus (0 pending, 1 approved, 2 rejected).
--
-- Deleting a comment deletes its replies (parent_id cascades, at any depth); purging a document or an
-- article deletes its comments; the recycle bin keeps them (a restored document shows them again).
CREATE TABLE comments (
  id            BIGSERIAL PRIMARY KEY,
  user_id       BIGINT NOT NULL,
  document_id   BIGINT REFERENCES documents (id) ON DELETE CASCADE,
  article_id    BIGINT REFERENCES articles (id) ON DELETE CASCADE,
  parent_id     BIGINT REFERENCES comments (id) ON DELETE CASCADE,
  content       TEXT NOT NULL,
  status        SMALLINT NOT NULL DEFAULT 0,
  comment_count INTEGER NOT NULL DEFAULT 0,
  created_at    TIMESTAMPTZ(3) NOT NULL DEFAULT now(),
  updated_at    TIMESTAMPTZ(3) NOT NULL DEFAULT now(),
  CONSTRAINT comments_one_target CHECK ((document_id IS NULL) <> (article_id IS NULL)),
  CONSTRAINT comments_status_range CHECK (status BETWEEN 0 AND 2)
);
CREATE INDEX comments_document_id_created_at_idx ON comments (document_id, created_at);
CREATE INDEX comments_article_id_created_at_idx ON comments (article_id, created_at);
CREATE INDEX comments_parent_id_idx ON comments (parent_id);
CREATE INDEX comments_user_id_created_at_idx ON comments (user_id, created_at);
CREATE INDEX comments_status_created_at_idx ON comments (status, created_at);

-- The counts follow the rows in the same transaction, whoever writes them: documents.comment_count and
-- articles.comment_count are the target's approved comments (replies included), comments.comment_count a
-- comment's approved direct replies. A row entering or leaving "approved" (insert, review, delete, the
-- cascades above) moves them by one; a cascade from a purged target finds its target gone and moves nothing.
CREATE FUNCTION comments_counts() RETURNS trigger LANGUAGE plpgsql
  SET search_path FROM CURRENT -- this service's schema (the migration's), whoever writes
AS $$
DECLARE
  delta integer := 0;
  doc_id bigint;
  art_id bigint;
  par_id bigint;
BEGIN
  IF TG_OP <> 'DELETE' AND NEW.status = 1 THEN delta := delta + 1; END IF;
  IF TG_OP <> 'INSERT' AND OLD.status = 1 THEN delta := delta - 1; END IF;
  IF delta = 0 THEN RETURN NULL; END IF;
  IF TG_OP = 'DELETE' THEN
    doc_id := OLD.document_id; art_id := OLD.article_id; par_id := OLD.parent_id;
  ELSE
    doc_id := NEW.document_id; art_id := NEW.article_id; par_id := NEW.parent_id;
  END IF;
  IF doc_id IS NOT NULL THEN
    UPDATE documents SET comment_count = GREATEST(comment_count + delta, 0) WHERE id = doc_id;
  ELSE
    UPDATE articles SET comment_count = GREATEST(comment_count + delta, 0) WHERE id = art_id;
  END IF;
  IF par_id IS NOT NULL THEN
    UPDATE comments SET comment_count = GREATEST(comment_count + delta, 0) WHERE id = par_id;
  END IF;
  RETURN NULL;
END $$;
CREATE TRIGGER comments_counts AFTER INSERT OR DELETE OR UPDATE OF status ON comments
  FOR EACH ROW EXECUTE FUNCTION comments_counts();
