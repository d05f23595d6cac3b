// The code store's rules that need no database: what a code looks like, and that a malformed answer is refused without spending an attempt.
import { CodeType } from "@wenku/proto/api/v1/enums_pb.js";
import type { CodeRepository } from "./code.repository.js";
import { codeKeyFrom, codeMessages, createCodeStore } from "./code.store.js";

function recordingRepo() {
  const stored: Array<Parameters<CodeRepository["replace"]>[0]> = [];
  let claims = 0;
  const repo: CodeRepository = {
    replace: async (c) => void stored.push(c),
    claimAttempt: async () => {
      claims++;
      return null;
    },
    remove: async () => false,
    isLive: async () => false,
  };
  return { repo, stored, claims: () => claims };
}

test("codes are 6 digits from the whole range, leading zeros included", async () => {
  const r = recordingRepo();
  const s = createCodeStore({ repo: r.repo, key: codeKeyFrom("k".repeat(32)), ttlMinutes: async () => 10 });
  const codes = await Promise.all(
    Array.from({ length: 3000 }, () =>
      s.issue({ channel: "email", target: "a@b.cn", purpose: CodeType.LOGIN, ip: "" }),
    ),
  );
  for (const { code } of codes) expect(code).toMatch(/^\d{6}$/);
  const firsts = new Set(codes.map((c) => c.code[0]));
  expect(firsts.size).toBe(10);
  expect(new Set(codes.map((c) => c.code)).size).toBeGreaterThan(2900);
});

test.each(["", "12345", "1234567", "12a456", " 123456", "１２３４５６"])(
  "a malformed answer %p is refused without spending an attempt",
  async (code) => {
    const r = recordingRepo();
    const s = createCodeStore({ repo: r.repo, key: codeKeyFrom("k".repeat(32)), ttlMinutes: async () => 10 });
    await expect(
      s.consume({ channel: "email", target: "a@b.cn", purpose: CodeType.LOGIN, code }),
    ).rejects.toMatchObject({
      kind: "invalid_argument",
      message: codeMessages.wrong,
      field: "code",
    });
    expect(r.claims()).toBe(0);
  },
);
