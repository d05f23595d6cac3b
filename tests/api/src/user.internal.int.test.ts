// UserInternalAPI as the content service uses it: action policies (groups, punishments, review) and
// public user briefs, VIP state (for the config service's ads); only Wenku services holding the internal credential may call it.
import { timestampDate } from "@bufbuild/protobuf/wkt";
import { Code, ConnectError, createClient } from "@connectrpc/connect";
import { headers } from "@wenku/kit";
import { PolicyAction, UserInternalAPI } from "@wenku/proto/api/v1/user_internal_pb.js";
import { openUserDb } from "./db.js";
import { ADMIN_PASSWORD, registerUser, rest, startTestStack } from "./testing.js";

let stack: Awaited<ReturnType<typeof startTestStack>>;
let admin: string;

const call = (method: string, path: string, body?: unknown, token?: string) =>
  rest(stack.url, method, path, body, token);

const register = async (username: string) => BigInt((await registerUser(stack.url, username)).id);

/** UserInternalAPI as a Wenku service calls it: over the stack's own transport, with the internal credential. */
const internal = () => createClient(UserInternalAPI, stack.transports.user);
const credential = () => ({ headers: { [headers.internal]: stack.internalToken } });
const policy = async (userId: bigint, action: PolicyAction) => {
  const p = await internal().getActionPolicy({ userId, action }, credential());
  return { allowed: p.allowed, reason: p.reason, needsReview: p.needsReview };
};

beforeAll(async () => {
  stack = await startTestStack();
  admin = (await call("POST", "/api/v1/user/login", { username: "admin", password: ADMIN_PASSWORD })).json
    .token as string;
});
afterAll(() => stack.stop());

test("a registered user may upload without review; a no-upload punishment refuses with its reason", async () => {
  const id = await register("uploader1");
  expect(await policy(id, PolicyAction.UPLOAD)).toEqual({ allowed: true, reason: "", needsReview: false });

  const r = await call("POST", "/api/v1/punishment", { user_id: [Number(id)], type: [3], enable: true }, admin);
  expect(r.status).toBe(200);
  expect(await policy(id, PolicyAction.UPLOAD)).toEqual({
    allowed: false,
    reason: "您已被禁止上传文档",
    needsReview: false,
  });
  // the default group may comment; its comments wait for review (seeded enable_comment_approval)
  expect(await policy(id, PolicyAction.COMMENT)).toEqual({ allowed: true, reason: "", needsReview: true });
});

test("a group with document review makes its members' documents wait; a group without upload refuses", async () => {
  const reviewed = await call(
    "POST",
    "/api/v1/group",
    { title: "需审核组", enable_upload: true, enable_document_review: true },
    admin,
  );
  const closed = await call("POST", "/api/v1/group", { title: "禁止上传组", enable_upload: false }, admin);
  expect([reviewed.status, closed.status]).toEqual([200, 200]);
  const a = await register("reviewee");
  const b = await register("noupload");
  for (const [user, group] of [
    [a, reviewed.json.id],
    [b, closed.json.id],
  ] as const) {
    const set = await call("PUT", "/api/v1/user", { id: Number(user), group_id: [group] }, admin);
    expect(set.status).toBe(200);
  }
  expect(await policy(a, PolicyAction.UPLOAD)).toEqual({ allowed: true, reason: "", needsReview: true });
  expect(await policy(b, PolicyAction.UPLOAD)).toEqual({
    allowed: false,
    reason: "您所在的用户组不允许上传文档",
    needsReview: false,
  });
});

test("briefs list the users that exist, public fields only", async () => {
  const id = await register("brief1");
  const found = await internal().getUsers({ id: [id, 987654321n] }, credential());
  expect(found.user.map((u) => ({ id: u.id, username: u.username, avatar: u.avatar }))).toEqual([
    { id, username: "brief1", avatar: "" },
  ]);
});

test("VIP state: a user is VIP while vip_expired_at is ahead, shown as is_vip on the profile", async () => {
  const client = internal();
  const options = credential();
  const id = await register("vip1");
  const never = await client.getVipState({ userId: id }, options);
  expect([never.isVip, never.expiredAt]).toEqual([false, undefined]);
  expect((await call("GET", `/api/v1/user?id=${id}`)).json.is_vip).toBe(false);

  const until = new Date(Date.now() + 86_400_000);
  const db = openUserDb(stack);
  try {
    await db.user.update({ where: { id }, data: { vipExpiredAt: until } });
    const vip = await client.getVipState({ userId: id }, options);
    expect([vip.isVip, vip.expiredAt && timestampDate(vip.expiredAt).getTime()]).toEqual([true, until.getTime()]);
    expect((await call("GET", `/api/v1/user?id=${id}`)).json.is_vip).toBe(true);
    await db.user.update({ where: { id }, data: { vipExpiredAt: new Date(Date.now() - 1000) } });
    expect((await client.getVipState({ userId: id }, options)).isVip).toBe(false);
  } finally {
    await db.$disconnect();
  }
  expect((await client.getVipState({ userId: 987654321n }, options)).isVip).toBe(false);
});

test("without the internal credential the RPCs are refused", async () => {
  const client = internal();
  const err = await client.getUsers({ id: [1n] }).catch((e: unknown) => ConnectError.from(e));
  expect(err).toBeInstanceOf(ConnectError);
  expect((err as ConnectError).code).toBe(Code.PermissionDenied);
});
