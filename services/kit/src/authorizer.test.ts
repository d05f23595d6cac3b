// The short-lived authorization cache in front of the user service.
import { type Authorization, type Authorizer, anonymous, CachingAuthorizer } from "./authorizer.js";

const alice: Authorization = { userId: 1n, sessionId: "s1", granted: true, staff: false, expiresAt: 0 };
const METHOD = "/api.v1.UserAPI/GetUser";

/** An inner authorizer whose answers the test scripts; each call is recorded. */
function scripted(answer: (token: string, method: string) => Authorization = () => alice) {
  const calls: Array<[string, string]> = [];
  const inner: Authorizer = {
    async authorize(token, method) {
      calls.push([token, method]);
      return answer(token, method);
    },
  };
  return { inner, calls };
}

function clock(start = 1_000_000) {
  let t = start;
  return { now: () => t, advance: (ms: number) => (t += ms) };
}

describe("CachingAuthorizer", () => {
  test("a hit within the TTL does not ask again and returns the same answer", async () => {
    const { inner, calls } = scripted();
    const c = clock();
    const cache = new CachingAuthorizer(inner, 10_000, 100, c.now);
    expect(await cache.authorize("tok", METHOD)).toEqual(alice);
    c.advance(9_999);
    expect(await cache.authorize("tok", METHOD)).toEqual(alice);
    expect(calls).toEqual([["tok", METHOD]]);
  });

  test("a miss at and after the TTL asks again", async () => {
    const { inner, calls } = scripted();
    const c = clock();
    const cache = new CachingAuthorizer(inner, 10_000, 100, c.now);
    await cache.authorize("tok", METHOD);
    c.advance(10_000);
    await cache.authorize("tok", METHOD);
    expect(calls).toHaveLength(2);
  });

  test("entries are per token and per method (a grant for one RPC is not a grant for another)", async () => {
    const { inner, calls } = scripted((_t, m) => ({ ...alice, granted: m === METHOD }));
    const cache = new CachingAuthorizer(inner, 10_000, 100, clock().now);
    expect((await cache.authorize("tok", METHOD)).granted).toBe(true);
    expect((await cache.authorize("tok", "/api.v1.UserAPI/DeleteUser")).granted).toBe(false);
    await cache.authorize("other", METHOD);
    await cache.authorize("tok", METHOD);
    expect(calls).toEqual([
      ["tok", METHOD],
      ["tok", "/api.v1.UserAPI/DeleteUser"],
      ["other", METHOD],
    ]);
  });

  test("a key cannot collide across the token/method boundary", async () => {
    const { inner, calls } = scripted();
    const cache = new CachingAuthorizer(inner, 10_000, 100, clock().now);
    await cache.authorize("b", "a");
    await cache.authorize("", "a\u0000b");
    expect(calls).toHaveLength(2);
  });

  test("the expiry is capped at the token's expiresAt", async () => {
    const c = clock(1_000_000_000); // ms
    const { inner, calls } = scripted(() => ({ ...alice, expiresAt: 1_000_003 })); // s: 3 s from now
    const cache = new CachingAuthorizer(inner, 60_000, 100, c.now);
    await cache.authorize("tok", METHOD);
    c.advance(2_999);
    await cache.authorize("tok", METHOD);
    expect(calls).toHaveLength(1);
    c.advance(1);
    await cache.authorize("tok", METHOD);
    expect(calls).toHaveLength(2);
  });

  test("a token that has already expired is not cached at all", async () => {
    const c = clock(1_000_000_000);
    const { inner, calls } = scripted(() => ({ ...alice, expiresAt: 999_999 }));
    const cache = new CachingAuthorizer(inner, 60_000, 100, c.now);
    await cache.authorize("tok", METHOD);
    await cache.authorize("tok", METHOD);
    expect(calls).toHaveLength(2);
  });

  test("a token expiring after the TTL is cached for the TTL only", async () => {
    const c = clock(1_000_000_000);
    const { inner, calls } = scripted(() => ({ ...alice, expiresAt: 2_000_000 }));
    const cache = new CachingAuthorizer(inner, 5_000, 100, c.now);
    await cache.authorize("tok", METHOD);
    c.advance(4_999);
    await cache.authorize("tok", METHOD);
    c.advance(1);
    await cache.authorize("tok", METHOD);
    expect(calls).toHaveLength(2);
  });

  test("anonymous answers (expiresAt 0) are cached for the TTL too", async () => {
    const c = clock();
    const { inner, calls } = scripted(() => anonymous);
    const cache = new CachingAuthorizer(inner, 1_000, 100, c.now);
    expect(await cache.authorize("bad", METHOD)).toEqual(anonymous);
    await cache.authorize("bad", METHOD);
    expect(calls).toHaveLength(1);
  });

  test("a cached dead token never decides for another token, nor for itself after a broadcast", async () => {
    const live = new Set(["good"]);
    const { inner, calls } = scripted((t) => (live.has(t) ? alice : anonymous));
    const cache = new CachingAuthorizer(inner, 10_000, 100, clock().now);
    expect(await cache.authorize("dead", METHOD)).toEqual(anonymous);
    expect(await cache.authorize("good", METHOD)).toEqual(alice);
    expect(await cache.authorize("dead", METHOD)).toEqual(anonymous); // cached
    live.add("dead"); // e.g. an account re-enabled: the user service broadcasts
    cache.invalidate();
    expect(await cache.authorize("dead", METHOD)).toEqual(alice);
    expect(calls.map(([t]) => t)).toEqual(["dead", "good", "dead"]);
  });

  test("a flood of dead tokens does not flush the live sessions' entries", async () => {
    const { inner, calls } = scripted((t) => (t === "good" ? alice : anonymous));
    const cache = new CachingAuthorizer(inner, 10_000, 3, clock().now);
    await cache.authorize("good", METHOD);
    for (let i = 0; i < 20; i++) await cache.authorize(`junk-${i}`, METHOD);
    await cache.authorize("good", METHOD); // still a hit
    expect(calls.filter(([t]) => t === "good")).toHaveLength(1);
  });

  test("a logout is refused at once: the broadcast drops the cached live answer", async () => {
    let revoked = false;
    const { inner } = scripted(() => (revoked ? anonymous : alice));
    const cache = new CachingAuthorizer(inner, 60_000, 100, clock().now);
    expect((await cache.authorize("tok", METHOD)).userId).toBe(1n);
    revoked = true;
    cache.invalidate(); // AUTHZ_CHANGED broadcast
    expect((await cache.authorize("tok", METHOD)).userId).toBe(0n);
  });

  test("ttlMs 0 disables caching", async () => {
    const { inner, calls } = scripted();
    const cache = new CachingAuthorizer(inner, 0, 100, clock().now);
    await cache.authorize("tok", METHOD);
    await cache.authorize("tok", METHOD);
    expect(calls).toHaveLength(2);
  });

  test("invalidate() drops every entry", async () => {
    const { inner, calls } = scripted();
    const cache = new CachingAuthorizer(inner, 10_000, 100, clock().now);
    await cache.authorize("a", METHOD);
    await cache.authorize("b", METHOD);
    cache.invalidate();
    await cache.authorize("a", METHOD);
    await cache.authorize("b", METHOD);
    expect(calls).toHaveLength(4);
  });

  test("a revocation arriving while a lookup is in flight is not overwritten by the stale answer", async () => {
    let release: (a: Authorization) => void = () => {};
    let answers = 0;
    const inner: Authorizer = {
      authorize() {
        answers++;
        if (answers === 1) return new Promise<Authorization>((r) => (release = r));
        return Promise.resolve(anonymous); // after the revocation the user service says: revoked
      },
    };
    const cache = new CachingAuthorizer(inner, 10_000, 100, clock().now);
    const inFlight = cache.authorize("tok", METHOD);
    await Promise.resolve();
    cache.invalidate(); // logout broadcast
    release(alice); // the stale answer, computed before the logout
    expect(await inFlight).toEqual(alice); // that one caller gets what was true when it asked
    expect(await cache.authorize("tok", METHOD)).toEqual(anonymous);
    expect(answers).toBe(2);
  });

  test("a lookup started after the revocation is cached normally", async () => {
    const { inner, calls } = scripted();
    const cache = new CachingAuthorizer(inner, 10_000, 100, clock().now);
    cache.invalidate();
    await cache.authorize("tok", METHOD);
    await cache.authorize("tok", METHOD);
    expect(calls).toHaveLength(1);
  });

  test("concurrent misses for the same key are not coalesced: each asks the inner authorizer", async () => {
    const { inner, calls } = scripted();
    const cache = new CachingAuthorizer(inner, 10_000, 100, clock().now);
    await Promise.all([cache.authorize("tok", METHOD), cache.authorize("tok", METHOD)]);
    expect(calls).toHaveLength(2);
  });

  test("errors from the inner authorizer propagate and are not cached", async () => {
    let fail = true;
    const inner: Authorizer = {
      async authorize() {
        if (fail) throw new Error("user service down");
        return alice;
      },
    };
    const cache = new CachingAuthorizer(inner, 10_000, 100, clock().now);
    await expect(cache.authorize("tok", METHOD)).rejects.toThrow("user service down");
    fail = false;
    expect(await cache.authorize("tok", METHOD)).toEqual(alice);
  });

  test("maxEntries overflow: the whole cache is dropped before the new entry is stored", async () => {
    const { inner, calls } = scripted();
    const cache = new CachingAuthorizer(inner, 10_000, 2, clock().now);
    await cache.authorize("a", METHOD);
    await cache.authorize("b", METHOD);
    await cache.authorize("a", METHOD); // hit
    expect(calls.map(([t]) => t)).toEqual(["a", "b"]);
    await cache.authorize("c", METHOD); // full: clears a and b, stores c
    await cache.authorize("c", METHOD); // hit
    await cache.authorize("a", METHOD); // miss again
    await cache.authorize("b", METHOD); // miss, and the cache (c, a) is full: cleared, stores b
    await cache.authorize("c", METHOD); // miss
    expect(calls.map(([t]) => t)).toEqual(["a", "b", "c", "a", "b", "c"]);
  });
});
