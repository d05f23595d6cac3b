-- Search (src/search/search.pg.ts): the field rows (page 0: title, keywords, description, categories,
-- uploader) get a GIN index of their own. A query made only of English stop words ("These", "the
-- who": searchable since 0010) searches the fields alone, as nearly every English page holds them:
-- through search_pages_terms_idx that would still fetch every page row holding them.
CREATE INDEX search_pages_fields_idx ON search_pages USING gin (terms) WHERE page = 0;
