// The uploader's activity-feed entries for new documents (moredoc writes one per document, linked to
// its page). The content service reports them after the documents are committed.
import { DomainError } from "@wenku/kit";
import { type DynamicRepository, DynamicType } from "./dynamic.repository.js";

export interface UploadedDocument {
  id: bigint;
  uuid: string;
  title: string;
}

/** At most this many documents per report (CreateDocument's own batch limit is lower). */
const MAX_DOCUMENTS = 1000;
const UUID = /^[0-9a-f]{16}$/;

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c] as string);

/** The feed line of one upload: the title (HTML-escaped) linked to /document/{uuid}. */
export function uploadDynamic(doc: UploadedDocument): string {
  const ref = UUID.test(doc.uuid) ? doc.uuid : String(doc.id);
  return `上传了文档《<a href="/document/${ref}">${escapeHtml(doc.title)}</a>》`;
}

export function createUploadDynamics(deps: { dynamics: DynamicRepository; userExists(id: bigint): Promise<boolean> }) {
  return {
    async record(userId: bigint, docs: readonly UploadedDocument[]): Promise<void> {
      if (docs.length === 0) return;
      if (docs.length > MAX_DOCUMENTS) throw new DomainError("invalid_argument", "一次最多记录 1000 篇文档");
      if (!(await deps.userExists(userId))) throw new DomainError("not_found", "用户不存在");
      await deps.dynamics.addMany(userId, DynamicType.upload, docs.map(uploadDynamic));
    },
  };
}
export type UploadDynamics = ReturnType<typeof createUploadDynamics>;
