import { type Logger, pino } from "pino";

export type { Logger };

/** One root logger per process; modules take `log.child({ module })`. Secrets are redacted. */
export function createLogger(opts: { service: string; level?: string; pretty?: boolean }): Logger {
  return pino({
    level: opts.level ?? "info",
    base: { service: opts.service },
    redact: {
      paths: [
        "authorization",
        "*.authorization",
        "headers.authorization",
        "password",
        "*.password",
        "*.old_password",
        "*.new_password",
        "token",
        "*.token",
      ],
      censor: "[redacted]",
    },
    timestamp: pino.stdTimeFunctions.isoTime,
  });
}
