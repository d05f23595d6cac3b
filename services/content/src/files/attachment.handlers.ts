// PLACEHOLDER (session 3 scaffolding): replaced by the slice that owns this file.
import type { ServiceImpl } from "@connectrpc/connect";
import type { AttachmentAPI } from "@wenku/proto/api/v1/attachment_pb.js";
import type { ContentServerDeps } from "../server.js";

export function createAttachmentHandlers(_deps: ContentServerDeps): Partial<ServiceImpl<typeof AttachmentAPI>> {
  return {};
}
