-- Usernames that look alike (admin, Admin, ADMIN, admіn with a Cyrillic і, lookaIike with a capital I for
-- lookalike) cannot be registered side by side: each account stores two UTS #39 confusable skeletons of
-- its name (user.rules.ts usernameSkeletons: of the case-folded name, and of the name as written), each
-- unique, so the database refuses a lookalike even when two registrations race.
-- NULL for accounts not yet filled in: the user service fills existing rows at start (oldest account
-- first; a later lookalike of an existing one keeps NULL and goes on working under its exact name).
ALTER TABLE users ADD COLUMN username_skeleton text, ADD COLUMN username_skeleton_cased text;
CREATE UNIQUE INDEX users_username_skeleton_key ON users (username_skeleton);
CREATE UNIQUE INDEX users_username_skeleton_cased_key ON users (username_skeleton_cased);
