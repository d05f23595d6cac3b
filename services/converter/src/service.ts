import { defineService, type ServiceModule } from "@wenku/kit";
import { createStorage } from "@wenku/kit/storage";
import { ConverterInternalAPI } from "@wenku/proto/api/v1/converter_internal_pb.js";
import { loadConverterConfig } from "./config.js";
import { createConverterHandlers } from "./converter.handlers.js";
import { createConverter } from "./converter.js";
import { conversionRouteOf, officeExtensions } from "./formats.js";
import { conversionChannel, outputKeys } from "./job.js";
import { type ConversionLanes, startConversionLanes } from "./lanes.js";
import { createOcrRequests, ocrChannel } from "./ocr/queue.js";
import { type OcrWorker, startOcrWorker } from "./ocr/worker.js";
import { conversionLanes, converterOptions, ocrLimits } from "./options.js";
import { createReportSink } from "./reports.client.js";
import { converterAvailability, describeTools, probeTools } from "./tools.js";

/**
 * The converter as every runner (one process, its own process, Kubernetes) starts it: the optional
 * tools probed (soffice --version, fc-list, native mutool, tesseract), then the conversion lanes
 * consuming the work queue, each job's steps reported to the content service (ConversionReportAPI),
 * and, with Tesseract, the OCR worker: each converted PDF asks it (its own queue) to recognise the
 * pages that are only images. No tables of its own: the documents are the content service's.
 */
export const service: ServiceModule = {
  name: "converter",
  migrations: [],
  async start(ctx) {
    const config = loadConverterConfig(ctx.env);
    const log = ctx.log.child({ module: "conversion" });
    const soffice = config.CONVERTER_SOFFICE ? { soffice: config.CONVERTER_SOFFICE } : {};
    const probe = () => probeTools({ ...soffice, mutool: config.CONVERTER_MUTOOL, ocr: config.CONVERTER_OCR });
    const tools = await probe();
    const availability = converterAvailability(Promise.resolve(tools), probe, officeExtensions);
    const storage = await createStorage(config);
    // The found soffice (e.g. the macOS app bundle's) is the one the converter runs.
    const options = converterOptions(config);
    if (tools.office.available && options.office) options.office.sofficePath = tools.office.path;
    const channel = conversionChannel(config.CONVERSION_QUEUE);
    const lanes = conversionLanes(config);
    let running: ConversionLanes | undefined;
    let ocr: OcrWorker | undefined;
    if (lanes.main > 0) {
      // Jobs taken before the content service answers are handed back and delivered again.
      const sink = createReportSink(ctx.transports.content, ctx.internalToken);
      const converter = createConverter(options);
      const ocrQueue = ocrChannel(config.CONVERSION_QUEUE);
      const tesseract = tools.ocr?.available && config.CONVERTER_OCR_CONCURRENCY > 0 ? tools.ocr : undefined;
      const ocrRequests = tesseract ? createOcrRequests(ctx.bus, ocrQueue, storage) : undefined;
      running = await startConversionLanes({
        bus: ctx.bus,
        storage,
        sink,
        log,
        concurrency: lanes.main,
        officeConcurrency: lanes.office,
        converter,
        ownsConverter: true,
        ...channel,
        worker: {
          ackWaitMs: config.CONVERSION_ACK_WAIT_MS,
          ...(channel.durable ? { durable: channel.durable } : {}),
          // An office document only when its PDF was kept: a page of it had no text (recognize.ts).
          ...(ocrRequests
            ? {
                afterConverted: async (job) => {
                  const office = conversionRouteOf(job.ext) === "office";
                  if (!office || (await storage.stat(outputKeys(job.attachmentHash).officePdf))) {
                    await ocrRequests.request(job);
                  }
                },
              }
            : {}),
        },
      });
      if (tesseract && ocrRequests) {
        const ocrLog = ctx.log.child({ module: "ocr" });
        ocr = await startOcrWorker({
          bus: ctx.bus,
          storage,
          sink,
          requests: ocrRequests,
          scanner: converter,
          tesseract,
          limits: ocrLimits(config),
          log: ocrLog,
          ...ocrQueue,
          concurrency: config.CONVERTER_OCR_CONCURRENCY,
          ackWaitMs: config.CONVERSION_ACK_WAIT_MS,
        });
        // Jobs a restart cut short are asked again when the in-process bus forgot them. JetStream
        // keeps its own (asking again there would have two converters read one file at once).
        if (!config.NATS_URL) {
          void ocrRequests.resume(ocrLog).then(
            (n) => n > 0 && ocrLog.info({ jobs: n }, "ocr: unfinished jobs asked again"),
            (err: unknown) => ocrLog.error({ err }, "ocr: unfinished jobs could not be asked again"),
          );
        }
      }
    } else {
      log.info({}, "conversion: CONVERTER_CONCURRENCY=0, this process converts nothing");
    }
    log.info(
      { office: tools.office.available, soffice: tools.office.path, cjkFonts: tools.cjkFonts, lanes },
      tools.office.available ? "conversion: converters found" : "conversion: LibreOffice not found",
    );
    const definition = defineService({
      name: "converter",
      impls: [
        [ConverterInternalAPI, createConverterHandlers({ availability, clock: ctx.clock ?? (() => new Date()) })],
      ],
      authorizer: ctx.authorizer,
      internalToken: ctx.internalToken,
      log: ctx.log,
      siteGate: ctx.siteGate,
    });
    return {
      announce: describeTools(tools),
      definition,
      async close() {
        // Jobs in flight go back to the queue (not reported failed) before the process ends.
        await ocr?.stop();
        await running?.stop();
      },
    };
  },
};
