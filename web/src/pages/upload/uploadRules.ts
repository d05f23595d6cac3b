import { extOf, SUPPORTED_EXTENSIONS } from "../../components/document/docType.js";

/** security.max_document_size ≤ 0 means this many MB. */
export const DEFAULT_MAX_DOCUMENT_MB = 50;

export interface UploadRules {
  /** Extensions with the dot, lower case. */
  allowed: readonly string[];
  /** Allowed by the settings, but no converter on the server takes them now (office formats without LibreOffice). */
  unconvertible: readonly string[];
  maxMb: number;
}

/**
 * The client-side upload rules from the public settings and the server's converters
 * (GetDocumentConverters' unavailable_ext); the server enforces the same.
 */
export function uploadRules(
  security: { maxDocumentSize: number; documentAllowedExt: readonly string[] },
  unavailable: readonly string[] = [],
): UploadRules {
  const configured = security.documentAllowedExt.map(extOf).filter((ext) => SUPPORTED_EXTENSIONS.includes(ext));
  const settingsAllow = configured.length > 0 ? [...new Set(configured)] : SUPPORTED_EXTENSIONS;
  const missing = new Set(unavailable.map(extOf));
  return {
    allowed: settingsAllow.filter((ext) => !missing.has(ext)),
    unconvertible: settingsAllow.filter((ext) => missing.has(ext)),
    maxMb: security.maxDocumentSize > 0 ? security.maxDocumentSize : DEFAULT_MAX_DOCUMENT_MB,
  };
}

export type FileProblem =
  | { kind: "type"; ext: string }
  | { kind: "converter"; ext: string }
  | { kind: "size"; maxMb: number };

/** Why a file may not be uploaded (checked before any byte is sent), or null when it may. */
export function checkFile(file: { name: string; size: number }, rules: UploadRules): FileProblem | null {
  // A name without a dot has no extension (extOf would read "Makefile" as the extension ".makefile").
  const ext = file.name.includes(".") ? extOf(file.name) : "";
  if (rules.unconvertible.includes(ext)) return { kind: "converter", ext };
  if (!rules.allowed.includes(ext)) return { kind: "type", ext: ext || file.name };
  if (file.size > rules.maxMb * 1024 * 1024) return { kind: "size", maxMb: rules.maxMb };
  return null;
}
