// Images and videos for an article's body: POST /api/v1/upload/article (moredoc's route) answers the editor's
// (wangEditor's) shape {errno: 0, data: {url, alt}}; only users who may publish articles upload; the bytes
// decide what the file is (an image as every uploaded image is checked, an MP4 or WebM video), and the
// stored file is served from this origin and kept by the article allow-list.
import { createHash } from "node:crypto";
import { makePng } from "@wenku/testkit/images";
import { admin, plain, stack, useSite } from "./site.fixture.js";
import { registerUser, rest } from "./testing.js";
import { postFile } from "./uploads.js";

useSite("artupload");

const upload = (bytes: Uint8Array, name: string, token?: string) =>
  postFile(stack.url, "/api/v1/upload/article?type=image", bytes, name, token);
const md5 = (b: Uint8Array) => createHash("md5").update(b).digest("hex");

/** The smallest MP4 a browser recognises by its bytes: an ftyp box (isom), then an empty mdat. */
/** A minimal MP4; `fill` varies its media bytes (so two uploads are two files). */
function makeMp4(fill = 0): Buffer {
  const ftyp = Buffer.alloc(24);
  ftyp.writeUInt32BE(24, 0);
  ftyp.write("ftypisom", 4, "latin1");
  ftyp.writeUInt32BE(0x200, 12);
  ftyp.write("isomiso2", 16, "latin1");
  const mdat = Buffer.alloc(8 + 32);
  mdat.writeUInt32BE(mdat.length, 0);
  mdat.write("mdat", 4, "latin1");
  mdat.fill(fill, 8);
  return Buffer.concat([ftyp, mdat]);
}

test("an image is stored, answered in the editor's shape, served here and kept in an article", async () => {
  const png = makePng(64, 48);
  const r = await upload(png, "photo.png", plain);
  expect(r.status).toBe(200);
  expect(r.json).toEqual({ errno: 0, data: { url: `/uploads/${md5(png)}.png`, alt: "photo.png", href: "" } });
  const img = await fetch(`${stack.url}/uploads/${md5(png)}.png`);
  expect([img.status, img.headers.get("content-type")]).toEqual([200, "image/png"]);
  // an attachment of type article (3), with its size in pixels
  const list = await rest(stack.url, "GET", "/api/v1/attachment/list?type=3&size=50", undefined, admin);
  expect(list.json.attachment).toEqual(
    expect.arrayContaining([expect.objectContaining({ hash: md5(png), type: 3, width: 64, height: 48 })]),
  );
  const created = await rest(
    stack.url,
    "POST",
    "/api/v1/article",
    { title: "带图片的文章", content: `<p>图</p><img src="/uploads/${md5(png)}.png" alt="photo">` },
    plain,
  );
  expect(created.status).toBe(200);
  const got = await rest(stack.url, "GET", `/api/v1/article?id=${created.json.id}`, undefined, plain);
  expect(got.json.content).toBe(`<p>图</p><img alt="photo" src="/uploads/${md5(png)}.png" />`);
});

test("a video is served in ranges (a player seeks; Safari plays nothing else): 206 parts, 416 past the end, If-Range", async () => {
  const mp4 = makeMp4(7);
  const r = await upload(mp4, "seek.mp4", plain);
  const url = `${stack.url}${(r.json.data as { url: string }).url}`;
  const part = await fetch(url, { headers: { range: "bytes=4-11" } });
  expect([part.status, part.headers.get("content-range"), part.headers.get("content-length")]).toEqual([
    206,
    `bytes 4-11/${mp4.length}`,
    "8",
  ]);
  expect(part.headers.get("accept-ranges")).toBe("bytes");
  expect(Buffer.from(await part.arrayBuffer()).equals(mp4.subarray(4, 12))).toBe(true);
  const tail = await fetch(url, { headers: { range: "bytes=-3" } });
  expect([tail.status, Buffer.from(await tail.arrayBuffer()).equals(mp4.subarray(-3))]).toEqual([206, true]);
  const past = await fetch(url, { headers: { range: `bytes=${mp4.length}-` } });
  expect([past.status, past.headers.get("content-range"), (await past.arrayBuffer()).byteLength]).toEqual([
    416,
    `bytes */${mp4.length}`,
    0,
  ]);
  // Several ranges, nonsense, or a changed file (If-Range not our etag): the whole body.
  const wholeAnswers: Record<string, string>[] = [
    { range: "bytes=0-1,4-5" },
    { range: "pages=1" },
    { range: "bytes=0-3", "if-range": '"old"' },
  ];
  for (const headers of wholeAnswers) {
    const whole = await fetch(url, { headers });
    expect([whole.status, (await whole.arrayBuffer()).byteLength]).toEqual([200, mp4.length]);
  }
  const etag = part.headers.get("etag") ?? "";
  const resumed = await fetch(url, { headers: { range: "bytes=2-", "if-range": etag } });
  expect([resumed.status, (await resumed.arrayBuffer()).byteLength]).toEqual([206, mp4.length - 2]);
});

