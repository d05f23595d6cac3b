// The staff batch rules (review, reconvert, recommend, batch settings) over in-memory fake
// repositories: which documents each one changes, what it refuses, and its order of effects.
import type { CategoryRepository } from "../categories/category.repository.js";
import type { ConversionRequest } from "../ports.js";
import { createDocumentAdminService } from "./document.admin.js";
import { createDocumentEffects } from "./document.effects.js";
import type { DocumentPatch, DocumentRepository } from "./document.repository.js";
import type { DocumentFilter } from "./document.types.js";
import { DocStatus } from "./visibility.js";

interface FakeDoc {
  id: bigint;
  pages: number;
  status: number;
  deleted: boolean;
  recommended: boolean;
  languageId: bigint | null;
  isVip: boolean;
  categories: bigint[];
}

const doc = (id: bigint, over: Partial<FakeDoc> = {}): FakeDoc => ({
  id,
  pages: 3,
  status: DocStatus.converted,
  deleted: false,
  recommended: false,
  languageId: null,
  isVip: false,
  categories: [1n],
  ...over,
});

/** The filter fields the admin operations use, evaluated the way the repository's SQL does. */
const matches = (d: FakeDoc, f: DocumentFilter) =>
  (!f.ids || f.ids.includes(d.id)) &&
  (f.deleted === undefined || f.deleted === d.deleted) &&
  (!f.statuses || f.statuses.includes(d.status)) &&
  (f.recommended === undefined || f.recommended === d.recommended);

const withAttachment = (d: FakeDoc) => ({
  ...d,
  attachmentHash: `h${d.id}`,
  ext: ".pdf",
  attachment: { storageKey: `documents/h${d.id}.pdf` },
});

function setup(docs: FakeDoc[]) {
  const effects: string[] = [];
  const queued: { docs: ConversionRequest[]; force: boolean }[] = [];
  const patches: { filter: DocumentFilter; patch: DocumentPatch }[] = [];
  const at = new Date("2026-01-02T03:04:05Z");
  const repo = {
    byIds: async (ids: readonly bigint[], deleted: boolean) =>
      docs.filter((d) => ids.includes(d.id) && d.deleted === deleted).map(withAttachment),
    withAttachment: async (f: DocumentFilter) => docs.filter((d) => matches(d, f)).map(withAttachment),
    async updateMany(filter: DocumentFilter, patch: DocumentPatch) {
      const hit = docs.filter((d) => matches(d, filter));
      patches.push({ filter, patch });
      for (const d of hit) {
        if (patch.status !== undefined) d.status = patch.status;
        if (patch.recommendAt !== undefined) d.recommended = patch.recommendAt !== null;
        if (patch.languageId !== undefined) d.languageId = patch.languageId;
        if (patch.isVip !== undefined) d.isVip = patch.isVip;
      }
      effects.push(`update ${hit.map((d) => d.id).join(",")}`);
      return hit.length;
    },
    categoryIdsOf: async (ids: readonly bigint[]) => [
      ...new Set(docs.filter((d) => ids.includes(d.id)).flatMap((d) => d.categories)),
    ],
    async setCategories(ids: readonly bigint[], categoryIds: readonly bigint[]) {
      for (const d of docs) if (ids.includes(d.id)) d.categories = [...categoryIds];
      effects.push("set categories");
    },
    languageById: async (id: bigint) => (id === 9n ? { id, enable: true, name: "English" } : null),
    languageByCode: async (code: string) => (code === "fr" ? { id: 10n, enable: false, name: "Français" } : null),
  } as unknown as DocumentRepository;
  const categories = {
    all: async () => [
      { id: 1n, parentId: null, type: 0, enable: true, title: "数学" },
      { id: 2n, parentId: 1n, type: 0, enable: true, title: "代数" },
      { id: 3n, parentId: null, type: 0, enable: false, title: "旧分类" },
    ],
    recountCategories: async (ids: bigint[]) => void effects.push(`recount ${ids.join(",")}`),
  } as unknown as CategoryRepository;
  const admin = createDocumentAdminService({
    repo,
    categories,
    effects: createDocumentEffects({
      repo,
      categories,
      conversions: {
        async request(reqs, opts) {
          effects.push("queue");
          queued.push({ docs: [...reqs], force: opts?.force ?? false });
        },
      },
      log: { error: () => {} },
    }),
    events: { changed: async (ids) => void effects.push(`changed ${ids?.join(",")}`) },
    clock: () => at,
  });
  return { admin, docs, effects, queued, patches, at };
}

