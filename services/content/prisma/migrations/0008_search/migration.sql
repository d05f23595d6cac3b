-- Search: the PostgreSQL full-text index of the documents a visitor may see (src/search/search.pg.ts),
-- and the version the indexer compares it with.

-- search_version takes the next value of one sequence whenever something the index holds of a document
-- changes: its own fields (this trigger), its categories (document_categories) or a category's name
-- (categories). So the indexer finds every change after the last one it handled with one indexed range
-- scan (search_version > mark), and at start re-indexes every document whose indexed version differs:
-- a missed event is caught up, never lost.
CREATE SEQUENCE search_version_seq;
ALTER TABLE documents ADD COLUMN search_version bigint NOT NULL DEFAULT nextval('search_version_seq');
ALTER SEQUENCE search_version_seq OWNED BY documents.search_version;
CREATE INDEX documents_search_version_idx ON documents (search_version);

CREATE FUNCTION documents_search_version() RETURNS trigger LANGUAGE plpgsql
  SET search_path FROM CURRENT -- this service's schema (the migration's), whoever writes
AS $$
BEGIN
  IF (NEW.title, NEW.keywords, NEW.description, NEW.status, NEW.deleted_at, NEW.pages, NEW.preview,
      NEW.language_id, NEW.attachment_hash, NEW.ext, NEW.type, NEW.user_id, NEW.price, NEW.is_vip)
     IS DISTINCT FROM
     (OLD.title, OLD.keywords, OLD.description, OLD.status, OLD.deleted_at, OLD.pages, OLD.preview,
      OLD.language_id, OLD.attachment_hash, OLD.ext, OLD.type, OLD.user_id, OLD.price, OLD.is_vip) THEN
    NEW.search_version := nextval('search_version_seq');
  END IF;
  RETURN NEW;
END $$;
CREATE TRIGGER documents_search_version BEFORE UPDATE ON documents
  FOR EACH ROW EXECUTE FUNCTION documents_search_version();

CREATE FUNCTION document_categories_search_version() RETURNS trigger LANGUAGE plpgsql
  SET search_path FROM CURRENT -- this service's schema (the migration's), whoever writes
AS $$
BEGIN
  UPDATE documents SET search_version = nextval('search_version_seq')
   WHERE id = CASE WHEN TG_OP = 'DELETE' THEN OLD.document_id ELSE NEW.document_id END;
  RETURN NULL;
END $$;
CREATE TRIGGER document_categories_search_version AFTER INSERT OR DELETE ON document_categories
  FOR EACH ROW EXECUTE FUNCTION document_categories_search_version();

CREATE FUNCTION categories_search_version() RETURNS trigger LANGUAGE plpgsql
  SET search_path FROM CURRENT -- this service's schema (the migration's), whoever writes
AS $$
BEGIN
  UPDATE documents SET search_version = nextval('search_version_seq')
   WHERE id IN (SELECT document_id FROM document_categories WHERE category_id = NEW.id);
  RETURN NULL;
END $$;
CREATE TRIGGER categories_search_version AFTER UPDATE OF title ON categories
  FOR EACH ROW WHEN (OLD.title IS DISTINCT FROM NEW.title) EXECUTE FUNCTION categories_search_version();

-- One row per indexed document: what the filters and sorts read. No foreign key to documents: the
-- index is its own store (the indexer removes what is gone), as an Elasticsearch index would be.
CREATE TABLE search_documents (
  document_id    bigint         NOT NULL,
  version        bigint         NOT NULL,
  user_id        bigint         NOT NULL,
  category_ids   bigint[]       DEFAULT '{}', -- nullable, as Prisma creates scalar lists
  language_id    bigint,
  ext            varchar(16)    NOT NULL,
  type           varchar(8)     NOT NULL,
  pages          integer        NOT NULL DEFAULT 0,
  view_count     integer        NOT NULL DEFAULT 0,
  download_count integer        NOT NULL DEFAULT 0,
  score          integer        NOT NULL DEFAULT 0,
  created_at     timestamptz(3) NOT NULL,
  indexed_at     timestamptz(3) NOT NULL DEFAULT now(),
  CONSTRAINT search_documents_pkey PRIMARY KEY (document_id)
);
CREATE INDEX search_documents_category_ids_idx ON search_documents USING gin (category_ids);

-- Page 0 holds the document's fields (title A, keywords B, description, categories and uploader C);
-- page n ≥ 1 holds them too (without the description) plus page n's text (D), so a query whose terms
-- are split between the title and a page still matches that page; the page's text is the only part of
-- weight D, so ts_filter(terms, '{d}') tells which pages hold the hit. terms is a tsvector of
-- searchTokens() output (english configuration).
-- excerpt: the start of page n's text when visitors may read page n (inside the preview limit), the
-- text search snippets are cut from; '' beyond the preview (a hit there names its page, shows nothing).
CREATE TABLE search_pages (
  document_id bigint   NOT NULL,
  page        integer  NOT NULL,
  terms       tsvector NOT NULL,
  excerpt     text     NOT NULL DEFAULT '',
  CONSTRAINT search_pages_pkey PRIMARY KEY (document_id, page),
  CONSTRAINT search_pages_document_id_fkey FOREIGN KEY (document_id)
    REFERENCES search_documents (document_id) ON DELETE CASCADE ON UPDATE NO ACTION
);
CREATE INDEX search_pages_terms_idx ON search_pages USING gin (terms);
