// GetStats's rule of who sees what, over fake sources (the real ones are the user and content
// services' internal RPCs, covered by tests/api/src/config.stats).
import type { CallContext } from "@wenku/kit";
import type { ContentCounters } from "../ports.js";
import { createStatsService } from "./stats.service.js";

const call = (granted: boolean | null): CallContext => ({
  identity: granted === null ? null : { userId: 1n, sessionId: "s", granted, staff: granted },
  clientIp: "",
  requestId: "",
  internal: false,
});
const counters: ContentCounters = {
  documentCount: 12,
  categoryCount: 3,
  articleCount: 0,
  commentCount: 0,
  reportCount: 0,
  documentPendingReviewCount: 2,
  documentConvertFailedCount: 1,
  documentConvertingCount: 4,
};
const stats = createStatsService({
  sources: { userCount: async () => 5, contentCounters: async () => counters },
  version: "1.2.3",
  build: { hash: "abc123", at: new Date("2026-01-01T00:00:00Z") },
  host: () => "Linux 6.1",
});

test("visitors and users see the counters only", async () => {
  for (const who of [call(null), call(false)]) {
    expect(await stats.stats(who)).toEqual({
      userCount: 5,
      documentCount: 12,
      categoryCount: 3,
      articleCount: 0,
      commentCount: 0,
      reportCount: 0,
      bannerCount: 0,
      friendlinkCount: 0,
    });
  }
});

test("staff also see the queue figures, the build and the host", async () => {
  expect(await stats.stats(call(true))).toMatchObject({
    userCount: 5,
    documentPendingReviewCount: 2,
    documentConvertFailedCount: 1,
    documentConvertingCount: 4,
    os: "Linux 6.1",
    version: "1.2.3",
    hash: "abc123",
    buildAt: { seconds: BigInt(Date.parse("2026-01-01T00:00:00Z") / 1000) },
  });
});

test("a source that fails fails the call (no made-up zeros)", async () => {
  const broken = createStatsService({
    sources: { userCount: async () => 5, contentCounters: () => Promise.reject(new Error("content down")) },
    version: "1",
  });
  await expect(broken.stats(call(false))).rejects.toThrow("content down");
});
