// PLACEHOLDER (session 3 scaffolding): replaced by the slice that owns this file.
import type { ServiceImpl } from "@connectrpc/connect";
import type { DocumentAPI } from "@wenku/proto/api/v1/document_pb.js";
import type { ContentServerDeps } from "../server.js";

export function createFileHandlers(_deps: ContentServerDeps): Partial<ServiceImpl<typeof DocumentAPI>> {
  return {};
}
