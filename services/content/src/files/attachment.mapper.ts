// Attachment row → api.v1.Attachment. The storage key is never sent: clients reach files through the gateway.
import { create } from "@bufbuild/protobuf";
import { timestampFromDate } from "@bufbuild/protobuf/wkt";
import { type Attachment, AttachmentSchema } from "@wenku/proto/api/v1/attachment_pb.js";
import { AttachmentType } from "@wenku/proto/api/v1/enums_pb.js";
import { imagePath } from "./image.rules.js";

export interface AttachmentRow {
  id: bigint;
  hash: string;
  userId: bigint;
  type: number;
  name: string;
  size: bigint;
  ext: string;
  width: number;
  height: number;
  ip: string;
  enable: boolean;
  description: string;
  createdAt: Date;
  updatedAt: Date;
}

const typeNames: Record<number, string> = {
  [AttachmentType.AVATAR]: "头像",
  [AttachmentType.DOCUMENT]: "文档",
  [AttachmentType.ARTICLE]: "文章",
  [AttachmentType.COMMENT]: "评论",
  [AttachmentType.BANNER]: "横幅",
  [AttachmentType.CATEGORY_COVER]: "分类封面",
  [AttachmentType.CONFIG]: "配置",
  [AttachmentType.SPIDER_DOCUMENT]: "采集文档",
};

/** `typeId`: the owning record (a document upload's first live document), 0 when none. */
export function toAttachmentProto(row: AttachmentRow, username = "", typeId = 0n): Attachment {
  return create(AttachmentSchema, {
    id: row.id,
    hash: row.hash,
    userId: row.userId,
    typeId,
    type: row.type as AttachmentType,
    typeName: typeNames[row.type] ?? "",
    enable: row.enable,
    // images are served by path; documents only through their pages and signed downloads
    path: row.type === AttachmentType.DOCUMENT ? "" : imagePath(row.hash, row.ext),
    name: row.name,
    size: row.size,
    width: row.width,
    height: row.height,
    ext: row.ext,
    ip: row.ip,
    username,
    description: row.description,
    createdAt: timestampFromDate(row.createdAt),
    updatedAt: timestampFromDate(row.updatedAt),
  });
}
