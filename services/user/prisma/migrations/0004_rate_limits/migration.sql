-- Counters of rate-limiter-flexible's RateLimiterPostgres (login, registration, captcha, password
-- recovery and code sending limits), shared by every replica of the service. The columns and their
-- order are the library's (it inserts positionally); it is told the table exists and never creates it.
-- key: "<limiter prefix>:<client address or hashed account>"; points: consumed in the window;
-- expire: end of the window or block, epoch milliseconds (NULL: never).
CREATE TABLE rate_limits (
  key    varchar(255) PRIMARY KEY,
  points integer NOT NULL DEFAULT 0,
  expire bigint
);
-- expired rows are swept periodically (services/kit/src/ratelimit.ts)
CREATE INDEX rate_limits_expire_idx ON rate_limits (expire);
