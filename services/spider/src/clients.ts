// The implementations of ports.ts: the site's settings (kit settings reader, dropped on change broadcasts)
// and the content service's import (DocumentInternalAPI.ImportDocument, client-streaming).
import { create } from "@bufbuild/protobuf";
import { createClient, type Transport } from "@connectrpc/connect";
import { headers, type SettingsReader } from "@wenku/kit";
import { DocumentInternalAPI, ImportDocumentChunkSchema } from "@wenku/proto/api/v1/content_internal_pb.js";
import type { DocumentImporter, ImportHeader, SpiderSettings } from "./ports.js";

/** One file's import, header and bytes: generous, a large file crosses the network twice. */
const IMPORT_TIMEOUT_MS = 30 * 60_000;
/** Bytes per message (storage reads come in larger pieces). */
const CHUNK = 256 * 1024;

export function settingsFrom(reader: SettingsReader): SpiderSettings {
  return {
    async allowedExt() {
      return (await reader.current()).security?.documentAllowedExt ?? [];
    },
    async siteUrl() {
      const domain = (await reader.current()).system?.domain ?? "";
      try {
        const url = new URL(domain.trim());
        return (url.protocol === "http:" || url.protocol === "https:") && url.hostname ? url.origin : "";
      } catch {
        return "";
      }
    },
  };
}

/** The content service's ImportDocument as the importer port: the header, then the file in chunks. */
export function createDocumentImporter(transport: Transport, internalToken: string): DocumentImporter {
  const client = createClient(DocumentInternalAPI, transport);
  async function* parts(header: ImportHeader, body: AsyncIterable<Uint8Array>) {
    yield create(ImportDocumentChunkSchema, { part: { case: "header", value: header } });
    for await (const piece of body) {
      for (let at = 0; at < piece.length; at += CHUNK) {
        yield create(ImportDocumentChunkSchema, { part: { case: "data", value: piece.subarray(at, at + CHUNK) } });
      }
    }
  }
  return {
    async import(header, body) {
      const reply = await client.importDocument(parts(header, body), {
        headers: { [headers.internal]: internalToken },
        timeoutMs: IMPORT_TIMEOUT_MS,
      });
      return { documentId: reply.documentId, duplicate: reply.duplicate };
    },
  };
}
