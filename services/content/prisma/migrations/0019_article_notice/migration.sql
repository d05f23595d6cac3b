-- Site notices (#13, "notices" of the article lists): staff mark articles as notices
-- (ArticleAPI.SetArticlesNotice), the home page lists the latest approved ones. Set while a notice,
-- like recommend_at; the index serves the home page's "newest notices" list.
ALTER TABLE articles ADD COLUMN notice_at TIMESTAMPTZ(3);
CREATE INDEX articles_notice_at_idx ON articles (notice_at);
