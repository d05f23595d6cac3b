// The unused-upload sweep on a real PostgreSQL and a real (local-disk) storage, with an injected clock:
// what goes (never used past the grace period; released past the retention), what stays (used, in the
// recycle bin, renewed by a recent upload, disabled, not a document upload), and two replicas sweeping
// at once remove each row once.
import { randomBytes } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { create } from "@bufbuild/protobuf";
import { createLogger } from "@wenku/kit";
import { createStorage, type Storage } from "@wenku/kit/storage";
import { type Settings, SettingsSchema } from "@wenku/proto/api/v1/config_pb.js";
import { AttachmentType } from "@wenku/proto/api/v1/enums_pb.js";
import { createTestDatabase } from "../../../../jest/db.js";
import { createDb, type Db } from "../db.js";
import { createAttachmentRepository } from "./attachment.repository.js";
import { createAttachmentSweep } from "./attachment.sweep.js";

const HOUR = 3_600_000;
const log = createLogger({ service: "test", level: "silent" });
let testDb: Awaited<ReturnType<typeof createTestDatabase>>;
let db: Db;
let storage: Storage;
let dir: string;
let settings: Settings;

beforeAll(async () => {
  testDb = await createTestDatabase();
  db = createDb(testDb.url);
  dir = await mkdtemp(join(tmpdir(), "wenku-sweep-"));
  storage = await createStorage({ STORAGE_DIR: dir });
});
afterAll(async () => {
  await db.$disconnect();
  await testDb.drop();
  await rm(dir, { recursive: true, force: true });
});
beforeEach(() => {
  settings = create(SettingsSchema, { security: { unusedAttachmentHours: 24, attachmentRetentionMinute: 60 } });
});

const sweepAt = (at: Date, batch?: number) =>
  createAttachmentSweep({
    repo: createAttachmentRepository(db),
    storage,
    settings: { current: async () => settings },
    log,
    clock: () => at,
    batch,
  });

/** An uploaded document file `ageHours` old, stored, with a grant to user 7 as old as the upload. */
async function upload(ageHours: number, extra: { type?: number; enable?: boolean } = {}) {
  const hash = randomBytes(16).toString("hex");
  const key = `originals/t/${hash}.pdf`;
  await storage.put(key, Buffer.from(`content ${hash}`));
  const at = new Date(Date.now() - ageHours * HOUR);
  const row = await db.attachment.create({
    data: {
      hash,
      userId: 7n,
      type: extra.type ?? AttachmentType.DOCUMENT,
      name: "a.pdf",
      size: 10n,
      ext: ".pdf",
      storageKey: key,
      enable: extra.enable ?? true,
      createdAt: at,
    },
  });
  await db.attachmentGrant.create({ data: { attachmentId: row.id, userId: 7n, createdAt: at } });
  return { id: row.id, hash, key };
}
const documentFor = (hash: string, deleted = false) =>
  db.document.create({
    data: { title: "t", userId: 7n, attachmentHash: hash, ext: ".pdf", deletedAt: deleted ? new Date() : null },
  });
const exists = async (a: { id: bigint; key: string }) => ({
  row: (await db.attachment.count({ where: { id: a.id } })) === 1,
  file: (await storage.stat(a.key)) !== null,
});
const KEPT = { row: true, file: true };
const GONE = { row: false, file: false };

