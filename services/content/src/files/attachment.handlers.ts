// AttachmentAPI (admin pages): thin edge over attachment.service.ts.
import { create } from "@bufbuild/protobuf";
import { EmptySchema } from "@bufbuild/protobuf/wkt";
import type { ServiceImpl } from "@connectrpc/connect";
import type { AttachmentAPI } from "@wenku/proto/api/v1/attachment_pb.js";
import type { ContentServerDeps } from "../server.js";
import { createAttachmentRepository } from "./attachment.repository.js";
import { createAttachmentService } from "./attachment.service.js";

export function createAttachmentHandlers(deps: ContentServerDeps): ServiceImpl<typeof AttachmentAPI> {
  const attachments = createAttachmentService(createAttachmentRepository(deps.db), deps.users);
  return {
    async listAttachment(req) {
      return attachments.list(req.page, req.size, {
        wd: req.wd,
        enable: req.enable,
        userId: req.userId,
        type: req.type,
        ext: req.ext,
      });
    },
    async getAttachment(req) {
      return attachments.get(req.id);
    },
    async updateAttachment(req) {
      await attachments.update({ id: req.id, name: req.name, description: req.description, enable: req.enable });
      return create(EmptySchema);
    },
    async deleteAttachment(req) {
      await attachments.remove(req.id);
      return create(EmptySchema);
    },
  };
}
