// Slow clients against the real gateway (#22 item 2): hundreds of connections trickling bodies from one
// address, while another client is served; trickled requests are cut at the deadline, trickled uploads by
// the minimum rate, over HTTP/1.1 and h2c. Small limits (set through the gateway's env) keep it to seconds.
import { percentile, type Trickle, trickle } from "../../../jest/slowclient.js";
import { rest, startTestStack } from "./testing.js";

const SLOW = "127.0.0.2"; // the slow clients' address; the fast client comes from 127.0.0.1
const DEADLINE_MS = 800;
const GRACE_MS = 2_000;
const CAP = 50;

let stack: Awaited<ReturnType<typeof startTestStack>>;
beforeAll(async () => {
  stack = await startTestStack({
    env: {
      REQUEST_TIMEOUT_MS: String(DEADLINE_MS),
      UPLOAD_MIN_BYTES: "1000",
      UPLOAD_RATE_WINDOW_MS: "800",
      UPLOAD_RATE_GRACE_MS: String(GRACE_MS),
      MAX_CONNECTIONS_PER_ADDRESS: String(CAP),
    },
  });
});
afterAll(async () => {
  await stack?.stop();
});

const kind = (t: Trickle) => {
  const text = t.data().toString("latin1");
  if (text.startsWith("HTTP/1.1 503 ")) return "refused";
  if (text.startsWith("HTTP/1.1 408 ")) return "cut";
  return t.data().length && !text.startsWith("HTTP/") ? "cut" : `other: ${text.slice(0, 40)}`; // h2: RST_STREAM
};

test("300 slow connections from one address: most refused by the cap of 50, the held ones cut at the deadline, another client stays fast", async () => {
  const timed = async (n: number) => {
    const ms: number[] = [];
    for (let i = 0; i < n; i++) {
      const t0 = performance.now();
      expect((await rest(stack.url, "GET", "/api/v1/settings")).status).toBe(200);
      ms.push(performance.now() - t0);
    }
    return ms;
  };
  const quiet = await timed(10); // also warms the route up
  const slow: Trickle[] = [];
  for (let i = 0; i < 300; i++) {
    const proto = i % 2 ? "h2" : "h1";
    slow.push(
      trickle(stack.port, proto, {
        from: SLOW,
        path: "/api/v1/user/login",
        headers: { "content-type": "application/json" },
        length: 10_000,
        every: 1_000,
      }),
    );
  }
  try {
    const latencies = await timed(30);
    const ends = await Promise.all(
      slow.map((t) => Promise.race([t.ended, new Promise((r) => setTimeout(r, 8_000).unref())])),
    );
    const kinds = slow.map(kind);
    const refused = kinds.filter((k) => k === "refused").length;
    const cutAfter = ends.filter((_ms, i) => kinds[i] === "cut") as number[];
    console.log(
      `gateway: ${slow.length} slow connections from one address: ${cutAfter.length} held (cap ${CAP}), ` +
        `${refused} refused (503); ` +
        `held ones cut after p50 ${percentile(cutAfter, 0.5)} ms, max ${Math.max(...cutAfter)} ms ` +
        `(deadline ${DEADLINE_MS} ms); fast client: p50 ${percentile(latencies, 0.5).toFixed(1)} ms, ` +
        `max ${Math.max(...latencies).toFixed(1)} ms over ${latencies.length} requests ` +
        `(before the flood: p50 ${percentile(quiet, 0.5).toFixed(1)} ms)`,
    );
    // Each one was refused or cut; a held one cut frees its place, so a late one may then be held
    // (listen.test.ts shows exactly `cap` held when nothing is cut).
    expect(kinds.filter((k) => k !== "refused" && k !== "cut")).toEqual([]);
    expect(refused).toBeGreaterThanOrEqual(slow.length / 2);
    expect(cutAfter.length).toBeGreaterThanOrEqual(CAP);
    expect(Math.min(...cutAfter)).toBeGreaterThanOrEqual(DEADLINE_MS - 100);
    expect(percentile(latencies, 0.5)).toBeLessThan(1_000); // generous: CI shares two cores
    expect(Math.max(...latencies)).toBeLessThan(5_000);
  } finally {
    for (const t of slow) t.stop();
  }
}, 30_000);

test.each(["h1", "h2"] as const)(
  "%s: an upload outlives the request deadline while it moves; trickled below the minimum rate it is cut",
  async (proto) => {
    const upload = (bytes: number) =>
      trickle(stack.port, proto, {
        path: "/api/v1/upload/document",
        headers: { "content-type": "multipart/form-data; boundary=b" }, // the trickle is the preamble
        every: 100,
        bytes,
      });
    const slow = upload(1); // 10 B/s
    const moving = upload(200); // 2,000 B/s, above 1,000 B per 800 ms
    try {
      const ms = await slow.ended;
      console.log(`gateway ${proto}: an upload trickled at 10 B/s was cut after ${ms} ms (grace ${GRACE_MS} ms)`);
      expect(ms).toBeGreaterThanOrEqual(GRACE_MS - 100);
      expect(kind(slow)).toBe("cut");
      expect(moving.open()).toBe(true); // three times the request deadline, still going
    } finally {
      slow.stop();
      moving.stop();
    }
  },
);
