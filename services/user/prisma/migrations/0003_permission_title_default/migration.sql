-- The contract title last synced into each permission. While title = title_default nobody edited
-- the title, so a later contract title replaces it; an admin's title is kept.
ALTER TABLE permissions ADD COLUMN title_default varchar(64) NOT NULL DEFAULT '';
-- Titles were not editable before this migration: every current title is the synced default.
UPDATE permissions SET title_default = title;