describe("check (review)", () => {
  test("approving publishes converted documents and sends page-less ones back to the converter", async () => {
    const { admin, docs, effects, queued } = setup([
      doc(1n, { status: DocStatus.pendingReview }),
      doc(2n, { status: DocStatus.pendingReview, pages: 0 }),
    ]);
    await admin.check([1n, 2n, 2n, 0n], DocStatus.converted);
    expect(docs.map((d) => d.status)).toEqual([DocStatus.converted, DocStatus.pending]);
    expect(queued).toEqual([{ docs: [expect.objectContaining({ documentId: 2n, ext: ".pdf" })], force: false }]);
    // caches hear of the change before the counters move and the converter is asked
    expect(effects).toEqual(["update 1", "update 2", "changed 1,2", "recount 1", "queue"]);
  });

  test("rejecting and disabling change the status only; nothing is queued", async () => {
    const { admin, docs, queued } = setup([doc(1n), doc(2n, { pages: 0 })]);
    await admin.check([1n, 2n], DocStatus.rejected);
    expect(docs.map((d) => d.status)).toEqual([DocStatus.rejected, DocStatus.rejected]);
    await admin.check([1n], DocStatus.disabled);
    expect(docs[0]?.status).toBe(DocStatus.disabled);
    expect(queued).toEqual([]);
  });

  test("a rejection or disable keeps its reason for the uploader; approving clears it; too long is refused", async () => {
    const { admin, patches, effects } = setup([doc(1n), doc(2n)]);
    await admin.check([1n, 2n], DocStatus.rejected, "  内容不完整，请补充后重新上传 ");
    expect(patches.at(-1)?.patch).toEqual({ status: DocStatus.rejected, reviewReason: "内容不完整，请补充后重新上传" });
    await admin.check([1n], DocStatus.converted);
    expect(patches.at(-1)?.patch).toMatchObject({ reviewReason: "" });
    const before = effects.length;
    await expect(admin.check([2n], DocStatus.disabled, "长".repeat(256))).rejects.toMatchObject({
      kind: "invalid_argument",
      message: "原因不能超过255个字符",
    });
    expect(effects).toHaveLength(before); // refused before anything was written
    await admin.check([2n], DocStatus.disabled, "长".repeat(255));
    expect(patches.at(-1)?.patch.reviewReason).toHaveLength(255);
  });

  test.each([DocStatus.pending, DocStatus.converting, DocStatus.failed, DocStatus.reconvert, 99])(
    "status %s is no review outcome",
    async (status) => {
      const { admin, effects } = setup([doc(1n)]);
      await expect(admin.check([1n], status)).rejects.toMatchObject({
        kind: "invalid_argument",
        message: "审核状态只能是通过、拒绝或禁用",
      });
      expect(effects).toEqual([]);
    },
  );

  test("documents in the recycle bin or missing are not found; no ids at all is a bad request", async () => {
    const { admin } = setup([doc(1n, { deleted: true })]);
    await expect(admin.check([1n, 5n], DocStatus.rejected)).rejects.toMatchObject({ kind: "not_found" });
    await expect(admin.check([0n, -1n], DocStatus.rejected)).rejects.toMatchObject({ kind: "invalid_argument" });
  });
});

