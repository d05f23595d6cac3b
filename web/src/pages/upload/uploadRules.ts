import { extOf, SUPPORTED_EXTENSIONS } from "../../components/document/docType.js";

/** security.max_document_size ≤ 0 means this many MB. */
export const DEFAULT_MAX_DOCUMENT_MB = 50;

export interface UploadRules {
  /** Extensions with the dot, lower case. */
  allowed: readonly string[];
  maxMb: number;
}

/** The client-side upload rules from the public settings (the server enforces the same). */
export function uploadRules(security: { maxDocumentSize: number; documentAllowedExt: readonly string[] }): UploadRules {
  const configured = security.documentAllowedExt.map(extOf).filter((ext) => SUPPORTED_EXTENSIONS.includes(ext));
  return {
    allowed: configured.length > 0 ? [...new Set(configured)] : SUPPORTED_EXTENSIONS,
    maxMb: security.maxDocumentSize > 0 ? security.maxDocumentSize : DEFAULT_MAX_DOCUMENT_MB,
  };
}

export type FileProblem = { kind: "type"; ext: string } | { kind: "size"; maxMb: number };

/** Why a file may not be uploaded (checked before any byte is sent), or null when it may. */
export function checkFile(file: { name: string; size: number }, rules: UploadRules): FileProblem | null {
  // A name without a dot has no extension (extOf would read "Makefile" as the extension ".makefile").
  const ext = file.name.includes(".") ? extOf(file.name) : "";
  if (!rules.allowed.includes(ext)) return { kind: "type", ext: ext || file.name };
  if (file.size > rules.maxMb * 1024 * 1024) return { kind: "size", maxMb: rules.maxMb };
  return null;
}
