// AttachmentAPI (admin): list, get, edit and soft-delete uploaded files. Deleting disables the row: the
// file stays while documents use it, and an upload of the same content is refused from then on.

import { normalizeExtension } from "@wenku/converter/contract";
import { cleanText, DomainError, paging } from "@wenku/kit";
import { AttachmentType } from "@wenku/proto/api/v1/enums_pb.js";
import type { UserDirectory } from "../ports.js";
import { type AttachmentRow, toAttachmentProto } from "./attachment.mapper.js";
import type { AttachmentFilter, AttachmentRepository } from "./attachment.repository.js";
import { sanitizeFileName } from "./file.rules.js";

const MAX_SIZE = 100;
const notFound = () => new DomainError("not_found", "附件不存在");

export function createAttachmentService(repo: AttachmentRepository, users: Pick<UserDirectory, "users">) {
  // Uploaders' names, and for document uploads the document they belong to (type_id), so the admin
  // page can open it (a document file itself is only read through its document's pages).
  const withNames = async (rows: AttachmentRow[]) => {
    const documentHashes = rows.filter((r) => r.type === AttachmentType.DOCUMENT).map((r) => r.hash);
    const [names, documents] = await Promise.all([
      users.users(rows.map((r) => r.userId)),
      repo.firstDocuments(documentHashes),
    ]);
    return rows.map((r) => toAttachmentProto(r, names.get(r.userId)?.username ?? "", documents.get(r.hash) ?? 0n));
  };
  return {
    async list(page: bigint, size: bigint, filter: AttachmentFilter) {
      const { skip, take } = paging(page, size, { max: MAX_SIZE, fallback: 10 });
      const ext = filter.ext.trim() ? `.${normalizeExtension(filter.ext)}` : "";
      const { total, rows } = await repo.list({ ...filter, wd: filter.wd.trim(), ext }, skip, take);
      return { total: BigInt(total), attachment: await withNames(rows) };
    },
    async get(id: bigint) {
      const row = id > 0n ? await repo.get(id) : null;
      if (!row) throw notFound();
      const [named] = await withNames([row]);
      if (!named) throw notFound();
      return named;
    },
    async update(input: { id: bigint; name: string; description: string; enable: boolean }) {
      const row = input.id > 0n ? await repo.get(input.id) : null;
      if (!row) throw notFound();
      const name = sanitizeFileName(input.name) || row.name;
      const description = cleanText(input.description);
      if ([...description].length > 255) throw new DomainError("invalid_argument", "附件描述不能超过255个字符");
      if (!(await repo.update(row.id, { name, description, enable: input.enable }))) throw notFound();
    },
    async remove(ids: readonly bigint[]) {
      const wanted = [...new Set(ids.filter((id) => id > 0n))];
      if (!wanted.length) throw new DomainError("invalid_argument", "请选择要删除的附件");
      await repo.disable(wanted);
    },
  };
}
export type AttachmentService = ReturnType<typeof createAttachmentService>;
