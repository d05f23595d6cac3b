// A bounded fuzz of the whole public surface: every REST route of the contract (path variables, query
// strings and JSON bodies of wrong types, huge numbers, NUL, invalid UTF-8, prototype keys), the file
// routes, multipart uploads, Connect bodies that do not decode and broken gRPC frames. Nothing may answer
// 5xx other than 501 (an RPC whose slice is not built), and the site must answer normally afterwards.
// Deterministic (seeded): a failure names the request, and the same seed reproduces it.
import { connect as h2connect } from "node:http2";
import { type DescField, type DescMessage, ScalarType } from "@bufbuild/protobuf";
import { allApiServices } from "@wenku/kit";
import { type ContractRoute, contractRoutes } from "@wenku/testkit/routes";
import { ADMIN_PASSWORD, loginAdmin, rest, startTestStack } from "./testing.js";

let stack: Awaited<ReturnType<typeof startTestStack>>;
let admin: string;

beforeAll(async () => {
  stack = await startTestStack({ env: { CONVERTER_CONCURRENCY: "0" } });
  const r = await rest(stack.url, "POST", "/api/v1/user/login", { username: "admin", password: ADMIN_PASSWORD });
  admin = r.json.token as string;
}, 60_000);
afterAll(() => stack.stop());

/** mulberry32: a small seeded PRNG, so every run sends the same requests. */
function prng(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return { next, pick: <T>(xs: readonly T[]): T => xs[Math.floor(next() * xs.length)] as T };
}
const rnd = prng(0x5eed_2026);

const strings = [
  "",
  "0",
  "-1",
  "1",
  "2",
  "9223372036854775807",
  "-9223372036854775808",
  "18446744073709551616",
  "99999999999999999999999999",
  "1e309",
  "-0",
  "NaN",
  "Infinity",
  "0x1f",
  "1.5",
  "true",
  "null",
  "__proto__",
  "constructor",
  "prototype",
  "toString",
  "hasOwnProperty",
  "a\u0000b",
  "\u0000",
  "\ud800",
  "\ufeff",
  "😀".repeat(300),
  "x".repeat(70_000),
  "<script>alert(1)</script>",
  "' OR 1=1 --",
  "../../../../etc/passwd",
  "%00",
  "%",
  "id desc, __proto__",
  "created_at asc asc",
  "2024-13-45T99:99:99Z",
  " ",
  "\r\n",
];
const numbers = [0, -1, 1, 2 ** 53, -(2 ** 63), 1e308, -1e308, 0.5, 2147483648, -2147483649];

function junkJson(depth = 0): unknown {
  switch (Math.floor(rnd.next() * 9)) {
    case 0:
      return rnd.pick(numbers);
    case 1:
      return rnd.next() < 0.5;
    case 2:
      return null;
    case 3:
      return depth > 3 ? [] : Array.from({ length: 1 + Math.floor(rnd.next() * 3) }, () => junkJson(depth + 1));
    case 4:
      return depth > 3 ? {} : { [rnd.pick(strings)]: junkJson(depth + 1), seconds: rnd.pick(strings) };
    default:
      return rnd.pick(strings);
  }
}

/** A JSON body for `desc`: each known field gets a value of a random (often wrong) type, plus stray keys. */
function junkBody(desc: DescMessage): unknown {
  const out: Record<string, unknown> = {};
  for (const f of desc.fields) if (rnd.next() < 0.6) out[rnd.next() < 0.5 ? f.name : f.jsonName] = fieldValue(f);
  if (rnd.next() < 0.3) out[rnd.pick(["__proto__", "constructor", "unknown_key"])] = junkJson();
  return out;
}

function fieldValue(f: DescField): unknown {
  if (rnd.next() < 0.5) return junkJson();
  if (f.fieldKind === "list") return [rnd.pick(strings), rnd.pick(numbers)];
  if (f.fieldKind === "message") return rnd.next() < 0.5 ? { seconds: rnd.pick(strings) } : rnd.pick(strings);
  return rnd.next() < 0.5 ? rnd.pick(strings) : rnd.pick(numbers);
}