test("never used past the grace period goes (row, grant and file); everything else stays", async () => {
  const abandoned = await upload(25);
  const recent = await upload(23);
  const used = await upload(100);
  await documentFor(used.hash);
  const binned = await upload(100);
  await documentFor(binned.hash, true);
  const disabled = await upload(100, { enable: false }); // a disabled row blocks its content: kept
  const avatar = await upload(100, { type: AttachmentType.AVATAR }); // used by a profile, not by documents
  const renewed = await upload(100);
  // uploaded again (or proved by hash) an hour ago: the grant is renewed, the user may still create a document
  await db.attachmentGrant.update({
    where: { attachmentId_userId: { attachmentId: renewed.id, userId: 7n } },
    data: { createdAt: new Date(Date.now() - HOUR) },
  });

  const removed = await sweepAt(new Date()).run();
  expect(removed.map((r) => r.id)).toEqual([abandoned.id]);
  expect(await exists(abandoned)).toEqual(GONE);
  expect(await db.attachmentGrant.count({ where: { attachmentId: abandoned.id } })).toBe(0);
  for (const a of [recent, used, binned, disabled, avatar, renewed]) expect(await exists(a)).toEqual(KEPT);

  // a day later the recent and renewed ones are past their grace too; the used ones never are
  const later = (await sweepAt(new Date(Date.now() + 24 * HOUR)).run()).map((r) => r.id).sort();
  expect(later).toEqual([recent.id, renewed.id].sort());
  for (const a of [used, binned, disabled, avatar]) expect(await exists(a)).toEqual(KEPT);
});

test("unused_attachment_hours = 0 keeps unused uploads", async () => {
  settings = create(SettingsSchema, { security: { unusedAttachmentHours: 0, attachmentRetentionMinute: 60 } });
  const old = await upload(10_000);
  expect(await sweepAt(new Date()).run()).toEqual([]);
  expect(await exists(old)).toEqual(KEPT);
  await db.attachment.delete({ where: { id: old.id } });
});

test("a file whose last document was purged goes attachment_retention_minute later, with its pages", async () => {
  const a = await upload(1000);
  const doc = await documentFor(a.hash);
  const other = await documentFor(a.hash);
  await storage.put(`documents/${a.hash}/1.svg`, Buffer.from("<svg/>"));
  await db.document.delete({ where: { id: doc.id } }); // purged: one document still uses it
  expect(await sweepAt(new Date(Date.now() + 2 * HOUR)).run()).toEqual([]);
  await db.document.delete({ where: { id: other.id } }); // the trigger stamps released_at
  const released = (await db.attachment.findUniqueOrThrow({ where: { id: a.id } })).releasedAt;
  expect(released).not.toBeNull();

  expect(await sweepAt(new Date(Date.now() + 30 * 60_000)).run()).toEqual([]); // within the retention
  expect(await exists(a)).toEqual(KEPT);
  const removed = await sweepAt(new Date(Date.now() + 61 * 60_000)).run();
  expect(removed.map((r) => r.id)).toEqual([a.id]);
  expect(await exists(a)).toEqual(GONE);
  expect(await storage.stat(`documents/${a.hash}/1.svg`)).toBeNull();
});

test("the stored original stays while another row points at it", async () => {
  const a = await upload(100);
  const b = await upload(1);
  await db.attachment.update({ where: { id: b.id }, data: { storageKey: a.key } });
  expect((await sweepAt(new Date()).run()).map((r) => r.id)).toEqual([a.id]);
  expect((await storage.stat(a.key)) !== null).toBe(true);
  await db.attachment.delete({ where: { id: b.id } });
});

test("two replicas sweeping at once remove each row once", async () => {
  const rows = await Promise.all(Array.from({ length: 30 }, () => upload(48)));
  const now = new Date();
  const [x, y] = await Promise.all([sweepAt(now, 4).run(), sweepAt(now, 4).run()]);
  const ids = [...x, ...y].map((r) => r.id);
  expect(new Set(ids).size).toBe(ids.length);
  expect(ids.sort()).toEqual(rows.map((r) => r.id).sort());
  for (const r of rows) expect(await exists(r)).toEqual(GONE);
});

test("settings that cannot be read remove nothing", async () => {
  const a = await upload(100);
  const failing = createAttachmentSweep({
    repo: createAttachmentRepository(db),
    storage,
    settings: { current: async () => Promise.reject(new Error("config service down")) },
    log,
  });
  await expect(failing.run()).rejects.toThrow("config service down");
  expect(await exists(a)).toEqual(KEPT);
  await sweepAt(new Date()).run();
});
