// Images for config keys (logo, favicon, QR codes): POST /api/v1/upload/config (moredoc's route) stores
// the image for holders of UploadConfigImage's permission, checked like every uploaded image; its path
// is then saved as the key's value and served from this origin.
import { createHash } from "node:crypto";
import { makePng } from "@wenku/testkit/images";
import { staffUser } from "./staff.js";
import { loginAdmin, registerUser, rest, startTestStack } from "./testing.js";

let stack: Awaited<ReturnType<typeof startTestStack>>;
let admin: string;

beforeAll(async () => {
  stack = await startTestStack({ env: { CONVERTER_CONCURRENCY: "0" } });
  admin = await loginAdmin(stack.url);
});
afterAll(() => stack.stop());

async function upload(bytes: Uint8Array, name: string, token?: string) {
  const form = new FormData();
  form.append("file", new Blob([bytes]), name);
  const res = await fetch(`${stack.url}/api/v1/upload/config`, {
    method: "POST",
    body: form,
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
  return { status: res.status, json: (await res.json()) as Record<string, unknown> };
}

test("an uploaded logo is stored as a config image, served here, and becomes the logo once saved", async () => {
  const png = makePng(120, 40);
  const md5 = createHash("md5").update(png).digest("hex");
  const r = await upload(png, "logo.png", admin);
  expect(r.status).toBe(200);
  expect(r.json.data).toMatchObject({ path: `/uploads/${md5}.png`, type: 7, width: 120, height: 40 });
  const img = await fetch(`${stack.url}/uploads/${md5}.png`);
  expect([img.status, img.headers.get("content-type")]).toEqual([200, "image/png"]);
  // not an avatar: the uploader's own avatar is untouched
  expect((await rest(stack.url, "GET", "/api/v1/user?id=1")).json.avatar).toBe("");

  const saved = await rest(
    stack.url,
    "PUT",
    "/api/v1/config",
    { config: [{ category: "system", name: "logo", value: `/uploads/${md5}.png` }] },
    admin,
  );
  expect(saved.status).toBe(200);
  expect((await rest(stack.url, "GET", "/api/v1/settings")).json.system).toMatchObject({
    logo: `/uploads/${md5}.png`,
  });
});

test("only holders of the permission may upload; what is not an image is refused", async () => {
  const png = makePng(16, 16);
  expect((await upload(png, "a.png")).status).toBe(401);
  const plain = await registerUser(stack.url, "cfgimgplain");
  expect((await upload(png, "a.png", plain.token)).status).toBe(403);
  const editor = await staffUser(stack.url, admin, "cfgimgstaff", ["/api.v1.AttachmentAPI/UploadConfigImage"]);
  expect((await upload(png, "a.png", editor.token)).status).toBe(200);

  const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
  const bad = await upload(svg, "logo.svg", admin);
  expect([bad.status, bad.json.message]).toEqual([400, "请上传 JPG、PNG、GIF 或 WebP 格式的图片"]);
});
