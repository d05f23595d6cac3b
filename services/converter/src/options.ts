// The converter and its lanes as the CONVERTER_* settings describe them (pure: no process started).
import type { ConverterConfig } from "./config.js";
import type { ConverterOptions } from "./converter.js";
import { defaultOcrLimits, type OcrLimits } from "./ocr/recognize.js";

/**
 * The conversion lanes of CONVERTER_CONCURRENCY: office documents get CONVERTER_OFFICE_CONCURRENCY
 * slots, everything else the rest and at least one; each slot holds a MuPDF render thread.
 */
export function conversionLanes(c: Pick<ConverterConfig, "CONVERTER_CONCURRENCY" | "CONVERTER_OFFICE_CONCURRENCY">) {
  if (c.CONVERTER_CONCURRENCY === 0) return { main: 0, office: 0 };
  const office = c.CONVERTER_OFFICE_CONCURRENCY;
  return { main: Math.max(1, c.CONVERTER_CONCURRENCY - office), office };
}

/** The converter as the CONVERTER_* settings describe it. */
export function converterOptions(c: ConverterConfig): ConverterOptions {
  const lanes = conversionLanes(c);
  return {
    mutool: c.CONVERTER_MUTOOL,
    pool: { size: Math.max(1, lanes.main + lanes.office), memoryLimitMb: c.CONVERTER_MEMORY_MB },
    limits: {
      pageTimeoutMs: c.CONVERTER_PAGE_TIMEOUT_SEC * 1000,
      maxPageBytes: Math.round(c.CONVERTER_PAGE_MAX_MB * 1024 * 1024),
      rasterDpi: c.CONVERTER_RASTER_DPI,
    },
    office: {
      timeoutMs: c.CONVERTER_OFFICE_TIMEOUT_SEC * 1000,
      memoryLimitMb: c.CONVERTER_OFFICE_MEMORY_MB,
      slots: Math.max(1, lanes.office),
      ...(c.CONVERTER_SOFFICE ? { sofficePath: c.CONVERTER_SOFFICE } : {}),
    },
  };
}

/** OCR's budgets as the CONVERTER_OCR_* settings describe them. */
export function ocrLimits(c: ConverterConfig): OcrLimits {
  return {
    ...defaultOcrLimits,
    dpi: c.CONVERTER_OCR_DPI,
    maxPages: c.CONVERTER_OCR_MAX_PAGES,
    tesseract: {
      ...defaultOcrLimits.tesseract,
      timeoutMs: c.CONVERTER_OCR_PAGE_TIMEOUT_SEC * 1000,
      memoryMb: c.CONVERTER_OCR_MEMORY_MB,
    },
  };
}
