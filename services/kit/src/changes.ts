// "This changed, drop what you kept": a payload-free change signal for caches that live in every replica
// of a service. The writer calls changed() after its commit; listeners in this process run before it
// returns, and every other process hears it over a bus broadcast (NATS, or the in-process bus) before
// the writer's reply leaves — so a change a member of staff saves applies everywhere before the next
// request, instead of after a cache's TTL.
import type { Broadcaster } from "./broadcaster.js";

/**
 * Broadcast by the content service after documents' visibility (status, deletion), pages, preview or file
 * changed (payload api.v1.DocumentsChanged: their ids; none: every document). Its page-serving caches and
 * the gateway's copy of public page images drop what they kept.
 */
export const DOCUMENTS_CHANGED_SUBJECT = "wenku.content.documents.changed";

export interface ChangeSignal {
  /**
   * After the commit: tells this process's listeners at once and every other process over the bus.
   * A failed broadcast is logged, not thrown (the change is committed; the others' caches expire).
   */
  changed(): Promise<void>;
  /** Runs `listener` on every change, here or in another process; returns its removal. */
  onChange(listener: () => void): () => void;
  /** Stops listening to other processes. */
  close(): void;
}

export async function createChangeSignal(
  bus: Pick<Broadcaster, "broadcast" | "onBroadcast">,
  subject: string,
  log: { error(obj: object, msg: string): void },
): Promise<ChangeSignal> {
  const listeners = new Set<() => void>();
  const notify = () => {
    for (const l of listeners) {
      try {
        l();
      } catch (err) {
        log.error({ err, subject }, "change signal: a listener failed");
      }
    }
  };
  const unsubscribe = await bus.onBroadcast(subject, notify);
  return {
    async changed() {
      notify();
      try {
        await bus.broadcast(subject, new Uint8Array(0));
      } catch (err) {
        log.error({ err, subject }, "change signal: broadcast failed");
      }
    },
    onChange(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    close: unsubscribe,
  };
}
