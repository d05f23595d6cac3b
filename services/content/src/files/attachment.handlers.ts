// AttachmentAPI: the admin pages over attachment.service.ts, uploaded images over image.service.ts.
import { create } from "@bufbuild/protobuf";
import { EmptySchema } from "@bufbuild/protobuf/wkt";
import type { ServiceImpl } from "@connectrpc/connect";
import { actor } from "@wenku/kit";
import type { AttachmentAPI } from "@wenku/proto/api/v1/attachment_pb.js";
import { AttachmentType } from "@wenku/proto/api/v1/enums_pb.js";
import { toAttachmentProto } from "./attachment.mapper.js";
import type { AttachmentService } from "./attachment.service.js";
import type { ImageService } from "./image.service.js";

export function createAttachmentHandlers(
  attachments: AttachmentService,
  images: ImageService,
): ServiceImpl<typeof AttachmentAPI> {
  return {
    async uploadImage(parts, ctx) {
      return toAttachmentProto(await images.upload(actor(ctx), parts));
    },
    async uploadConfigImage(parts, ctx) {
      return toAttachmentProto(await images.upload(actor(ctx), parts, AttachmentType.CONFIG));
    },
    async uploadBanner(parts, ctx) {
      return toAttachmentProto(await images.upload(actor(ctx), parts, AttachmentType.BANNER));
    },
    async uploadArticle(parts, ctx) {
      return toAttachmentProto(await images.uploadArticle(actor(ctx), parts));
    },
    viewImage(req, ctx) {
      return images.view(req.name, req.ifNoneMatch, ctx.signal, { range: req.range, ifRange: req.ifRange });
    },
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