function junkQuery(desc: DescMessage): string {
  const q = new URLSearchParams();
  for (const f of desc.fields)
    if (rnd.next() < 0.5) q.append(rnd.next() < 0.8 ? f.name : `${f.name}[]`, rnd.pick(strings));
  if (rnd.next() < 0.2) q.append("a.b.c", rnd.pick(strings));
  if (rnd.next() < 0.2) q.append(rnd.pick(["order", "sort", "field"]), rnd.pick(["__proto__", "constructor", "id"]));
  return q.toString();
}

function pathOf(route: ContractRoute): string {
  return `/${route.segments.map((s) => ("literal" in s ? s.literal : segment(rnd.pick(strings)))).join("/")}`;
}

interface Probe {
  method: string;
  path: string;
  body?: RequestInit["body"];
  headers?: Record<string, string>;
}

const failures: string[] = [];
let sent = 0;
beforeEach(() => {
  failures.length = 0;
});

/** A path segment from any string (lone surrogates would make encodeURIComponent throw). */
const segment = (s: string) => encodeURIComponent(s.replace(/[\ud800-\udfff]/g, "\ufffd").slice(0, 200)) || "x";

async function send(p: Probe): Promise<void> {
  sent++;
  let status: number;
  try {
    const res = await fetch(stack.url + p.path, {
      method: p.method,
      headers: p.headers,
      body: p.body,
      signal: AbortSignal.timeout(20_000),
    });
    status = res.status;
    await res.arrayBuffer();
  } catch (err) {
    failures.push(`${p.method} ${p.path.slice(0, 200)} → no answer: ${(err as Error).message}`);
    return;
  }
  if (status >= 500 && status !== 501) failures.push(`${p.method} ${p.path.slice(0, 200)} → ${status}`);
}

/** Runs the probes with a few in flight at once. */
async function run(probes: Probe[], parallel = 8): Promise<void> {
  let i = 0;
  await Promise.all(
    Array.from({ length: parallel }, async () => {
      while (i < probes.length) await send(probes[i++] as Probe);
    }),
  );
}

const auth = (): Record<string, string> => {
  const r = rnd.next();
  if (r < 0.5) return { authorization: `Bearer ${admin}` };
  if (r < 0.6) return { authorization: rnd.pick(["Bearer ", "Bearer x.y.z", "Basic YTpi", "Bearer \u00ff"]) };
  return {};
};

