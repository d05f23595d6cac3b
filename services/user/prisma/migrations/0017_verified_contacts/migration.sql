-- Whether an account's e-mail address and mobile number are proven to reach their owner (a code or a
-- recovery link sent there was used, or the provider that created the account verified the address):
-- a verified one counts as a way to sign in when a last third-party binding is removed (users/ways.in.ts).
-- Existing accounts start unverified (nothing recorded proves them); their next SMS sign-in, SMS or
-- e-mail recovery verifies them. Changing either clears its flag.
ALTER TABLE users
  ADD COLUMN email_verified boolean NOT NULL DEFAULT false,
  ADD COLUMN mobile_verified boolean NOT NULL DEFAULT false;
