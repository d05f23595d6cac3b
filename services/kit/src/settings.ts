// The public site settings as every service reads them: ConfigAPI.GetSettings, cached briefly and
// dropped at once when the config service broadcasts a change.
import { Code, ConnectError, createClient, type Transport } from "@connectrpc/connect";
import { ConfigAPI, type Settings } from "@wenku/proto/api/v1/config_pb.js";
import type { Broadcaster } from "./broadcaster.js";
import { headers } from "./identity.js";
import type { SiteGate } from "./interceptors.js";
import type { Logger } from "./logger.js";

/**
 * Broadcast by the config service after settings were saved, and by the content service after a
 * document language changed (the settings list the enabled ones): every process drops its cached copy.
 */
export const CONFIG_CHANGED_SUBJECT = "wenku.config.changed";

export const settingsUnavailableMessage = "站点设置暂时无法读取，请稍后再试";

export interface SettingsReader {
  /**
   * The public settings. Throws a ConnectError (Unavailable) when they cannot be known: the
   * config service is unreachable and there is no usable cached copy.
   */
  current(): Promise<Settings>;
  /** Forget the cached copy (the next `current()` asks the config service); tells every `onChange` listener. */
  invalidate(): void;
  /**
   * `listener` runs, synchronously, whenever the settings are reported changed (a change broadcast, or
   * `invalidate()` in the config service's own process): the one signal every settings-derived cache
   * of a process drops on. Returns the unsubscribe function.
   */
  onChange(listener: () => void): () => void;
  /**
   * Another read of the config service (the recharge rules, the pay settings with secrets …), kept like
   * the settings themselves: dropped on every change, the TTL only as a safety net.
   */
  derive<T>(load: () => Promise<T>): () => Promise<T>;
  /** Stops listening for change broadcasts. */
  close(): void;
}

export interface SettingsReaderOptions {
  /** Reaches the config service (in-process or gRPC). */
  transport: Transport;
  internalToken: string;
  bus: Pick<Broadcaster, "onBroadcast">;
  log: Logger;
  /** A fetched copy is served for this long without asking again (default 30 s). */
  ttlMs?: number;
  /**
   * After the TTL, when the config service cannot be reached, the last copy is still served for
   * this long (default 5 min) — it was never reported changed. A copy dropped by a change
   * broadcast is never served again.
   */
  maxStaleMs?: number;
  /** After a failed fetch, callers get the stale copy or Unavailable without a new attempt for this long (default 2 s). */
  retryMs?: number;
  /** Per-fetch deadline (default 5 s). */
  timeoutMs?: number;
  now?: () => number;
}

/**
 * Caches ConfigAPI.GetSettings. Failure policy: when the settings cannot be known, `current()`
 * fails (Unavailable) instead of guessing. Guessing "open" would expose a site an admin closed
 * or restricted to logged-in users whenever the config service is down; the access interceptor
 * turns the failure into 503 for everyone but staff (who pass a closed site anyway), while the
 * RPCs marked open_when_closed (login, settings …) never consult the gate and keep working.
 */
export async function createSettingsReader(opts: SettingsReaderOptions): Promise<SettingsReader> {
  const ttl = opts.ttlMs ?? 30_000;
  const maxStale = opts.maxStaleMs ?? 5 * 60_000;
  const retry = opts.retryMs ?? 2_000;
  const now = opts.now ?? (() => Date.now());
  const client = createClient(ConfigAPI, opts.transport);

  let cached: { value: Settings; at: number } | null = null;
  let failedAt: number | null = null;
  let generation = 0;
  let inflight: Promise<Settings> | null = null;

  const unavailable = (cause?: unknown) =>
    new ConnectError(settingsUnavailableMessage, Code.Unavailable, undefined, undefined, cause);

  function fetchSettings(): Promise<Settings> {
    const started = generation;
    const p = client
      .getSettings({}, { headers: { [headers.internal]: opts.internalToken }, timeoutMs: opts.timeoutMs ?? 5_000 })
      .then(
        (value) => {
          // A change broadcast that arrived meanwhile makes this answer suspect: don't keep it.
          if (started === generation) {
            cached = { value, at: now() };
            failedAt = null;
          }
          return value;
        },
        (err: unknown) => {
          if (started === generation) failedAt = now();
          opts.log.warn({ err }, "settings: config service unreachable");
          throw err;
        },
      )
      .finally(() => {
        if (inflight === p) inflight = null;
      });
    inflight = p;
    return p;
  }

  const usableStale = (t: number) => (cached && t - cached.at < ttl + maxStale ? cached.value : null);

  const listeners = new Set<() => void>();
  const unsubscribe = await opts.bus.onBroadcast(CONFIG_CHANGED_SUBJECT, () => reader.invalidate());

  const reader: SettingsReader = {
    async current() {
      const t = now();
      if (cached && t - cached.at < ttl) return cached.value;
      if (failedAt !== null && t - failedAt < retry) {
        const stale = usableStale(t);
        if (stale) return stale;
        throw unavailable();
      }
      try {
        return await (inflight ?? fetchSettings());
      } catch (err) {
        const stale = usableStale(now());
        if (stale) return stale;
        throw unavailable(err);
      }
    },
    invalidate() {
      generation++;
      cached = null;
      failedAt = null;
      inflight = null;
      for (const listener of listeners) {
        try {
          listener();
        } catch (err) {
          opts.log.error({ err }, "settings: a change listener failed");
        }
      }
    },
    onChange(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    derive: (load) => cachedUntilChanged(load, { changes: reader, ttlMs: ttl, now }),
    close() {
      unsubscribe();
      listeners.clear();
    },
  };
  return reader;
}

/**
 * `load`'s answer kept for `ttlMs` and dropped at once when `changes` reports a settings change. A
 * failed load is never kept; a load a change overtook answers its callers but is not kept (it may
 * have read the settings before the change).
 */
export function cachedUntilChanged<T>(
  load: () => Promise<T>,
  opts: { changes?: Pick<SettingsReader, "onChange">; ttlMs: number; now?: () => number },
): () => Promise<T> {
  const now = opts.now ?? (() => Date.now());
  let hit: { at: number; value: Promise<T> } | undefined;
  opts.changes?.onChange(() => {
    hit = undefined;
  });
  return () => {
    if (hit && now() - hit.at < opts.ttlMs) return hit.value;
    const value = load();
    const entry = { at: now(), value };
    hit = entry;
    value.catch(() => {
      if (hit === entry) hit = undefined;
    });
    return value;
  };
}

/** security.is_close / security.login_required for the access interceptor. */
export function siteGateFrom(reader: Pick<SettingsReader, "current">): SiteGate {
  return {
    async current() {
      const s = await reader.current();
      return { closed: s.security?.isClose ?? false, loginRequired: s.security?.loginRequired ?? false };
    },
  };
}
