import type { CallContext } from "@wenku/kit";
import type { DynamicRepository } from "../dynamics/dynamic.repository.js";
import { createUserProfileService } from "./user.profile.js";
import type { UserFields, UserRepository } from "./user.repository.js";

interface FakeUser {
  id: bigint;
  username: string;
  email: string | null;
  mobile: string | null;
  avatar: string;
  status: number;
  password: string;
}

const AVATAR_A = `/uploads/${"a".repeat(32)}.png`;
const AVATAR_B = `/uploads/${"b".repeat(32)}.webp`;

const as = (userId: bigint, granted = false): CallContext => ({
  identity: { userId, sessionId: `s${userId}`, granted, staff: granted },
  clientIp: "127.0.0.1",
  requestId: "r",
  internal: false,
});

/** An in-memory user table with just what the profile rules touch. */
function setup(users: FakeUser[]) {
  const rows = new Map(users.map((u) => [u.id, { ...u }]));
  const updates: Array<[bigint, UserFields]> = [];
  const revoked: bigint[][] = [];
  const dynamics: Array<[bigint, number, string]> = [];
  let authzChanges = 0;
  const repo = {
    byId: async (id: bigint) => {
      const row = rows.get(id);
      return row ? { ...row } : null; // a copy, as a query returns
    },
    taken: async (v: { username?: string; email?: string | null; mobile?: string | null }, exceptId = 0n) => {
      const others = [...rows.values()].filter((u) => u.id !== exceptId);
      return {
        username: !!v.username && others.some((u) => u.username === v.username),
        email: !!v.email && others.some((u) => u.email === v.email),
        mobile: !!v.mobile && others.some((u) => u.mobile === v.mobile),
      };
    },
    update: async (id: bigint, fields: UserFields) => {
      updates.push([id, fields]);
      Object.assign(rows.get(id) ?? {}, fields);
    },
    revokeUserSessions: async (ids: bigint[]) => void revoked.push(ids),
    briefs: async (ids: bigint[]) => users.filter((u) => ids.includes(u.id)),
  } as unknown as UserRepository;
  const profiles = createUserProfileService({
    repo,
    dynamics: { add: async (...d: [bigint, number, string]) => void dynamics.push(d) } as unknown as DynamicRepository,
    authz: {
      changed: async () => {
        authzChanges++;
      },
    },
  });
  return { profiles, rows, updates, revoked, dynamics, authz: () => authzChanges };
}

const alice: FakeUser = { id: 2n, username: "alice", email: null, mobile: null, avatar: "", status: 0, password: "x" };
const bob: FakeUser = {
  id: 3n,
  username: "bob",
  email: "bob@example.com",
  mobile: null,
  avatar: "",
  status: 0,
  password: "x",
};
const input = (over: Record<string, unknown> = {}) => ({
  id: 0n,
  email: "",
  mobile: "",
  username: "",
  status: 0,
  realname: "",
  identity: "",
  address: "",
  signature: "",
  avatar: "",
  remark: "",
  ...over,
});

describe("profile rules", () => {
  it("lets the owner set e-mail and mobile once, then refuses a change", async () => {
    const t = setup([alice, bob]);
    await t.profiles.updateProfile(as(2n), input({ email: "a@example.com", mobile: "13800000000" }));
    expect(t.rows.get(2n)).toMatchObject({ email: "a@example.com", mobile: "13800000000" });
    await expect(t.profiles.updateProfile(as(2n), input({ email: "new@example.com" }))).rejects.toMatchObject({
      message: "邮箱设置后不能修改",
    });
    await expect(t.profiles.updateProfile(as(2n), input({ mobile: "13900000000" }))).rejects.toMatchObject({
      message: "手机号设置后不能修改",
    });
  });

  it("refuses an e-mail another account holds", async () => {
    const t = setup([alice, bob]);
    await expect(t.profiles.updateProfile(as(2n), input({ email: "bob@example.com" }))).rejects.toMatchObject({
      kind: "already_exists",
    });
    expect(t.updates).toEqual([]);
  });

  it("takes only avatars uploaded to this site, and records a changed one", async () => {
    const t = setup([alice]);
    await expect(
      t.profiles.updateProfile(as(2n), input({ avatar: "https://tracker.example/pixel.png" })),
    ).rejects.toMatchObject({ message: "请上传图片作为头像" });
    await t.profiles.updateProfile(as(2n), input({ avatar: AVATAR_A }));
    expect(t.rows.get(2n)?.avatar).toBe(AVATAR_A);
    expect(t.dynamics.map(([, , text]) => text)).toEqual(["更新了头像", "更新了个人资料"]);
  });

  it('keeps a legacy outside avatar when the form sends back what it was shown ("")', async () => {
    const t = setup([{ ...alice, avatar: "https://old.example/a.png" }]);
    await t.profiles.updateProfile(as(2n), input({ signature: "hi" }));
    expect(t.rows.get(2n)?.avatar).toBe("https://old.example/a.png");
  });

  it("needs the permission to change someone else, and only staff disable accounts", async () => {
    const t = setup([alice, bob]);
    await expect(t.profiles.updateProfile(as(2n), input({ id: 3n, signature: "x" }))).rejects.toMatchObject({
      kind: "permission_denied",
    });
    await t.profiles.updateProfile(as(1n, true), input({ id: 3n, status: 1, email: "b2@example.com" }));
    expect(t.rows.get(3n)).toMatchObject({ status: 1, email: "b2@example.com" }); // staff may change a set e-mail
    expect(t.revoked).toEqual([[3n]]);
    expect(t.authz()).toBe(1);
  });

  it("refuses an unknown status and a too long field", async () => {
    const t = setup([alice, bob]);
    await expect(t.profiles.updateProfile(as(1n, true), input({ id: 3n, status: 5 }))).rejects.toMatchObject({
      message: "用户状态不正确",
    });
    await expect(t.profiles.updateProfile(as(2n), input({ signature: "长".repeat(256) }))).rejects.toMatchObject({
      message: "个性签名不能超过255个字符",
    });
  });
});

describe("avatar set by the content service", () => {
  it("stores one of our uploads and refuses anything else", async () => {
    const t = setup([alice]);
    await t.profiles.setAvatar(2n, AVATAR_B);
    expect(t.rows.get(2n)?.avatar).toBe(AVATAR_B);
    await t.profiles.setAvatar(2n, AVATAR_B); // unchanged: no second dynamic
    expect(t.dynamics).toHaveLength(1);
    await expect(t.profiles.setAvatar(2n, "/etc/passwd")).rejects.toMatchObject({ kind: "invalid_argument" });
    await expect(t.profiles.setAvatar(99n, AVATAR_A)).rejects.toMatchObject({ kind: "not_found" });
  });
});
