// The counts a profile shows that other services own are kept by the user service and dropped by the
// owners' broadcast (api.v1.UserCountsChanged) after each commit that changes them: a profile read
// before a change shows it on the next read, over both transports (over NATS with WENKU_TEST_TRANSPORT=grpc).
import { createClient } from "@connectrpc/connect";
import { makePdf } from "@wenku/content/fixtures";
import { headers } from "@wenku/kit";
import { OrderInternalAPI } from "@wenku/proto/api/v1/internal_pb.js";
import { createCategory } from "./documents.js";
import { eventually, loginAdmin, registerUser, rest, startTestStack } from "./testing.js";

let stack: Awaited<ReturnType<typeof startTestStack>>;
let category: number;

beforeAll(async () => {
  stack = await startTestStack();
  category = await createCategory(stack.url, await loginAdmin(stack.url), "计数");
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
