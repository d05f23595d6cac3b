// @wenku/converter/contract — what the content service shares with the converter, without the
// converter's code (no MuPDF, no child processes): the conversion queue's names and message, where a
// conversion's outputs live in storage and how to read them, the extension table, the text rules
// the stored text is cut by, and the page text format (page-N.text.json). The converter's own
// modules use the same files.

export {
  encodePageText,
  PAGE_TEXT_MAX_BYTES,
  PAGE_TEXT_MAX_LINES,
  type PageText,
  type PageTextLine,
  pageTextFileName,
  parsePageText,
} from "@wenku/proto/page-text";
export {
  type ConversionRoute,
  conversionRouteOf,
  type DocumentType,
  documentTypeOf,
  isAllowedExtension,
  normalizeExtension,
  officeExtensions,
  uploadExtensions,
} from "./formats.js";
export {
  type ConversionJob,
  conversionChannel,
  conversionOfficeSubject,
  conversionStream,
  conversionSubject,
  decodeJob,
  encodeJob,
  type Manifest,
  outputKeys,
  parseManifest,
  previewPages,
  readText,
} from "./job.js";
export { cutUtf8, descriptionOf, PREVIEW_TEXT_MAX_BYTES, pageTextsOf, previewTextOf, TextCollector } from "./text.js";