describe("reconvertFailed", () => {
  test("every live failed document is marked for reconversion and queued with force", async () => {
    const { admin, docs, queued, patches } = setup([
      doc(1n, { status: DocStatus.failed }),
      doc(2n, { status: DocStatus.failed, deleted: true }),
      doc(3n),
    ]);
    await admin.reconvertFailed();
    expect(docs.map((d) => d.status)).toEqual([DocStatus.reconvert, DocStatus.failed, DocStatus.converted]);
    expect(patches[0]?.patch).toEqual({ status: DocStatus.reconvert, convertError: "" });
    expect(queued).toEqual([{ docs: [expect.objectContaining({ documentId: 1n })], force: true }]);
  });

  test("none failed: nothing happens", async () => {
    const { admin, effects } = setup([doc(1n)]);
    await admin.reconvertFailed();
    expect(effects).toEqual([]);
  });
});

describe("recommend", () => {
  test("1 recommends only those not recommended yet, 2 refreshes all, 0 cancels; the bin is left alone", async () => {
    const { admin, docs, patches, at } = setup([doc(1n, { recommended: true }), doc(2n), doc(3n, { deleted: true })]);
    await admin.recommend([1n, 2n, 3n], 1);
    expect(patches[0]).toEqual({
      filter: { ids: [1n, 2n, 3n], deleted: false, recommended: false },
      patch: { recommendAt: at },
    });
    expect(docs.map((d) => d.recommended)).toEqual([true, true, false]);
    await admin.recommend([1n], 2);
    expect(patches[1]?.filter).toEqual({ ids: [1n], deleted: false });
    await admin.recommend([1n, 2n], 0);
    expect(docs.map((d) => d.recommended)).toEqual([false, false, false]);
  });

  test("other types are refused", async () => {
    const { admin, effects } = setup([doc(1n)]);
    await expect(admin.recommend([1n], 3)).rejects.toThrow("推荐类型只能是 0（取消）、1（推荐）或 2（重新推荐）");
    expect(effects).toEqual([]);
  });
});

describe("batch settings", () => {
  test("categories: each chosen category's whole path is linked; old and new categories are recounted", async () => {
    const { admin, docs, effects } = setup([doc(1n, { categories: [3n] }), doc(2n)]);
    await admin.setCategories([1n, 2n], [2n]);
    expect(docs.map((d) => d.categories)).toEqual([
      [2n, 1n],
      [2n, 1n],
    ]);
    expect(effects).toEqual(["set categories", "recount 3,1,2,1"]);
  });

  test("categories: a disabled or unknown category is refused before anything changes", async () => {
    const { admin, effects } = setup([doc(1n)]);
    await expect(admin.setCategories([1n], [3n])).rejects.toThrow("文档分类「旧分类」已禁用");
    await expect(admin.setCategories([1n], [42n])).rejects.toThrow("文档分类不存在");
    await expect(admin.setCategories([1n], [])).rejects.toThrow("请选择文档分类");
    expect(effects).toEqual([]);
  });

  test("language: by id or code, must exist and be enabled, must be given", async () => {
    const { admin, docs } = setup([doc(1n), doc(2n)]);
    await admin.setLanguage([1n, 2n], 9n, "");
    expect(docs.map((d) => d.languageId)).toEqual([9n, 9n]);
    await expect(admin.setLanguage([1n], 0n, " ")).rejects.toThrow("请选择文档语言");
    await expect(admin.setLanguage([1n], 0n, "fr")).rejects.toThrow("文档语言「Français」未启用");
    await expect(admin.setLanguage([1n], 77n, "")).rejects.toThrow("文档语言不存在");
    await expect(admin.setLanguage([5n], 9n, "")).rejects.toMatchObject({ kind: "not_found" });
  });

  test("VIP: live documents among the ids", async () => {
    const { admin, docs } = setup([doc(1n), doc(2n, { deleted: true })]);
    await admin.setVip([1n, 2n, 1n], true);
    expect(docs.map((d) => d.isVip)).toEqual([true, false]);
    await expect(admin.setVip([], true)).rejects.toThrow("请选择文档");
  });
});
