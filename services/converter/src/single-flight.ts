// One conversion per file hash in a process: jobs for a file already being converted wait for that
// run and reuse its outputs (or its failure for good) instead of converting the same file twice.
import { toConversionError } from "./errors.js";
import type { ConversionJob } from "./job.js";
import type { ConvertedDocument } from "./result.js";

type Convert = (job: ConversionJob, signal: AbortSignal, beat: () => void) => Promise<ConvertedDocument>;

/**
 * `convertOnce(job, …)`: `reusable` outputs of an earlier conversion (unless the job forces a new one),
 * otherwise `convert`; concurrent jobs of the same hash join the run in flight.
 */
export function singleFlight(deps: {
  reusable: (job: ConversionJob) => Promise<ConvertedDocument | undefined>;
  convert: Convert;
}): Convert {
  const inFlight = new Map<string, Promise<ConvertedDocument>>();
  const convertOnce: Convert = async (job, signal, beat) => {
    const hash = job.attachmentHash;
    const running = inFlight.get(hash);
    if (running) {
      // Another job of this process converts the same file: reuse its outputs when they cover this
      // job's preview limit (read back from its manifest), otherwise convert after it. A failure for
      // good is shared (a duplicate request, e.g. the start-up requeue, must not run a hostile file twice).
      const failed = await running.then(
        () => undefined,
        (err: unknown) => toConversionError(err),
      );
      if (failed && !failed.retryable && !job.force) throw failed;
      return (await deps.reusable(job)) ?? convertOnce(job, signal, beat);
    }
    // Registered before the first await, so concurrent jobs for the same hash join this one.
    const p = (async () => (!job.force && (await deps.reusable(job))) || deps.convert(job, signal, beat))();
    inFlight.set(hash, p);
    try {
      return await p;
    } finally {
      inFlight.delete(hash);
    }
  };
  return convertOnce;
}
