import { Readable } from "node:stream";
import { CHUNK, withData } from "./file.stream.js";

const body = (bytes: number) => Readable.from([Buffer.alloc(bytes, 1)]);

test("the metadata comes first, then the bytes in chunks of at most CHUNK; the body is closed at the end", async () => {
  const b = body(CHUNK + 10);
  const out = [];
  for await (const c of withData({ etag: '"x"' }, b)) out.push(c);
  expect(out.map((c) => c.data?.length ?? 0)).toEqual([0, CHUNK, 10]);
  expect(out[0]?.etag).toBe('"x"');
  expect(b.destroyed).toBe(true);
});

test("a consumer that stops pulling without returning (a cancelled in-process call) still closes the body", async () => {
  const b = body(10);
  const abort = new AbortController();
  const it = withData({}, b, abort.signal);
  await it.next(); // the metadata; the generator is now suspended and will never be resumed
  expect(b.destroyed).toBe(false);
  abort.abort();
  expect(b.destroyed).toBe(true);
});

test("a call cancelled before the first pull closes the body when the generator starts", async () => {
  const b = body(10);
  const abort = new AbortController();
  abort.abort();
  const it = withData({}, b, abort.signal);
  await it.next();
  expect(b.destroyed).toBe(true);
  await it.return(undefined);
});
