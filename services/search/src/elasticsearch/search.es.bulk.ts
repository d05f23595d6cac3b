// Writing to Elasticsearch: bulk requests of bounded size, every document's outcome read back, and the
// client's failures turned into errors that say what happened (and never leak the cluster's address or
// credentials to visitors).
import type { Client } from "@elastic/elasticsearch";
import { DomainError } from "@wenku/kit";

/** A bulk request holds at most this many bytes of NDJSON (one larger document goes alone)… */
export const BULK_BYTES = 8 * 1024 * 1024;
/** …and at most this many documents. */
export const BULK_DOCS = 200;
/** Rounds of retrying the documents a busy cluster refused with 429. */
const RETRIES = 3;

/** One document's action: its id and its NDJSON lines (already serialized, so their size is known). */
export interface BulkAction {
  id: bigint;
  lines: string[];
}

export interface BulkOutcome {
  /** Documents left alone because the index holds a newer version (not an error). */
  conflicts: bigint[];
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Splits actions into requests of at most BULK_DOCS documents and BULK_BYTES bytes. */
export function batches(actions: readonly BulkAction[]): BulkAction[][] {
  const out: BulkAction[][] = [];
  let batch: BulkAction[] = [];
  let bytes = 0;
  for (const a of actions) {
    const size = a.lines.reduce((n, l) => n + Buffer.byteLength(l) + 1, 0);
    if (batch.length && (batch.length >= BULK_DOCS || bytes + size > BULK_BYTES)) {
      out.push(batch);
      batch = [];
      bytes = 0;
    }
    batch.push(a);
    bytes += size;
  }
  if (batch.length) out.push(batch);
  return out;
}

/**
 * Runs the actions; each document either went through, met a newer version (conflicts), was unknown
 * to a delete or a partial update (fine), or fails the whole call with every refused document named.
 */
export async function bulkWrite(
  client: Client,
  actions: readonly BulkAction[],
  refresh: false | "wait_for",
  backoffMs = 250,
): Promise<BulkOutcome> {
  const conflicts: bigint[] = [];
  const failed: string[] = [];
  for (const batch of batches(actions)) {
    let pending = batch;
    for (let round = 0; pending.length; round++) {
      const r = await client.bulk({ operations: pending.flatMap((a) => a.lines), refresh });
      const busy: BulkAction[] = [];
      r.items.forEach((item, i) => {
        const action = pending[i];
        const result = item.index ?? item.delete ?? item.create ?? item.update;
        if (!action || !result?.error) return;
        if (result.status === 409 && result.error.type === "version_conflict_engine_exception")
          conflicts.push(action.id);
        else if (result.status === 404 && (item.delete || item.update))
          return; // gone already, or never indexed
        else if (result.status === 429 && round < RETRIES) busy.push(action);
        else failed.push(`${action.id}: ${result.error.type}: ${result.error.reason ?? ""}`.trim());
      });
      pending = busy;
      if (busy.length) await sleep(backoffMs * 2 ** round);
    }
  }
  if (failed.length) {
    const shown = failed.slice(0, 5).join("; ");
    throw new Error(
      `Elasticsearch refused ${failed.length} of ${actions.length} documents: ${shown}${failed.length > 5 ? " …" : ""}`,
    );
  }
  return { conflicts };
}

/** Shown to visitors when the cluster cannot answer (the cause is logged, not shown). */
export const UNAVAILABLE = "搜索服务暂时不可用，请稍后再试";

function unavailable(cause: Error): DomainError {
  const err = new DomainError("unavailable", UNAVAILABLE);
  err.cause = cause;
  return err;
}

/**
 * The client's failure as an error that says what happened: the cluster unreachable or busy is
 * `unavailable` (a visitor is told to try later, the cause stays in `cause` for the log); an error the
 * cluster answered keeps its status, type and reason for the log (visitors see an internal error).
 */
export function esError(err: unknown, what: string): Error {
  if (err instanceof DomainError || !(err instanceof Error)) return err instanceof Error ? err : new Error(String(err));
  // by name, not instanceof: the client's errors come from whichever copy (ESM or CommonJS) threw them
  if (err.name === "ConnectionError" || err.name === "NoLivingConnectionsError" || err.name === "TimeoutError")
    return unavailable(new Error(`Elasticsearch ${what}: the cluster is unreachable (${err.name}: ${err.message})`));
  if (err.name === "ResponseError") {
    const { statusCode: status = 0, body } = err as Error & { statusCode?: number; body?: unknown };
    const answer = body as { error?: { type?: string; reason?: string } | string } | undefined;
    const reason =
      typeof answer?.error === "string"
        ? answer.error
        : [answer?.error?.type, answer?.error?.reason].filter(Boolean).join(": ");
    const message = `Elasticsearch ${what} failed with ${status}${reason ? `: ${reason}` : ""}`;
    if (status === 429 || status === 502 || status === 503 || status === 504) return unavailable(new Error(message));
    if (status === 401 || status === 403)
      return new Error(`${message} (check ELASTICSEARCH_URL's credentials or ELASTICSEARCH_API_KEY)`);
    if (status === 413)
      return new Error(`${message} (a document is larger than the cluster's http.max_content_length)`);
    return new Error(message);
  }
  if (err.name === "ProductNotSupportedError")
    return new Error(`Elasticsearch ${what}: ELASTICSEARCH_URL does not point at Elasticsearch (${err.message})`);
  return err;
}