test("an MP4 video is stored and served as video/mp4; an article keeps it, not a video from elsewhere", async () => {
  const mp4 = makeMp4();
  const r = await upload(mp4, "clip.mp4", plain);
  expect([r.status, r.json.data]).toEqual([200, { url: `/uploads/${md5(mp4)}.mp4`, alt: "clip.mp4", href: "" }]);
  const video = await fetch(`${stack.url}/uploads/${md5(mp4)}.mp4`);
  expect([video.status, video.headers.get("content-type")]).toEqual([200, "video/mp4"]);
  expect(Buffer.from(await video.arrayBuffer()).equals(mp4)).toBe(true);
  const created = await rest(
    stack.url,
    "POST",
    "/api/v1/article",
    {
      title: "带视频的文章",
      content: `<video controls src="/uploads/${md5(mp4)}.mp4"></video><video controls src="https://cdn.example/x.mp4"></video>`,
    },
    plain,
  );
  expect(created.status).toBe(200);
  const got = await rest(stack.url, "GET", `/api/v1/article?id=${created.json.id}`, undefined, plain);
  expect(got.json.content).toBe(`<video controls src="/uploads/${md5(mp4)}.mp4"></video><video controls></video>`);
});

test("hostile or oversized files are refused with a 4xx and a message; nothing is served for them", async () => {
  const html = Buffer.from("<html><script>alert(document.cookie)</script></html>");
  const r = await upload(html, "x.png", plain);
  expect([r.status, r.json.message]).toEqual([400, "请上传 JPG、PNG、GIF、WebP 格式的图片或 MP4、WebM 格式的视频"]);
  expect((await fetch(`${stack.url}/uploads/${md5(html)}.png`)).status).toBe(404);
  const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>');
  expect((await upload(svg, "x.svg", plain)).status).toBe(400);
  // a PNG header in front of a large body is an image over the image limit (2 MB), not a video
  const big = Buffer.concat([makePng(8, 8), Buffer.alloc(3 * 1024 * 1024)]);
  const tooBig = await upload(big, "big.png", plain);
  expect([tooBig.status, tooBig.json.message]).toEqual([413, "图片不能超过 2 MB"]);
  const huge = Buffer.concat([makeMp4(), Buffer.alloc(21 * 1024 * 1024)]);
  const tooLong = await upload(huge, "long.mp4", plain);
  expect([tooLong.status, tooLong.json.message]).toEqual([413, "视频不能超过 20 MB"]);
});

test("only users who may publish articles upload: visitors 401, a punished user 403 with the reason", async () => {
  const png = makePng(10, 10);
  expect((await upload(png, "a.png")).status).toBe(401);
  const { token, id } = await registerUser(stack.url, "artuploadpunished");
  const p = await rest(
    stack.url,
    "POST",
    "/api/v1/punishment",
    { user_id: [id], type: [6], enable: true, reason: "发布广告" },
    admin,
  );
  expect(p.status).toBe(200);
  const r = await upload(png, "a.png", token);
  expect([r.status, r.json.message]).toEqual([403, "您已被禁止发布文章：发布广告"]);
  // staff upload whatever their groups' article flags say
  expect((await upload(png, "a.png", admin)).status).toBe(200);
});
