// Keeps the stored sitemap current between the scheduled builds: told of every change it lists
// (DocumentsChanged, the events search follows, heard from every content process; article and
// category writes of this process), it rebuilds once the first untold change is `debounceMs` old —
// a burst of changes costs one build, and a steady stream one build per window, never a starved one.
// One build at a time in this process (a change during a build is followed by another), one across
// replicas (`exclusive`: a PostgreSQL advisory lock). Every replica hears a document change, so the
// one that gets the lock second skips when the stored sitemap was built from a moment after the LAST
// change it heard (`builtFrom`: a build begun between two changes covers only the first); a replica
// that finds the lock taken tries again shortly.
import type { Logger } from "@wenku/kit";
import { afterWrites } from "../writes.js";

export interface SitemapFollowerDeps {
  /** Writes the whole sitemap (the builder's rebuild). */
  build(): Promise<unknown>;
  /** When the build that wrote the stored sitemap began (null: unknown or none). */
  builtFrom(): Promise<Date | null>;
  /** Runs `work` when no other replica runs it at the moment; `{ ran: false }` when one does. */
  exclusive(work: () => Promise<void>): Promise<{ ran: boolean }>;
  /** A change is in the sitemap within about this long. */
  debounceMs: number;
  /** After the lock was taken or a build failed, the next try (default: the debounce, at most 5 s). */
  retryMs?: number;
  log: Logger;
  now?: () => number;
}

export interface SitemapFollower {
  /** Something the sitemap lists changed (after its commit). */
  touch(): void;
  /** No more builds; waits for one under way. */
  stop(): Promise<void>;
}

export function createSitemapFollower(deps: SitemapFollowerDeps): SitemapFollower {
  const now = deps.now ?? (() => Date.now());
  const retryMs = deps.retryMs ?? Math.min(deps.debounceMs, 5_000);
  /** When the oldest change not yet in a build was heard; null: none. */
  let dirtySince: number | null = null;
  /** When the newest change was heard: a build that began before it does not cover it. */
  let lastChange = 0;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | null = null;
  let stopped = false;
  /** No new try before this (the lock was taken, or a build failed). */
  let notBefore = 0;
  const delay = (since: number) => Math.max(0, since + deps.debounceMs - now(), notBefore - now());

  const schedule = (ms: number) => {
    if (stopped || timer || running) return;
    timer = setTimeout(() => {
      timer = undefined;
      running = run().finally(() => {
        running = null;
        if (dirtySince !== null) schedule(delay(dirtySince));
      });
    }, ms);
    timer.unref?.();
  };

  async function run(): Promise<void> {
    const since = dirtySince;
    const upTo = lastChange;
    if (since === null || stopped) return;
    dirtySince = null; // changes heard from here on need a build that starts after them
    const retry = () => {
      dirtySince = Math.min(since, dirtySince ?? since);
      notBefore = now() + retryMs;
    };
    try {
      const { ran } = await deps.exclusive(async () => {
        const from = await deps.builtFrom();
        if (from && from.getTime() > upTo) return; // another replica began its build after every change heard
        const started = now();
        await deps.build();
        deps.log.info({ ms: now() - started, lagMs: now() - since }, "sitemap followed the site's changes");
      });
      if (!ran) retry();
    } catch (err) {
      deps.log.warn({ err }, "sitemap: the rebuild after a change failed, trying again");
      retry();
    }
  }

  return {
    touch() {
      if (stopped) return;
      lastChange = now();
      if (dirtySince === null) dirtySince = lastChange;
      schedule(delay(dirtySince));
    },
    async stop() {
      stopped = true;
      clearTimeout(timer);
      timer = undefined;
      await running;
    },
  };
}

/** `impl` (an RPC service's handlers) whose writes touch the sitemap: the article and category writes it follows. */
export function touchingWrites<T extends object>(impl: T, touch: () => void): T {
  return afterWrites(impl, touch);
}
