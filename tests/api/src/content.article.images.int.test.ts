// An article's images are this site's: an image an author pasted from another site (or as a data: URL)
// is fetched once by the server when the article is saved (created or edited, by members and staff),
// stored like the editor's uploads and served from /uploads/; the stored HTML never names the other
// site. An image that cannot be fetched refuses the save, naming it. A category's icon and cover given
// by URL are stored the same way. The "other site" is a local server the stack may reach only because
// this test allow-lists its address and port as an operator would an intranet host (FETCH_ALLOW_HOSTS).
import { createHash } from "node:crypto";
import { once } from "node:events";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { makePng } from "@wenku/testkit/images";
import { loginAdmin, registerUser, rest, startTestStack } from "./testing.js";

let stack: Awaited<ReturnType<typeof startTestStack>>;
let other: Server;
let site: string;
let admin: string;
let writer: string;
const hits = new Map<string, number>();

const PHOTO = makePng(40, 30);
const EDITED = makePng(20, 10);
const md5 = (b: Uint8Array) => createHash("md5").update(b).digest("hex");

beforeAll(async () => {
  other = createServer((req, res) => {
    const path = req.url ?? "/";
    hits.set(path, (hits.get(path) ?? 0) + 1);
    if (path === "/photo.png") return void res.writeHead(200, { "content-type": "image/png" }).end(PHOTO);
    if (path === "/edited.png") return void res.writeHead(200, { "content-type": "image/png" }).end(EDITED);
    if (path === "/login.png") return void res.writeHead(200, { "content-type": "text/html" }).end("<html>登录</html>");
    if (path === "/inside.png") return void res.writeHead(302, { location: "http://127.0.0.2/secret.png" }).end();
    res.writeHead(404).end();
  });
  other.listen(0, "127.0.0.1");
  await once(other, "listening");
  site = `http://127.0.0.1:${(other.address() as AddressInfo).port}`;
  stack = await startTestStack({ env: { FETCH_ALLOW_HOSTS: new URL(site).host } });
  admin = await loginAdmin(stack.url);
  writer = (await registerUser(stack.url, "imgwriter")).token;
});

afterAll(async () => {
  await stack.stop();
  other.closeAllConnections();
  other.close();
});

const content = async (id: unknown, token: string) =>
  (await rest(stack.url, "GET", `/api/v1/article?id=${id}`, undefined, token)).json.content as string;

test("a pasted remote image and a data: image are stored here and served from this site", async () => {
  const data = `data:image/png;base64,${EDITED.toString("base64")}`;
  const created = await rest(
    stack.url,
    "POST",
    "/api/v1/article",
    { title: "转载的文章", content: `<p>图</p><img src="${site}/photo.png" alt="p"><img src="${data}">` },
    writer,
  );
  expect([created.status, created.json.message]).toEqual([200, undefined]);
  const html = await content(created.json.id, writer);
  expect(html).toBe(
    `<p>图</p><img alt="p" src="/uploads/${md5(PHOTO)}.png" /><img src="/uploads/${md5(EDITED)}.png" />`,
  );
  expect(html).not.toContain("127.0.0.1");
  expect(hits.get("/photo.png")).toBe(1);
  const img = await fetch(`${stack.url}/uploads/${md5(PHOTO)}.png`);
  expect([img.status, img.headers.get("content-type")]).toEqual([200, "image/png"]);
  expect(Buffer.from(await img.arrayBuffer()).equals(PHOTO)).toBe(true);
  // recorded as an article image, like the editor's uploads
  const list = await rest(stack.url, "GET", "/api/v1/attachment/list?type=3&size=50", undefined, admin);
  expect(list.json.attachment).toEqual(
    expect.arrayContaining([expect.objectContaining({ hash: md5(PHOTO), type: 3, width: 40, height: 30 })]),
  );
});

test("an edit, by its author or by staff, stores the images it adds", async () => {
  const created = await rest(stack.url, "POST", "/api/v1/article", { title: "编辑", content: "<p>先</p>" }, writer);
  const id = created.json.id;
  const body = { id, title: "编辑", content: `<p>后</p><img src="${site}/edited.png">` };
  for (const token of [writer, admin]) {
    const r = await rest(stack.url, "PUT", "/api/v1/article", body, token);
    expect([r.status, r.json.message]).toEqual([200, undefined]);
    expect(await content(id, token)).toBe(`<p>后</p><img src="/uploads/${md5(EDITED)}.png" />`);
  }
});

test("an image that cannot be stored refuses the save, naming it (a page instead of an image, a redirect inside, a 404)", async () => {
  for (const path of ["/login.png", "/inside.png", "/gone.png"]) {
    const r = await rest(
      stack.url,
      "POST",
      "/api/v1/article",
      { title: "坏图", content: `<p>x</p><img src="${site}${path}">` },
      writer,
    );
    expect([path, r.status]).toEqual([path, 400]);
    expect(r.json.message).toContain(`文章中的图片「${site}${path}」无法保存`);
  }
  // FETCH_ALLOW_HOSTS names the other site's port: the same address on another port (this site) stays shut
  const ownPort = new URL(stack.url).port;
  const elsewhere = `http://127.0.0.1:${ownPort}/favicon.ico`;
  const shut = await rest(
    stack.url,
    "POST",
    "/api/v1/article",
    { title: "坏图", content: `<p>x</p><img src="${elsewhere}">` },
    writer,
  );
  expect([shut.status, shut.json.message]).toEqual([
    400,
    expect.stringContaining(`文章中的图片「${elsewhere}」无法保存：不能获取内网、本机或保留地址的内容`),
  ]);
  const refused = await rest(
    stack.url,
    "POST",
    "/api/v1/article",
    { title: "坏图", content: `<p>x</p><img src="${site}/login.png">` },
    writer,
  );
  expect(refused.json.message).toBe(
    `文章中的图片「${site}/login.png」无法保存：该地址返回的不是 JPG、PNG、GIF 或 WebP 图片。请将图片下载后用编辑器上传，或删除该图片后再保存`,
  );
});

test("a category's icon and cover given by another site's URL are stored here; one that cannot be is refused on its field", async () => {
  const body = { title: "外链图标", type: 0, icon: `${site}/edited.png`, cover: `${site}/photo.png`, enable: true };
  const created = await rest(stack.url, "POST", "/api/v1/category", body, admin);
  expect([created.status, created.json.message]).toEqual([200, undefined]);
  const list = await rest(stack.url, "GET", "/api/v1/category/list?size=100", undefined, admin);
  const row = (list.json.category as Array<Record<string, unknown>>).find((c) => c.title === "外链图标");
  expect([row?.icon, row?.cover]).toEqual([`/uploads/${md5(EDITED)}.png`, `/uploads/${md5(PHOTO)}.png`]);
  const refused = await rest(
    stack.url,
    "POST",
    "/api/v1/category",
    { ...body, title: "坏封面", cover: `${site}/login.png` },
    admin,
  );
  expect([refused.status, refused.json.message]).toEqual([
    400,
    `分类封面「${site}/login.png」无法保存：该地址返回的不是 JPG、PNG、GIF 或 WebP 图片`,
  ]);
});
