import { Code, ConnectError } from "@connectrpc/connect";
import { peerGoneInterceptor } from "./transports.js";

/** Runs the interceptor over a call that fails with `err`, its caller's signal aborted or not. */
async function outcome(err: unknown, callerLeft: boolean): Promise<unknown> {
  const ac = new AbortController();
  if (callerLeft) ac.abort();
  const call = peerGoneInterceptor(async () => {
    throw err;
  });
  return call({ signal: ac.signal } as never).catch((e: unknown) => e);
}

test.each([
  ["stream closed (Canceled, 499)", Code.Canceled],
  ["socket reset (Aborted, 409)", Code.Aborted],
])("a call the peer cut off while the caller waits is Unavailable (503): %s", async (_, code) => {
  const out = await outcome(new ConnectError("cut off", code), false);
  expect(out).toBeInstanceOf(ConnectError);
  expect((out as ConnectError).code).toBe(Code.Unavailable);
});

test("a call the caller gave up on stays Canceled; other errors pass unchanged", async () => {
  expect(((await outcome(new ConnectError("gone", Code.Canceled), true)) as ConnectError).code).toBe(Code.Canceled);
  const notFound = new ConnectError("no such document", Code.NotFound);
  expect(await outcome(notFound, false)).toBe(notFound);
});
