-- Upload grants (who may build documents from an attachment) and the converter's extracted text.
CREATE TABLE attachment_grants (
  attachment_id bigint      NOT NULL REFERENCES attachments (id) ON DELETE CASCADE,
  user_id       bigint      NOT NULL,
  created_at    timestamptz(3) NOT NULL DEFAULT now(),
  PRIMARY KEY (attachment_id, user_id)
);
CREATE INDEX attachment_grants_user_id_idx ON attachment_grants (user_id);

CREATE TABLE attachment_texts (
  hash         varchar(64) PRIMARY KEY REFERENCES attachments (hash) ON DELETE CASCADE,
  preview_text text        NOT NULL DEFAULT '',
  content      text        NOT NULL DEFAULT '',
  truncated    boolean     NOT NULL DEFAULT false,
  updated_at   timestamptz(3) NOT NULL DEFAULT now()
);

-- Public lists: published (status 2), live documents by category, newest first.
CREATE INDEX documents_public_created_idx ON documents (created_at DESC, id DESC) WHERE status = 2 AND deleted_at IS NULL;
