// ConversionReportAPI: the converter's reports, one call per step of a job (thin edge over sink.ts).
// The job travels back as the converter received it; it is checked as the queue checks it, since its
// hash names a storage prefix.
import type { ServiceImpl } from "@connectrpc/connect";
import { type ConversionJob, decodeJob, encodeJob } from "@wenku/converter/contract";
import { DomainError } from "@wenku/kit";
import type { ConversionReportAPI } from "@wenku/proto/api/v1/converter_internal_pb.js";
import type { ConversionRequested } from "@wenku/proto/api/v1/events_pb.js";
import type { DocumentSink } from "./sink.js";

function jobOf(job: ConversionRequested | undefined): ConversionJob {
  const checked = job ? decodeJob(encodeJob(job)) : "job is required";
  if (typeof checked === "string") throw new DomainError("invalid_argument", checked);
  return checked;
}

export function createConversionReportHandlers(sink: DocumentSink): ServiceImpl<typeof ConversionReportAPI> {
  return {
    async reportStarted(req) {
      return { skip: !(await sink.started(jobOf(req.job))) };
    },
    async reportConverted(req) {
      await sink.converted(jobOf(req.job), req);
      return {};
    },
    async reportRecognized(req) {
      await sink.recognized(jobOf(req.job), req);
      return {};
    },
    async reportFailed(req) {
      await sink.failed(jobOf(req.job), req);
      return {};
    },
  };
}
