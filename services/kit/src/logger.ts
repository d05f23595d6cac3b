import type { Writable } from "node:stream";
import { type Level, type Logger, pino } from "pino";
import pretty from "pino-pretty";

export type { Logger };

/** The level of the per-RPC lines, kept on the root logger (children inherit it through their prototype). */
const requestLevel = Symbol("wenku.requestLevel");

export interface LoggerOptions {
  service: string;
  level?: string;
  /**
   * Human-readable lines for a person at a terminal (LOG_PRETTY); unset: when stdout is a terminal.
   * Pretty logging also moves the per-RPC lines to debug, so that what a person starting the site
   * needs (the address, the admin account) does not scroll away under one line per request. Where
   * logs are collected (CI, Kubernetes, a pipe) they stay JSON, one line per RPC at info.
   */
  pretty?: boolean;
  /** Where the lines go (stdout by default); tests pass a stream to read them. */
  destination?: Writable;
  /** Colours in pretty lines; by default when stdout is a terminal. */
  colorize?: boolean;
}

/** One root logger per process; modules take `log.child({ module })`. Secrets are redacted. */
export function createLogger(opts: LoggerOptions): Logger {
  const interactive = opts.pretty ?? Boolean(process.stdout.isTTY);
  const options = {
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
  };
  const logger =
    interactive && options.level !== "silent"
      ? pino(
          options,
          pretty({
            destination: opts.destination ?? 1,
            colorize: opts.colorize ?? Boolean(process.stdout.isTTY),
            translateTime: "SYS:HH:MM:ss",
            ignore: "pid,hostname",
            singleLine: true,
            sync: true,
          }),
        )
      : opts.destination
        ? pino(options, opts.destination)
        : pino(options);
  Object.defineProperty(logger, requestLevel, { value: interactive ? "debug" : "info" });
  return logger;
}

/** The level one line per RPC is logged at with this logger (info for a logger not made here). */
export function requestLogLevel(log: Logger): Level {
  return (log as Logger & { [requestLevel]?: Level })[requestLevel] ?? "info";
}
