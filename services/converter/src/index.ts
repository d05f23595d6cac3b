// @wenku/converter — the converter deployable; its converters on their own (the conversion benches);
// its lanes and report sink, which the content service's pipeline tests drive against its handlers.
export { type Converter, createConverter } from "./converter.js";
export { startConversionLanes } from "./lanes.js";
export { createOfficeConverter } from "./office.js";
export { createReportSink } from "./reports.client.js";
export { service } from "./service.js";
