// "These documents changed" (visibility, pages, file, or gone): told to this process's caches at once
// and to every other content process over a bus broadcast (api.v1.DocumentsChanged). Call changed()
// after the change committed. Consumers are caches: they drop the ids; no ids (or a message that does
// not decode) means "drop everything".
import { create, fromBinary, toBinary } from "@bufbuild/protobuf";
import { type Broadcaster, DOCUMENTS_CHANGED_SUBJECT, type Logger } from "@wenku/kit";
import { DocumentsChangedSchema } from "@wenku/proto/api/v1/events_pb.js";

/** null: every document. */
export type ChangedHandler = (ids: readonly bigint[] | null) => void;

export interface DocumentEvents {
  /**
   * After the commit: this process's handlers run before it returns; other processes hear it within
   * milliseconds. A lost broadcast is logged, not thrown (the change is committed; their caches expire).
   */
  changed(ids: readonly bigint[] | null): Promise<void>;
  onChanged(handler: ChangedHandler): void;
}

export interface DocumentEventsHandle extends DocumentEvents {
  /** Stops listening to other processes. */
  close(): void;
}

export async function createDocumentEvents(bus: Broadcaster, log: Logger): Promise<DocumentEventsHandle> {
  const handlers = new Set<ChangedHandler>();
  const notify = (ids: readonly bigint[] | null) => {
    for (const h of handlers) h(ids);
  };
  const unsubscribe = await bus.onBroadcast(DOCUMENTS_CHANGED_SUBJECT, (data) => notify(decode(data)));
  return {
    async changed(ids) {
      if (ids?.length === 0) return;
      notify(ids);
      try {
        await bus.broadcast(
          DOCUMENTS_CHANGED_SUBJECT,
          toBinary(DocumentsChangedSchema, create(DocumentsChangedSchema, { id: [...(ids ?? [])] })),
        );
      } catch (err) {
        log.error({ err }, "documents changed: broadcast failed");
      }
    },
    onChanged(handler) {
      handlers.add(handler);
    },
    close: unsubscribe,
  };
}

function decode(data: Uint8Array): readonly bigint[] | null {
  try {
    const ids = fromBinary(DocumentsChangedSchema, data).id;
    return ids.length ? ids : null;
  } catch {
    return null;
  }
}

/** For code paths and tests that run without a bus: this process only. */
export function localDocumentEvents(): DocumentEvents {
  const handlers = new Set<ChangedHandler>();
  return {
    async changed(ids) {
      if (ids?.length === 0) return;
      for (const h of handlers) h(ids);
    },
    onChanged(handler) {
      handlers.add(handler);
    },
  };
}