test("file routes and multipart uploads: malformed paths and bodies → no 5xx", async () => {
  const probes: Probe[] = [];
  const seg = () => segment(rnd.pick(strings));
  for (let n = 0; n < 60; n++) {
    probes.push({ method: rnd.pick(["GET", "HEAD", "POST"]), path: `/view/page/${seg()}/${seg()}.svg` });
    probes.push({ method: "GET", path: `/view/page/${seg()}/${seg()}.gzip.svg`, headers: { "if-none-match": seg() } });
    probes.push({ method: "GET", path: `/view/cover/${seg()}` });
    probes.push({ method: "GET", path: `/download/${seg()}.${seg()}` });
    probes.push({ method: "GET", path: `/uploads/${seg()}` });
  }
  const bodies = [
    // CVE-2022-24434: a part header starting with a space crashed busboy 0.3 / dicer and the process.
    '--X\r\n Content-Disposition: form-data; name="file"; filename="a.pdf"\r\n\r\nhello\r\n--X--',
    '--X\r\nContent-Disposition: form-data; name="file"; filename="a.pdf"\r\n\r\nhello', // never ends
    "--X\r\n\r\n\r\n--X--",
    '--X\r\nContent-Disposition: form-data; name="file"; filename="a\u0000.pdf"\r\n\r\nhi\r\n--X--',
    `--X\r\n${"A: b\r\n".repeat(5000)}\r\nx\r\n--X--`,
    "--Y\r\nnot the boundary\r\n--Y--",
    "",
    "--X--",
    `--X\r\nContent-Disposition: form-data; name="file"; filename="${"f".repeat(10_000)}.pdf"\r\n\r\nhi\r\n--X--`,
    '--X\r\nContent-Type: multipart/mixed; boundary=Z\r\nContent-Disposition: form-data; name="file"\r\n\r\n--Z\r\n\r\n--Z--\r\n--X--',
  ];
  const types = [
    "multipart/form-data; boundary=X",
    "multipart/form-data",
    "multipart/form-data; boundary=",
    'multipart/form-data; boundary="unterminated',
    "text/plain",
    "multipart/form-data; boundary=X; boundary=Y",
  ];
  for (const path of ["/api/v1/upload/document", "/api/v1/upload/avatar", "/api/v1/upload/banner"]) {
    for (const body of bodies) {
      for (const type of types) {
        probes.push({
          method: "POST",
          path,
          body,
          headers: { "content-type": type, authorization: `Bearer ${admin}` },
        });
      }
      probes.push({ method: "POST", path, body, headers: { "content-type": types[0] as string } });
    }
  }
  await run(probes);
  expect(failures).toEqual([]);
  // the server is still up and parses a good upload
  const form = new FormData();
  form.append("file", new Blob(["%PDF-1.4\n"]), "ok.pdf");
  const ok = await fetch(`${stack.url}/api/v1/upload/document`, {
    method: "POST",
    body: form,
    headers: { authorization: `Bearer ${admin}` },
  });
  expect(ok.status).toBe(200);
}, 120_000);

test("Connect bodies that do not decode → 400-class (InvalidArgument), never Internal", async () => {
  const probes: Probe[] = [];
  const methods = allApiServices().flatMap((s) => s.methods.filter((m) => m.methodKind === "unary").map((m) => m));
  for (const m of methods) {
    const path = `/${m.parent.typeName}/${m.name}`;
    const bytes = Buffer.from(
      Array.from({ length: 1 + Math.floor(rnd.next() * 64) }, () => Math.floor(rnd.next() * 256)),
    );
    probes.push({ method: "POST", path, body: bytes, headers: { "content-type": "application/proto", ...auth() } });
    probes.push({
      method: "POST",
      path,
      body: JSON.stringify(junkBody(m.input)),
      headers: { "content-type": "application/json", ...auth() },
    });
  }
  await run(probes);
  expect(failures).toEqual([]);
  // A binary body that is not the message: the client's fault.
  const r = await fetch(`${stack.url}/api.v1.UserAPI/Login`, {
    method: "POST",
    headers: { "content-type": "application/proto" },
    body: Buffer.from([0x0a, 0xff, 0xff, 0xff, 0xff, 0x0f]),
  });
  expect(r.status).toBe(400);
  expect(((await r.json()) as { code: string }).code).toBe("invalid_argument");
}, 120_000);

// gRPC answers HTTP 200 with a grpc-status (an undecodable message is invalid_argument: undecodable.int.test.ts).
// What matters here is that every call gets a status and the server keeps serving.
test("gRPC over h2c: broken length-prefixed frames and compressed flags → a gRPC status, no crash", async () => {
  const session = h2connect(stack.url);
  session.on("error", () => {});
  const frames = [
    Buffer.from([0, 0, 0, 0, 10, 1, 2]), // declares 10 bytes, sends 2
    Buffer.from([1, 0, 0, 0, 2, 0x1f, 0x8b]), // "compressed" without grpc-encoding
    Buffer.from([0, 0xff, 0xff, 0xff, 0xff]), // 4 GiB message
    Buffer.from([0, 0, 0, 0, 3, 0x0a, 0xff, 0xff]),
    Buffer.from([]),
  ];
  const statuses: string[] = [];
  for (const frame of frames) {
    statuses.push(
      await new Promise<string>((resolve) => {
        const req = session.request({
          ":method": "POST",
          ":path": "/api.v1.UserAPI/Login",
          "content-type": "application/grpc",
          te: "trailers",
        });
        let status = "";
        req.on("response", (h) => {
          status = String(h["grpc-status"] ?? "");
        });
        req.on("trailers", (t) => {
          status = String(t["grpc-status"] ?? status);
        });
        req.on("close", () => resolve(status));
        req.on("error", () => resolve(status || "reset"));
        req.setTimeout(10_000, () => req.close());
        req.end(frame);
      }),
    );
  }
  session.close();
  for (const s of statuses) expect(s).toMatch(/^\d+$/);
  const alive = await rest(stack.url, "GET", "/api/v1/settings");
  expect(alive.status).toBe(200);
}, 60_000);

