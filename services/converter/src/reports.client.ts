// The worker's sink in production: each step of a job reported to the content service
// (ConversionReportAPI), which alone writes documents. The text is not sent: it is in storage
// (text.txt) by the time the conversion is reported. Any failed call throws ReportUndelivered, so
// the job goes back to the queue instead of being lost or reported twice as a failure.
import type { Transport } from "@connectrpc/connect";
import { createClient } from "@connectrpc/connect";
import { headers } from "@wenku/kit";
import { ConversionReportAPI } from "@wenku/proto/api/v1/converter_internal_pb.js";
import type { RecognitionSink } from "./ocr/recognize.js";
import { type ConversionSink, ReportUndelivered } from "./worker.js";

/** A report is a few row updates; a content service slower than this is treated as down. */
const TIMEOUT_MS = 30_000;

export function createReportSink(content: Transport, internalToken: string): ConversionSink & RecognitionSink {
  const client = createClient(ConversionReportAPI, content);
  const options = { headers: { [headers.internal]: internalToken }, timeoutMs: TIMEOUT_MS };
  const deliver = async <T>(what: string, call: () => Promise<T>): Promise<T> => {
    try {
      return await call();
    } catch (err) {
      throw new ReportUndelivered(`${what} not reported: ${err instanceof Error ? err.message : String(err)}`, {
        cause: err,
      });
    }
  };
  return {
    async onStarted(job, attempt) {
      const r = await deliver("start", () => client.reportStarted({ job, attempt }, options));
      return !r.skip;
    },
    async onConverted(job, r) {
      await deliver("conversion", () =>
        client.reportConverted(
          {
            job,
            pages: r.pages,
            rendered: r.rendered,
            width: r.width,
            height: r.height,
            textBytes: BigInt(Buffer.byteLength(r.text, "utf8")),
            textTruncated: r.textTruncated,
            reused: r.reused,
          },
          options,
        ),
      );
    },
    async onRecognized(job, r) {
      await deliver("recognition", () =>
        client.reportRecognized({ job, pages: r.pages, rendered: r.rendered, textBytes: BigInt(r.textBytes) }, options),
      );
    },
    async onFailed(job, failure, final, attempt) {
      await deliver("failure", () => client.reportFailed({ job, ...failure, final, attempt }, options));
    },
  };
}
