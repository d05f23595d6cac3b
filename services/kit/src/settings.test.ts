// The settings reader and the site gate without a network: a router transport stands in for the
// config service; the in-process bus carries the change broadcast.
import { create } from "@bufbuild/protobuf";
import { Code, ConnectError, createClient, createRouterTransport } from "@connectrpc/connect";
import { ConfigAPI, type Settings, SettingsSchema } from "@wenku/proto/api/v1/config_pb.js";
import { NavigationAPI } from "@wenku/proto/api/v1/navigation_pb.js";
import { type Authorizer, anonymous } from "./authorizer.js";
import { createMemoryBus } from "./bus/memory.js";
import { accessInterceptor } from "./interceptors.js";
import { createLogger } from "./logger.js";
import { CONFIG_CHANGED_SUBJECT, createSettingsReader, type SettingsReader, siteGateFrom } from "./settings.js";

const log = createLogger({ service: "test", level: "silent" });
const TOKEN = "internal-token-for-tests-0123456789";

/** A fake config service: answers `state.settings`, or fails while `state.down`. */
function fakeConfig() {
  const state = { calls: 0, down: false, closed: false, loginRequired: false };
  const transport = createRouterTransport((router) =>
    router.service(ConfigAPI, {
      getSettings(_req, ctx) {
        state.calls++;
        expect(ctx.requestHeader.get("x-wenku-internal")).toBe(TOKEN);
        if (state.down) throw new ConnectError("down", Code.Unavailable);
        return create(SettingsSchema, {
          security: { isClose: state.closed, loginRequired: state.loginRequired },
        }) as Settings;
      },
    }),
  );
  return { state, transport };
}

let bus: ReturnType<typeof createMemoryBus>;
let clock: number;
const readers: SettingsReader[] = [];
beforeEach(() => {
  bus = createMemoryBus({ log });
  clock = 1_000_000;
});
afterEach(async () => {
  for (const r of readers.splice(0)) r.close();
  await bus.close();
});

async function reader(transport: ReturnType<typeof fakeConfig>["transport"]) {
  const r = await createSettingsReader({
    transport,
    internalToken: TOKEN,
    bus,
    log,
    ttlMs: 30_000,
    maxStaleMs: 60_000,
    retryMs: 2_000,
    now: () => clock,
  });
  readers.push(r);
  return r;
}
const tick = () => new Promise((r) => setImmediate(r));

test("caches for the TTL, then asks again", async () => {
  const cfg = fakeConfig();
  const r = await reader(cfg.transport);
  const gate = siteGateFrom(r);
  expect(await gate.current()).toEqual({ closed: false, loginRequired: false });
  cfg.state.closed = true;
  clock += 29_000;
  expect(await gate.current()).toEqual({ closed: false, loginRequired: false });
  expect(cfg.state.calls).toBe(1);
  clock += 2_000;
  expect(await gate.current()).toEqual({ closed: true, loginRequired: false });
  expect(cfg.state.calls).toBe(2);
});

test("a change broadcast drops the cached copy at once", async () => {
  const cfg = fakeConfig();
  const gate = siteGateFrom(await reader(cfg.transport));
  expect((await gate.current()).loginRequired).toBe(false);
  cfg.state.loginRequired = true;
  await bus.broadcast(CONFIG_CHANGED_SUBJECT, new Uint8Array());
  await tick();
  expect((await gate.current()).loginRequired).toBe(true);
});

test("derived reads (another config RPC) are kept for the TTL and dropped by the same broadcast", async () => {
  const r = await reader(fakeConfig().transport);
  let value = "a";
  let loads = 0;
  const read = r.derive(async () => {
    loads++;
    return value;
  });
  expect(await read()).toBe("a");
  value = "b";
  clock += 29_000;
  expect([await read(), loads]).toEqual(["a", 1]);
  await bus.broadcast(CONFIG_CHANGED_SUBJECT, new Uint8Array());
  await tick();
  expect([await read(), loads]).toEqual(["b", 2]);
  // the config service's own process drops it synchronously, before its broadcast comes round
  value = "c";
  r.invalidate();
  expect(await read()).toBe("c");
  // a load a change overtook answers its callers but is not kept
  let release: (() => void) | undefined;
  let slowLoads = 0;
  const slow = r.derive(async () => {
    if (slowLoads++ === 0)
      await new Promise<void>((res) => {
        release = res;
      });
    return value;
  });
  const pending = slow();
  await tick();
  r.invalidate();
  value = "e";
  release?.();
  expect(await pending).toBe("e");
  expect([await slow(), slowLoads]).toEqual(["e", 2]);
  const seen: string[] = [];
  const off = r.onChange(() => seen.push("x"));
  r.invalidate();
  off();
  r.invalidate();
  expect(seen).toEqual(["x"]);
});

