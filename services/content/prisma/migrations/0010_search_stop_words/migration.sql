-- Search (src/search/search.pg.ts): English stop words become searchable. The `english` configuration
-- drops them from documents and queries alike, so a title "IT" or a query "These" found nothing and
-- "system when" was searched as "system". wenku_search is `english` with Snowball's English stemmer
-- set up without its stop word list: every word is kept, normal words are still stemmed
-- ("running" -> "run"), and the phrase keeps its stop words for proximity ranking. Only core
-- PostgreSQL is needed (the snowball template ships with every server, embedded ones too).
CREATE TEXT SEARCH DICTIONARY wenku_english (TEMPLATE = pg_catalog.snowball, Language = english);
CREATE TEXT SEARCH CONFIGURATION wenku_search (COPY = pg_catalog.english);
ALTER TEXT SEARCH CONFIGURATION wenku_search ALTER MAPPING REPLACE english_stem WITH wenku_english;

-- The rows indexed with `english` lack the stop words: marking every indexed document as outdated
-- makes the indexer write each again at its next start (its catch-up re-indexes every document whose
-- indexed version differs from documents.search_version); searches answer meanwhile.
UPDATE search_documents SET version = 0;
