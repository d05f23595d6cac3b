// lateTransports: calls made before the one-process stack binds its services wait for the bind,
// within their own abort signal and deadline.
import { Code, ConnectError, createClient, createRouterTransport, type Transport } from "@connectrpc/connect";
import { ConfigAPI } from "@wenku/proto/api/v1/config_pb.js";
import { lateTransports } from "./module.js";
import type { ServiceTransports } from "./transports.js";

/** A config service that answers GetSettings with the deadline it was given. */
function configService(): Transport {
  return createRouterTransport((router) =>
    router.service(ConfigAPI, {
      getSettings: (_req, ctx) => ({ system: { sitename: String(ctx.timeoutMs() ?? "none") } }),
    }),
  );
}

const bindAll = (late: ReturnType<typeof lateTransports>, config: Transport) =>
  late.bind({
    user: config,
    content: config,
    order: config,
    config,
    spider: config,
    converter: config,
  } as ServiceTransports);

const codeOf = (err: unknown) => (err instanceof ConnectError ? err.code : err);

test("a call before the bind waits for it, with what is left of its deadline", async () => {
  const late = lateTransports();
  const client = createClient(ConfigAPI, late.transports.config);
  const call = client.getSettings({}, { timeoutMs: 10_000 });
  await new Promise((r) => setTimeout(r, 100));
  bindAll(late, configService());
  const left = Number((await call).system?.sitename);
  expect(left).toBeGreaterThan(5_000);
  expect(left).toBeLessThanOrEqual(9_900);
});

test("after the bind, calls go straight through", async () => {
  const late = lateTransports();
  bindAll(late, configService());
  const r = await createClient(ConfigAPI, late.transports.config).getSettings({});
  expect(r.system?.sitename).toBe("none");
});

test("the wait ends with the call's deadline: DeadlineExceeded", async () => {
  const late = lateTransports();
  const err = await createClient(ConfigAPI, late.transports.config)
    .getSettings({}, { timeoutMs: 50 })
    .catch((e: unknown) => e);
  expect(codeOf(err)).toBe(Code.DeadlineExceeded);
  expect((err as ConnectError).rawMessage).toBe(
    "transport to config: the services were not bound within the call's deadline",
  );
});

test("the wait ends when the caller aborts: Canceled", async () => {
  const late = lateTransports();
  const abort = new AbortController();
  const call = createClient(ConfigAPI, late.transports.config)
    .getSettings({}, { signal: abort.signal })
    .catch((e: unknown) => e);
  abort.abort();
  expect(codeOf(await call)).toBe(Code.Canceled);
});
