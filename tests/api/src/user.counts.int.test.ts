// What one service keeps of another's users, dropped by the owner's broadcast after each commit that
// changes it, over both transports (over NATS with WENKU_TEST_TRANSPORT=grpc): the counts a profile shows
// (the user service keeps them; api.v1.UserCountsChanged from the content and order services), and the
// authors on document lists (the content service keeps them; the user service's briefs-changed signal).
import { createClient } from "@connectrpc/connect";
import { headers } from "@wenku/kit";
import { OrderInternalAPI } from "@wenku/proto/api/v1/order_internal_pb.js";
import { makePdf } from "@wenku/testkit/documents";
import { createCategory } from "./documents.js";
import { ADMIN_PASSWORD, eventually, loginAdmin, registerUser, rest, startTestStack } from "./testing.js";

let stack: Awaited<ReturnType<typeof startTestStack>>;
let category: number;
let admin: string;

beforeAll(async () => {
  stack = await startTestStack();
  admin = await loginAdmin(stack.url);
  category = await createCategory(stack.url, admin, "计数");
});
afterAll(async () => {
  await stack.stop();
});

const profile = async (id: number, token?: string) => {
  const r = await rest(stack.url, "GET", `/api/v1/user?id=${id}`, undefined, token);
  expect(r.status).toBe(200);
  return {
    docs: (r.json.doc_count as number | undefined) ?? 0,
    credits: (r.json.credit_count as number | undefined) ?? 0,
  };
};

/** Uploads a one-page PDF and creates the document (not waiting for its conversion); returns its id. */
async function upload(user: { token: string; id: number }, title: string): Promise<number> {
  const form = new FormData();
  form.append("file", new Blob([makePdf({ pages: 1, lines: () => [title] })]), `${title}.pdf`);
  const up = await fetch(`${stack.url}/api/v1/upload/document`, {
    method: "POST",
    body: form,
    headers: { authorization: `Bearer ${user.token}` },
  });
  expect(up.status).toBe(200);
  const attachment = ((await up.json()) as { data: { id: number } }).data.id;
  const doc = { category_id: [category], document: [{ title, attachment_id: attachment }] };
  expect((await rest(stack.url, "POST", "/api/v1/document", doc, user.token)).status).toBe(200);
  const mine = await rest(stack.url, "GET", `/api/v1/document/list?user_id=${user.id}&size=1`, undefined, user.token);
  return (mine.json.document as Array<{ id: number }>)[0]?.id as number;
}

test("doc_count follows an upload, its conversion and its deletion after the profile was read", async () => {
  const u = await registerUser(stack.url, "counted_uploader");
  expect((await profile(u.id, u.token)).docs).toBe(0);
  expect((await profile(u.id)).docs).toBe(0);
  const id = await upload(u, "计数文档");
  // the uploader counts it at once; everyone else once it is converted (published)
  expect((await profile(u.id, u.token)).docs).toBe(1);
  await eventually(async () => expect((await profile(u.id)).docs).toBe(1), 90_000);
  expect((await rest(stack.url, "DELETE", `/api/v1/document?id=${id}`, undefined, u.token)).status).toBe(200);
  expect((await profile(u.id, u.token)).docs).toBe(0);
  expect((await profile(u.id)).docs).toBe(0);
});

test("credit_count follows a booking in the order service's ledger after the profile was read", async () => {
  const u = await registerUser(stack.url, "counted_spender");
  const before = (await profile(u.id, u.token)).credits;
  const ledger = createClient(OrderInternalAPI, stack.transports.order);
  await ledger.applyCredits(
    {
      userId: BigInt(u.id),
      amount: 25,
      code: "system_recharge",
      reason: "计数测试",
      refKind: "",
      refId: 0n,
      idempotencyKey: `test:counts:${u.id}`,
    },
    { headers: { [headers.internal]: stack.internalToken } },
  );
  expect((await profile(u.id, u.token)).credits).toBe(before + 25);
});

test("the authors on document lists follow a rename and a deletion after the list was read", async () => {
  const u = await registerUser(stack.url, "listed_author");
  await upload(u, "作者文档");
  const author = async () => {
    const r = await rest(stack.url, "GET", `/api/v1/document/list?user_id=${u.id}`, undefined, u.token);
    expect(r.status).toBe(200);
    return (r.json.document as Array<{ username?: string }>)[0]?.username ?? "";
  };
  expect(await author()).toBe("listed_author");
  expect(await author()).toBe("listed_author"); // kept
  // staff rename through SetUser, then through UpdateUserProfile
  const set = { id: u.id, username: "renamed_author", password: "", email: "", mobile: "", group_id: [] };
  expect((await rest(stack.url, "PUT", "/api/v1/user", set, admin)).status).toBe(200);
  expect(await author()).toBe("renamed_author");
  const profile = { id: u.id, username: "renamed_again", status: 0 };
  expect((await rest(stack.url, "PUT", "/api/v1/user/profile", profile, admin)).status).toBe(200);
  expect(await author()).toBe("renamed_again");
  // staff delete the account: its documents stay, listed without a name
  const mine = await rest(stack.url, "GET", `/api/v1/document/list?user_id=${u.id}`, undefined, admin);
  expect((mine.json.document as Array<{ username?: string }>)[0]?.username).toBe("renamed_again");
  const del = await rest(stack.url, "DELETE", `/api/v1/user?id=${u.id}&password=${ADMIN_PASSWORD}`, undefined, admin);
  expect(del.status).toBe(200);
  const after = await rest(stack.url, "GET", `/api/v1/document/list?user_id=${u.id}`, undefined, admin);
  expect((after.json.document as Array<{ username?: string }>)[0]?.username ?? "").toBe("");
});
