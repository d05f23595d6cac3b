-- The default identifier could come out all digits (~0.05 % of articles), which the column's own CHECK
-- refuses: a letter first makes it never digits only (16 characters, as before).
ALTER TABLE articles ALTER COLUMN identifier SET DEFAULT ('a' || substr(md5((gen_random_uuid())::text), 1, 15));