/** A leaf of a request message: the fields from the top down to one scalar, enum or list of them. */
type Leaf = DescField[];

/** The numeric (int, float, enum) or string leaves of `desc`, through nested messages `depth` deep. */
function leaves(desc: DescMessage, kind: "number" | "string", depth = 1): Leaf[] {
  if (desc.typeName.startsWith("google.protobuf.")) return [];
  const out: Leaf[] = [];
  for (const f of desc.fields) {
    const scalar = f.fieldKind === "scalar" || (f.fieldKind === "list" && f.listKind === "scalar") ? f.scalar : null;
    const isEnum = f.fieldKind === "enum" || (f.fieldKind === "list" && f.listKind === "enum");
    const message =
      f.fieldKind === "message" || (f.fieldKind === "list" && f.listKind === "message") ? f.message : null;
    if (kind === "string" ? scalar === ScalarType.STRING : isEnum || (scalar !== null && !nonNumeric.has(scalar)))
      out.push([f]);
    else if (message && depth > 0) for (const l of leaves(message, kind, depth - 1)) out.push([f, ...l]);
  }
  return out;
}
const nonNumeric = new Set([ScalarType.STRING, ScalarType.BYTES, ScalarType.BOOL]);

/**
 * One request per route, leaf and value: `each(leaf)` for every leaf, `once` for the route's first leaf
 * only. The value (JSON text) goes in the leaf's path variable, query parameter or JSON body; every other
 * path variable is 1. GET/DELETE routes take nested leaves as `a.b=`, bodies nest them (`{"a":{"b":[v]}}`).
 */
function leafProbes(
  routes: readonly ContractRoute[],
  kind: "number" | "string",
  each: (leaf: Leaf) => readonly string[],
  once: readonly string[],
): Probe[] {
  const probes: Probe[] = [];
  for (const route of routes) {
    leaves(route.method.input, kind).forEach((leaf, n) => {
      const name = leaf.map((f) => f.name).join(".");
      const isVariable = route.segments.some((s) => "variable" in s && s.variable === name);
      for (const raw of n === 0 ? new Set([...each(leaf), ...once]) : each(leaf)) {
        // in a URL the text itself (`1e309`, `-0`, 2^63 exactly), a JSON string unquoted
        const text = raw.startsWith('"') ? (JSON.parse(raw) as string) : raw;
        const path = `/${route.segments
          .map((s) => ("literal" in s ? s.literal : s.variable === name ? segment(text) : "1"))
          .join("/")}`;
        let body: string | undefined;
        let query = "";
        if (!isVariable) {
          if (route.body === "*") {
            body = leaf.reduceRight(
              (inner, f) => `{${JSON.stringify(f.name)}:${f.fieldKind === "list" ? `[${inner}]` : inner}}`,
              raw,
            );
          } else query = `?${new URLSearchParams([[name, text]])}`;
        }
        probes.push({
          method: route.verb,
          path: path + query,
          body: body ?? (route.verb === "GET" ? undefined : "{}"),
          headers: { "content-type": "application/json", authorization: `Bearer ${admin}` },
        });
      }
    });
  }
  return probes;
}

