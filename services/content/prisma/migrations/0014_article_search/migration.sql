-- Search (src/search/): articles join the index, and the counts the sorts read are followed.
--
-- articles.search_version takes the next value of search_version_seq (0008) whenever something the
-- index holds of an article changes: its own fields (this trigger), its categories or a category's
-- name. A purged article leaves a row in search_article_removals with a version of the same sequence,
-- so the indexer follows purges like any other change (and at start compares everything anyway).
ALTER TABLE articles ADD COLUMN search_version bigint NOT NULL DEFAULT nextval('search_version_seq');
CREATE INDEX articles_search_version_idx ON articles (search_version);

CREATE FUNCTION articles_search_version() RETURNS trigger LANGUAGE plpgsql
  SET search_path FROM CURRENT -- this service's schema (the migration's), whoever writes
AS $$
BEGIN
  IF (NEW.title, NEW.keywords, NEW.description, NEW.content, NEW.author, NEW.status, NEW.deleted_at,
      NEW.user_id, NEW.identifier, NEW.created_at)
     IS DISTINCT FROM
     (OLD.title, OLD.keywords, OLD.description, OLD.content, OLD.author, OLD.status, OLD.deleted_at,
      OLD.user_id, OLD.identifier, OLD.created_at) THEN
    NEW.search_version := nextval('search_version_seq');
  END IF;
  RETURN NEW;
END $$;
CREATE TRIGGER articles_search_version BEFORE UPDATE ON articles
  FOR EACH ROW EXECUTE FUNCTION articles_search_version();

CREATE FUNCTION article_categories_search_version() RETURNS trigger LANGUAGE plpgsql
  SET search_path FROM CURRENT
AS $$
BEGIN
  UPDATE articles SET search_version = nextval('search_version_seq')
   WHERE id = CASE WHEN TG_OP = 'DELETE' THEN OLD.article_id ELSE NEW.article_id END;
  RETURN NULL;
END $$;
CREATE TRIGGER article_categories_search_version AFTER INSERT OR DELETE ON article_categories
  FOR EACH ROW EXECUTE FUNCTION article_categories_search_version();

CREATE FUNCTION categories_article_search_version() RETURNS trigger LANGUAGE plpgsql
  SET search_path FROM CURRENT
AS $$
BEGIN
  UPDATE articles SET search_version = nextval('search_version_seq')
   WHERE id IN (SELECT article_id FROM article_categories WHERE category_id = NEW.id);
  RETURN NULL;
END $$;
CREATE TRIGGER categories_article_search_version AFTER UPDATE OF title ON categories
  FOR EACH ROW WHEN (OLD.title IS DISTINCT FROM NEW.title) EXECUTE FUNCTION categories_article_search_version();

CREATE TABLE search_article_removals (
  article_id bigint         NOT NULL,
  version    bigint         NOT NULL DEFAULT nextval('search_version_seq'),
  created_at timestamptz(3) NOT NULL DEFAULT now(),
  CONSTRAINT search_article_removals_pkey PRIMARY KEY (version)
);

CREATE FUNCTION articles_search_removal() RETURNS trigger LANGUAGE plpgsql
  SET search_path FROM CURRENT
AS $$
BEGIN
  INSERT INTO search_article_removals (article_id) VALUES (OLD.id);
  RETURN NULL;
END $$;
CREATE TRIGGER articles_search_removal AFTER DELETE ON articles
  FOR EACH ROW EXECUTE FUNCTION articles_search_removal();

-- counts_version: the next value of search_counts_seq whenever a count a search sorts by changes
-- (reads, downloads, rating of a document; reads of an article). A backend that copies the counts
-- into its index (Elasticsearch) updates those copies from here, without re-indexing the text.
CREATE SEQUENCE search_counts_seq;
ALTER TABLE documents ADD COLUMN counts_version bigint NOT NULL DEFAULT 0;
ALTER TABLE articles ADD COLUMN counts_version bigint NOT NULL DEFAULT 0;
CREATE INDEX documents_counts_version_idx ON documents (counts_version);
CREATE INDEX articles_counts_version_idx ON articles (counts_version);

CREATE FUNCTION documents_counts_version() RETURNS trigger LANGUAGE plpgsql
  SET search_path FROM CURRENT
AS $$
BEGIN
  IF (NEW.view_count, NEW.download_count, NEW.score) IS DISTINCT FROM (OLD.view_count, OLD.download_count, OLD.score) THEN
    NEW.counts_version := nextval('search_counts_seq');
  END IF;
  RETURN NEW;
END $$;
CREATE TRIGGER documents_counts_version BEFORE UPDATE ON documents
  FOR EACH ROW EXECUTE FUNCTION documents_counts_version();

CREATE FUNCTION articles_counts_version() RETURNS trigger LANGUAGE plpgsql
  SET search_path FROM CURRENT
AS $$
BEGIN
  IF NEW.view_count IS DISTINCT FROM OLD.view_count THEN
    NEW.counts_version := nextval('search_counts_seq');
  END IF;
  RETURN NEW;
END $$;
CREATE TRIGGER articles_counts_version BEFORE UPDATE ON articles
  FOR EACH ROW EXECUTE FUNCTION articles_counts_version();

-- The PostgreSQL index of the articles visitors may read (approved, not in the recycle bin): one row
-- an article. fields: title A, keywords B, description, category names and author C; terms: the fields
-- and the article's text (D). Snippets are cut from the live article, not kept here.
CREATE TABLE search_articles (
  article_id   bigint         NOT NULL,
  version      bigint         NOT NULL,
  user_id      bigint         NOT NULL,
  category_ids bigint[]       DEFAULT '{}',
  view_count   integer        NOT NULL DEFAULT 0,
  created_at   timestamptz(3) NOT NULL,
  fields       tsvector       NOT NULL,
  terms        tsvector       NOT NULL,
  indexed_at   timestamptz(3) NOT NULL DEFAULT now(),
  CONSTRAINT search_articles_pkey PRIMARY KEY (article_id)
);
CREATE INDEX search_articles_terms_idx ON search_articles USING gin (terms);
CREATE INDEX search_articles_fields_idx ON search_articles USING gin (fields);
CREATE INDEX search_articles_category_ids_idx ON search_articles USING gin (category_ids);