test("concurrent readers share one request", async () => {
  const cfg = fakeConfig();
  const r = await reader(cfg.transport);
  await Promise.all([r.current(), r.current(), r.current()]);
  expect(cfg.state.calls).toBe(1);
});

test("fail closed: config unreachable and nothing cached → Unavailable, retried after retryMs", async () => {
  const cfg = fakeConfig();
  cfg.state.down = true;
  const gate = siteGateFrom(await reader(cfg.transport));
  await expect(gate.current()).rejects.toMatchObject({ code: Code.Unavailable });
  await expect(gate.current()).rejects.toMatchObject({ code: Code.Unavailable });
  expect(cfg.state.calls).toBe(1); // within retryMs: no new attempt
  clock += 2_001;
  cfg.state.down = false;
  expect(await gate.current()).toEqual({ closed: false, loginRequired: false });
});

test("after the TTL a config outage serves the last copy until maxStale; a broadcast-dropped copy never", async () => {
  const cfg = fakeConfig();
  cfg.state.closed = true;
  const gate = siteGateFrom(await reader(cfg.transport));
  expect((await gate.current()).closed).toBe(true);
  cfg.state.down = true;
  clock += 31_000;
  expect((await gate.current()).closed).toBe(true); // stale but never reported changed
  clock += 60_000;
  await expect(gate.current()).rejects.toMatchObject({ code: Code.Unavailable });

  cfg.state.down = false;
  clock += 2_001;
  expect((await gate.current()).closed).toBe(true);
  cfg.state.down = true;
  await bus.broadcast(CONFIG_CHANGED_SUBJECT, new Uint8Array());
  await tick();
  await expect(gate.current()).rejects.toMatchObject({ code: Code.Unavailable });
});

describe("access interceptor with the gate", () => {
  const staffToken = "staff";
  const authorizer: Authorizer = {
    async authorize(token) {
      return token === staffToken
        ? { userId: 1n, sessionId: "s", granted: true, staff: true, expiresAt: 0 }
        : { ...anonymous };
    },
  };
  /** NavigationAPI.ListNavigation (public, not open_when_closed) and ConfigAPI.GetSettings (open_when_closed). */
  function served(gate: { current(): Promise<{ closed: boolean; loginRequired: boolean }> }) {
    const transport = createRouterTransport(
      (router) => {
        router.service(NavigationAPI, { listNavigation: () => ({ total: 0n, navigation: [] }) });
        router.service(ConfigAPI, { getSettings: () => create(SettingsSchema) });
      },
      { router: { interceptors: [accessInterceptor({ authorizer, internalToken: TOKEN, siteGate: gate })] } },
    );
    return { nav: createClient(NavigationAPI, transport), config: createClient(ConfigAPI, transport) };
  }
  const unknown = { current: () => Promise.reject(new ConnectError("unknown", Code.Unavailable)) };
  const closed = { current: async () => ({ closed: true, loginRequired: false }) };

  test("unknown settings: visitors get Unavailable, staff pass, open_when_closed RPCs and internal calls pass", async () => {
    const { nav, config } = served(unknown);
    await expect(nav.listNavigation({})).rejects.toMatchObject({ code: Code.Unavailable });
    await expect(nav.listNavigation({}, { headers: { authorization: `Bearer ${staffToken}` } })).resolves.toBeDefined();
    await expect(config.getSettings({})).resolves.toBeDefined();
    await expect(nav.listNavigation({}, { headers: { "x-wenku-internal": TOKEN } })).resolves.toBeDefined();
  });

  test("closed site: services calling each other are not visitors", async () => {
    const { nav } = served(closed);
    await expect(nav.listNavigation({})).rejects.toMatchObject({ code: Code.Unauthenticated });
    await expect(nav.listNavigation({}, { headers: { "x-wenku-internal": TOKEN } })).resolves.toBeDefined();
    await expect(nav.listNavigation({}, { headers: { "x-wenku-internal": "wrong" } })).rejects.toMatchObject({
      code: Code.Unauthenticated,
    });
  });
});
