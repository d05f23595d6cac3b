// CreateDocument's order of effects with in-memory fakes of the repositories, the user directory and
// the conversion queue (the rules themselves are covered through the gateway on real PostgreSQL).
import type { CallContext } from "@wenku/kit";
import type { CategoryRepository } from "../categories/category.repository.js";
import type { ConversionRequest } from "../ports.js";
import { createDocumentEffects } from "./document.effects.js";
import type { DocumentRepository, NewDocument } from "./document.repository.js";
import { type CreateInput, createDocumentService } from "./document.service.js";

const me: CallContext = {
  identity: { userId: 7n, sessionId: "s", granted: false, staff: false },
  clientIp: "",
  requestId: "",
  internal: false,
};
const attachment = {
  id: 11n,
  hash: "h11",
  name: "线性代数讲义.pdf",
  ext: ".pdf",
  size: 42n,
  storageKey: "documents/h11.pdf",
};

function setup(policy = { allowed: true, reason: "", needsReview: false }, failQueue = false) {
  const events: string[] = [];
  const stored: NewDocument[] = [];
  const queued: ConversionRequest[][] = [];
  const repo = {
    grantedAttachments: async (userId: bigint, ids: bigint[]) =>
      userId === 7n && ids.includes(11n) ? [attachment] : [],
    languageById: async () => null,
    languageByCode: async () => null,
    createMany: async (docs: NewDocument[]) => {
      events.push("commit");
      stored.push(...docs);
      return docs.map((d, i) => ({ ...d, id: BigInt(100 + i), attachment }));
    },
  } as unknown as DocumentRepository;
  const categories = {
    all: async () => [
      { id: 1n, parentId: null, type: 0, enable: true, title: "数学" },
      { id: 2n, parentId: 1n, type: 0, enable: true, title: "代数" },
    ],
    recountCategories: async (ids: bigint[]) => void events.push(`recount ${ids.join(",")}`),
  } as unknown as CategoryRepository;
  const errors: unknown[] = [];
  const effects = createDocumentEffects({
    repo,
    categories,
    conversions: {
      request: async (docs) => {
        events.push("queue");
        queued.push([...docs]);
        if (failQueue) throw new Error("bus down");
      },
    },
    log: { error: (o: unknown) => errors.push(o) },
  });
  const service = createDocumentService({
    repo,
    categories,
    settings: { current: async () => ({ download: { maxPrice: 0 } }) as never },
    users: { policy: async () => policy },
    effects,
    events: { changed: async () => {} },
  });
  return { service, events, stored, queued, errors };
}

const req = (over: Partial<CreateInput> = {}): CreateInput => ({
  categoryId: [2n],
  price: 0,
  languageId: 0n,
  document: [
    {
      title: "",
      attachmentId: 11n,
      price: 0,
      language: "",
      languageId: 0n,
      keywords: "",
      description: "",
      source: "",
      sourceUrl: "",
    },
    {
      title: "第二份",
      attachmentId: 11n,
      price: 0,
      language: "",
      languageId: 0n,
      keywords: "a，b",
      description: "",
      source: "",
      sourceUrl: "",
    },
  ],
  ...over,
});

test("one commit, then the recount, then every created document queued", async () => {
  const { service, events, stored, queued } = setup();
  expect(await service.create(me, req())).toEqual([100n, 101n]);
  expect(events).toEqual(["commit", "recount 2,1", "queue"]);
  expect(stored.map((d) => [d.title, d.keywords, d.status, d.type, d.categoryIds])).toEqual([
    ["线性代数讲义", "线性代数,讲义", 0, "pdf", [2n, 1n]],
    ["第二份", "a,b", 0, "pdf", [2n, 1n]],
  ]);
  expect(queued[0]?.map((q) => [q.documentId, q.storageKey, q.ext])).toEqual([
    [100n, "documents/h11.pdf", ".pdf"],
    [101n, "documents/h11.pdf", ".pdf"],
  ]);
});

test("review groups: documents wait for review and are still queued (reviewers read their pages)", async () => {
  const { service, stored, queued } = setup({ allowed: true, reason: "", needsReview: true });
  await service.create(me, req());
  expect(stored.map((d) => d.status)).toEqual([6, 6]);
  expect(queued[0]).toHaveLength(2);
});

test("the upload policy's reason is the answer; nothing is written", async () => {
  const { service, events } = setup({ allowed: false, reason: "您所在的用户组不允许上传文档", needsReview: false });
  await expect(service.create(me, req())).rejects.toMatchObject({
    kind: "permission_denied",
    message: "您所在的用户组不允许上传文档",
  });
  expect(events).toEqual([]);
});

test("a failed publish is logged, not failed: the documents exist", async () => {
  const { service, errors } = setup(undefined, true);
  await expect(service.create(me, req())).resolves.toHaveLength(2);
  expect(errors).toHaveLength(1);
});