// Every numeric field of every route at the edges of the types and columns behind it: an enum outside its
// declared numbers or a number beyond its column (smallint status, int columns) is the client's error (4xx
// naming the field), never a database error surfacing as a 500. Each field gets the numbers its type holds
// at the edges of smallint and int (they reach the handlers and the database); the rest of the list (0,
// 2^15-1, 2^31, 2^63, NaN, 1e309, -0: the default, numbers every type holds or no integer type decodes)
// goes to each route's first numeric field, which keeps the run to a few thousand requests.
const wide = new Set([
  ScalarType.INT64,
  ScalarType.UINT64,
  ScalarType.SINT64,
  ScalarType.FIXED64,
  ScalarType.SFIXED64,
  ScalarType.DOUBLE,
  ScalarType.FLOAT,
]);
test("every numeric field of every route at its boundaries → no 5xx", async () => {
  admin = await loginAdmin(stack.url); // the Connect fuzz above may have signed the admin out
  const before = sent;
  const each = (leaf: Leaf) => {
    const f = leaf[leaf.length - 1] as DescField;
    const scalar = f.fieldKind === "scalar" || (f.fieldKind === "list" && f.listKind === "scalar") ? f.scalar : null;
    return scalar !== null && wide.has(scalar)
      ? ["-1", "32768", "2147483647", "2147483648"]
      : ["-1", "32768", "2147483647"];
  };
  const once = ["0", "32767", "2147483648", "9223372036854775808", '"NaN"', "1e309", "-0"];
  await run(leafProbes(contractRoutes(), "number", each, once));
  expect(failures).toEqual([]);
  expect(sent - before).toBeGreaterThan(1000);
  admin = await loginAdmin(stack.url); // a probe may have signed the admin out
}, 240_000);

// Request strings used as keys of plain objects (`whitelist[order]`) reach Object.prototype: every string
// field and query parameter of every route gets the prototype's own names.
test("every string field of every route set to a prototype key → no 5xx", async () => {
  admin = await loginAdmin(stack.url);
  const before = sent;
  // every field: the two kinds of prototype key (the prototype itself, an inherited function); each route's
  // first string field: the other inherited names
  const each = () => ['"__proto__"', '"constructor"'];
  await run(leafProbes(contractRoutes(), "string", each, ['"toString"', '"hasOwnProperty"']));
  expect(failures).toEqual([]);
  expect(sent - before).toBeGreaterThan(1000);
  admin = await loginAdmin(stack.url).catch(() => admin);
}, 240_000);

// Last: its admin calls may change anything (passwords, groups, settings) on this throwaway site.
test("every REST route: wrong types, huge numbers, NUL, prototype keys → no 5xx", async () => {
  admin = await loginAdmin(stack.url).catch(() => admin); // the probes above may have changed the password
  const routes = contractRoutes();
  const probes: Probe[] = [];
  for (const route of routes) {
    // Destructive admin routes run too: whatever they do to this throwaway site, they must not 500.
    for (let n = 0; n < 12; n++) {
      const query = route.body === "*" ? "" : junkQuery(route.method.input);
      const path = pathOf(route) + (query ? `?${query}` : "");
      const kind = rnd.next();
      let body: RequestInit["body"] | undefined;
      if (route.verb !== "GET") {
        if (kind < 0.7) body = JSON.stringify(junkBody(route.method.input));
        else if (kind < 0.8)
          body = Buffer.from([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xff, 0xfe, 0x22, 0x7d]); // invalid UTF-8
        else if (kind < 0.9) body = "[".repeat(5000);
        else body = JSON.stringify(rnd.pick(numbers));
      }
      probes.push({ method: route.verb, path, body, headers: { "content-type": "application/json", ...auth() } });
    }
  }
  await run(probes);
  expect(failures).toEqual([]);
  expect(sent).toBeGreaterThan(2000);
}, 240_000);
