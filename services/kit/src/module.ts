import { Code, ConnectError, type Transport } from "@connectrpc/connect";
import type { Deployable } from "./access.js";
import type { Authorizer } from "./authorizer.js";
import type { EventBus } from "./bus/types.js";
import type { SiteGate } from "./interceptors.js";
import type { Logger } from "./logger.js";
import type { ServiceDefinition } from "./server.js";
import type { SettingsReader } from "./settings.js";
import type { ServiceTransports } from "./transports.js";

/**
 * Everything a deployable service gets from whoever runs it — the one-process stack, its own
 * process (`services/<name>/src/main.ts`), or a Kubernetes pod. The service never reads
 * process.env or opens sockets itself, so the three ways of running share this one entry point.
 */
export interface ServiceContext {
  /** postgres://…; the service works in its own schema(s). */
  databaseUrl: string;
  bus: EventBus;
  log: Logger;
  /** Shared secret services present to each other (x-wenku-internal). */
  internalToken: string;
  /** Reaches every deployable (in-process or gRPC). Usable for calls once `start` returned. */
  transports: ServiceTransports;
  /** Who a bearer token is and what it may call (the user service answers; others ask it). */
  authorizer: Authorizer;
  /** security.is_close / login_required, enforced by the access interceptor. */
  siteGate: SiteGate;
  /** The public site settings (ConfigAPI.GetSettings), cached and dropped on change broadcasts. */
  settings: SettingsReader;
  /** The environment; each service parses its own keys with its own zod schema (fail fast). */
  env: Record<string, string | undefined>;
  /**
   * The time rules read (punishment end times and the like); the wall clock when unset. Tests pass
   * a clock they move, instead of waiting for real time to pass.
   */
  clock?: () => Date;
}

export interface StartedService {
  definition: ServiceDefinition;
  /** Stops background work (consumers, workers, timers) and closes connections. */
  close(): Promise<void>;
  /** Lines the launcher prints once (e.g. what the converter found on this machine). */
  announce?: string[];
  /** An account created on this start (the first admin): the launcher shows it once, when the site is ready. */
  account?: CreatedAccount;
}

export interface CreatedAccount {
  username: string;
  password: string;
  /** The password was generated (not given in the environment, e.g. WENKU_ADMIN_PASSWORD). */
  generated: boolean;
}

/** How a launcher shows a created account where no ready banner follows (a service in its own process). */
export function accountLines(a: CreatedAccount): string[] {
  return [
    "  Admin account created (shown only this once — write it down):",
    `    username: ${a.username}`,
    `    password: ${a.generated ? a.password : "(as given in WENKU_ADMIN_PASSWORD)"}`,
  ];
}

/** A deployable service as its package exports it (`export const service: ServiceModule`). */
export interface ServiceModule {
  name: Deployable;
  /** Schemas this service owns and their committed SQL migrations, applied before `start`. */
  migrations: ReadonlyArray<{ schema: string; dir: string }>;
  start(ctx: ServiceContext): Promise<StartedService>;
}

/**
 * Transports that resolve their target on each call, so services that call each other can be
 * built in any order in one process (`bind` once they all exist). A call made before the bind (a
 * service's background work starting with it) waits for it, within the call's own bounds: its
 * abort signal and its deadline (the wait counts against `timeoutMs`).
 */
export function lateTransports(): { transports: ServiceTransports; bind(t: ServiceTransports): void } {
  let bound: ServiceTransports | null = null;
  let announce: (t: ServiceTransports) => void = () => {};
  const ready = new Promise<ServiceTransports>((resolve) => {
    announce = resolve;
  });
  /** The target and what is left of the call's deadline once it is known. */
  const target = async (
    name: Deployable,
    signal: AbortSignal | undefined,
    timeoutMs: number | undefined,
  ): Promise<[Transport, number | undefined]> => {
    if (bound) return [bound[name], timeoutMs];
    const started = Date.now();
    const bounds = [signal, timeoutMs === undefined ? undefined : AbortSignal.timeout(timeoutMs)].filter(
      (x): x is AbortSignal => x !== undefined,
    );
    const stop = AbortSignal.any(bounds);
    stop.throwIfAborted();
    const t = await new Promise<ServiceTransports>((resolve, reject) => {
      const onAbort = () => reject(stop.reason);
      stop.addEventListener("abort", onAbort, { once: true });
      void ready.then((x) => {
        stop.removeEventListener("abort", onAbort);
        resolve(x);
      });
    }).catch((reason: unknown) => {
      if (signal?.aborted) throw ConnectError.from(signal.reason, Code.Canceled);
      throw new ConnectError(
        `transport to ${name}: the services were not bound within the call's deadline`,
        Code.DeadlineExceeded,
        undefined,
        undefined,
        reason,
      );
    });
    return [t[name], timeoutMs === undefined ? undefined : Math.max(1, timeoutMs - (Date.now() - started))];
  };
  const late = (name: Deployable): Transport => ({
    async unary(method, signal, timeoutMs, ...rest) {
      const [t, left] = await target(name, signal, timeoutMs);
      return t.unary(method, signal, left, ...rest);
    },
    async stream(method, signal, timeoutMs, ...rest) {
      const [t, left] = await target(name, signal, timeoutMs);
      return t.stream(method, signal, left, ...rest);
    },
  });
  return {
    transports: {
      user: late("user"),
      content: late("content"),
      order: late("order"),
      config: late("config"),
      spider: late("spider"),
      converter: late("converter"),
    },
    bind(t) {
      bound = t;
      announce(t);
    },
  };
}
