-- Counters of rate-limiter-flexible's RateLimiterPostgres (per-user daily upload quotas), shared by
-- every replica of the service. The columns and their order are the library's (it inserts
-- positionally); it is told the table exists and never creates it.
-- key: "<limiter prefix>:<user id>"; points: consumed in the window (uploads, or KiB uploaded);
-- expire: end of the window, epoch milliseconds (NULL: never).
CREATE TABLE rate_limits (
  key    varchar(255) PRIMARY KEY,
  points integer NOT NULL DEFAULT 0,
  expire bigint
);
-- expired rows are swept periodically (services/kit/src/ratelimit.ts)
CREATE INDEX rate_limits_expire_idx ON rate_limits (expire);
