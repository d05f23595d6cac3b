-- The footer's single pages (about, agreement, contact, feedback, copyright) are pages, not news: a flag
-- keeps them out of the public article lists and of related articles. They were seeded without a
-- publisher (user_id 0), which moredoc clients cannot render (they read article.user.username): the
-- admin account (user 1, the user service's first account) publishes them, as in moredoc.
ALTER TABLE articles ADD COLUMN single_page boolean NOT NULL DEFAULT false;
UPDATE articles SET single_page = true WHERE identifier IN ('about', 'agreement', 'contact', 'feedback', 'copyright');
UPDATE articles SET user_id = 1
  WHERE user_id = 0 AND identifier IN ('about', 'agreement', 'contact', 'feedback', 'copyright');
