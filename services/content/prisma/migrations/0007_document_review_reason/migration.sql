-- Why staff rejected or disabled a document, for its uploader to read (cleared when it is approved
-- or its status otherwise moves on). Length is checked by the service; the column only caps it.
ALTER TABLE documents ADD COLUMN review_reason varchar(255) NOT NULL DEFAULT '';
