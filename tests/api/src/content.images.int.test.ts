// Avatars are uploaded images served from this origin (/uploads/<md5><ext>), never outside URLs: a
// third-party avatar would tell its host the IP of every visitor of a page showing it.
import { createHash } from "node:crypto";
import { makePng } from "@wenku/testkit/images";
import { openUserDb } from "./db.js";
import { ADMIN_PASSWORD, rest, startTestStack } from "./testing.js";
import { postFile } from "./uploads.js";

let stack: Awaited<ReturnType<typeof startTestStack>>;
let alice: { token: string; id: number };

const uploadAvatar = (bytes: Uint8Array, name: string, token?: string) =>
  postFile(stack.url, "/api/v1/upload/avatar", bytes, name, token);

beforeAll(async () => {
  stack = await startTestStack({ env: { CONVERTER_CONCURRENCY: "0" } });
  const r = await rest(stack.url, "POST", "/api/v1/user/register", { username: "avataralice", password: "secret123" });
  alice = { token: r.json.token as string, id: (r.json.user as { id: number }).id };
}, 60_000);
afterAll(() => stack.stop());

test("an uploaded PNG becomes the avatar, served from this origin with strict headers and ETag/304", async () => {
  const png = makePng(40, 30);
  const md5 = createHash("md5").update(png).digest("hex");
  const r = await uploadAvatar(png, "我的头像.png", alice.token);
  expect(r.status).toBe(200);
  expect(r.json).toMatchObject({ code: 200, message: "ok" });
  expect(r.json.data).toMatchObject({ path: `/uploads/${md5}.png`, type: 1, width: 40, height: 30, ext: ".png" });

  const me = await rest(stack.url, "GET", `/api/v1/user?id=${alice.id}`);
  expect((me.json as { avatar: string }).avatar).toBe(`/uploads/${md5}.png`);

  const img = await fetch(`${stack.url}/uploads/${md5}.png`);
  expect(img.status).toBe(200);
  expect(img.headers.get("content-type")).toBe("image/png");
  expect(img.headers.get("x-content-type-options")).toBe("nosniff");
  expect(img.headers.get("content-security-policy")).toBe("default-src 'none'; sandbox");
  expect(Buffer.from(await img.arrayBuffer())).toEqual(png);
  const etag = img.headers.get("etag") as string;
  expect((await fetch(`${stack.url}/uploads/${md5}.png`, { headers: { "if-none-match": etag } })).status).toBe(304);

  // the same bytes again: the same stored image, no second copy
  expect((await uploadAvatar(png, "again.png", alice.token)).json.data).toMatchObject({ path: `/uploads/${md5}.png` });
});

test("what is not a JPEG/PNG/GIF/WebP image, or too large, is refused with a clear message", async () => {
  const notImage = "请上传 JPG、PNG、GIF 或 WebP 格式的图片";
  const svg = '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>';
  for (const [bytes, name] of [
    [Buffer.from(svg), "a.svg"],
    [Buffer.from(svg), "a.png"],
    [Buffer.from("<html><body>hi</body></html>"), "a.png"],
    [Buffer.from([0x89, 0x50, 0x4e, 0x47]), "truncated.png"],
    [Buffer.alloc(0), "empty.png"],
  ] as const) {
    const r = await uploadAvatar(bytes, name, alice.token);
    expect([r.status, r.json.message]).toEqual([400, notImage]);
  }
  // a tiny file declaring a 10000×10000 canvas (browsers would allocate it)
  const huge = makePng(1, 1);
  huge.writeUInt32BE(10_000, 16);
  huge.writeUInt32BE(10_000, 20);
  expect((await uploadAvatar(huge, "huge.png", alice.token)).json.message).toBe("图片的宽和高不能超过 8192 像素");
  const big = Buffer.concat([makePng(8, 8), Buffer.alloc(2 * 1024 * 1024)]);
  const tooLarge = await uploadAvatar(big, "big.png", alice.token);
  expect([tooLarge.status, tooLarge.json.message]).toEqual([413, "图片不能超过 2 MB"]);
  expect((await uploadAvatar(makePng(4, 4), "anon.png")).status).toBe(401);
});

test("an outside avatar URL is refused; one stored before the rule is not shown to anyone", async () => {
  const upd = await rest(
    stack.url,
    "PUT",
    "/api/v1/user/profile",
    { id: alice.id, username: "avataralice", avatar: "https://tracker.example/pixel.png" },
    alice.token,
  );
  expect([upd.status, upd.json.message]).toEqual([400, "请上传图片作为头像"]);

  const db = openUserDb(stack);
  try {
    await db.user.update({ where: { id: BigInt(alice.id) }, data: { avatar: "https://tracker.example/pixel.png" } });
  } finally {
    await db.$disconnect();
  }
  const shown = await rest(stack.url, "GET", `/api/v1/user?id=${alice.id}`);
  expect((shown.json as { avatar: string }).avatar).toBe("");
  // saving the profile as the web does (with the avatar it was shown) keeps working
  const again = await rest(
    stack.url,
    "PUT",
    "/api/v1/user/profile",
    { id: alice.id, username: "avataralice", avatar: "", signature: "你好" },
    alice.token,
  );
  expect(again.status).toBe(200);
});

test("image paths that are not an enabled uploaded image → 404", async () => {
  for (const path of [
    "/uploads/00000000000000000000000000000000.png",
    "/uploads/../etc/passwd",
    "/uploads/x.svg",
    `/uploads/${"a".repeat(32)}.svg`,
  ]) {
    expect((await fetch(stack.url + path)).status).toBe(404);
  }
  const admin = await rest(stack.url, "POST", "/api/v1/user/login", { username: "admin", password: ADMIN_PASSWORD });
  expect(admin.status).toBe(200);
});
