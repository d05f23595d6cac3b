// Signed downloads (limits, prices, tampered and expired links, visibility) and the attachment admin.
import { makePdf } from "@wenku/testkit/documents";
import {
  addDocument,
  admin,
  alice,
  bob,
  carol,
  clock,
  db,
  docSeq,
  get,
  originals,
  pdf,
  register,
  setConfig,
  setupFilesSite,
  stack,
  upload,
  uploaded,
} from "./files.fixture.js";
import { rest } from "./testing.js";

setupFilesSite();

describe("downloads", () => {
  const link = async (id: number, token?: string) =>
    rest(stack.url, "GET", `/api/v1/document/download?id=${id}`, undefined, token);

  test("a free public document: a signed link that serves the original with a UTF-8 file name", async () => {
    const id = await addDocument(uploaded.hash, { userId: alice.id });
    const r = await link(id, bob.token);
    expect(r.status).toBe(200);
    const url = r.json.url as string;
    expect(url).toMatch(/^\/download\/[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/);
    const res = await get(url);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/pdf");
    expect(res.headers.get("content-length")).toBe(String(pdf.length));
    expect(res.headers.get("content-disposition")).toBe(
      `attachment; filename="__ ${docSeq}.pdf"; filename*=UTF-8''${encodeURIComponent(`文档 ${docSeq}.pdf`)}`,
    );
    expect(Buffer.from(await res.arrayBuffer())).toEqual(Buffer.from(pdf));
    const doc = await db.document.findUniqueOrThrow({ where: { id: BigInt(id) } });
    expect(doc.downloadCount).toBe(1);
    const rows = await db.download.findMany({ where: { documentId: BigInt(id) } });
    expect(rows.map((d) => [Number(d.userId), d.ip, d.isPay])).toEqual([[bob.id, "127.0.0.1", false]]);
  });

  test("/me/download: the caller's own downloads, newest first, with each document's title and whether it was paid", async () => {
    const reader = await register("historyreader");
    const free = await addDocument(uploaded.hash, { userId: alice.id });
    const priced = await addDocument(uploaded.hash, { userId: alice.id, price: 2 });
    expect((await link(free, reader.token)).status).toBe(200);
    expect((await link(priced, reader.token)).status).toBe(200); // the register bonus pays
    const mine = await rest(stack.url, "GET", "/api/v1/user/download?page=1&size=10", undefined, reader.token);
    expect(mine.status).toBe(200);
    const rows = mine.json.download as Array<{ document_id: number; title: string; is_pay?: boolean; ext: string }>;
    expect([mine.json.total, rows.map((d) => [d.document_id, d.is_pay ?? false, d.ext])]).toEqual([
      2,
      [
        [priced, true, ".pdf"],
        [free, false, ".pdf"],
      ],
    ]);
    expect(rows[0]?.title).toMatch(/^文档 \d+$/);
    // Someone else's history stays theirs; a visitor has none to ask for.
    expect(
      (await rest(stack.url, "GET", "/api/v1/user/download", undefined, bob.token)).json.download ?? [],
    ).not.toEqual(expect.arrayContaining([expect.objectContaining({ document_id: priced })]));
    expect((await rest(stack.url, "GET", "/api/v1/user/download")).status).toBe(401);
  });

  test("a cut download resumes with a range while the file is the same (If-Range on its etag)", async () => {
    const id = await addDocument(uploaded.hash, { userId: alice.id });
    const url = (await link(id, bob.token)).json.url as string;
    const whole = await get(url);
    const etag = whole.headers.get("etag") ?? "";
    expect([whole.headers.get("accept-ranges"), etag]).toEqual(["bytes", `"${uploaded.hash}"`]);
    await whole.arrayBuffer();
    const rest = await get(url, { range: "bytes=100-", "if-range": etag });
    expect([rest.status, rest.headers.get("content-range")]).toEqual([
      206,
      `bytes 100-${pdf.length - 1}/${pdf.length}`,
    ]);
    expect(rest.headers.get("content-disposition")).toContain("attachment;");
    expect(Buffer.from(await rest.arrayBuffer())).toEqual(Buffer.from(pdf).subarray(100));
    const past = await get(url, { range: `bytes=${pdf.length + 5}-` });
    expect([past.status, past.headers.get("content-range")]).toEqual([416, `bytes */${pdf.length}`]);
    // One signed link, one recorded download however many parts were fetched.
    expect((await db.document.findUniqueOrThrow({ where: { id: BigInt(id) } })).downloadCount).toBe(1);
  });

  test("guests need download.enable_guest_download", async () => {
    const id = await addDocument(uploaded.hash, { userId: alice.id });
    expect([(await link(id)).status, (await link(id)).json.message]).toEqual([401, "请先登录"]);
    await setConfig("download", "enable_guest_download", "true");
    try {
      const r = await link(id);
      expect(r.status).toBe(200);
      expect((await get(r.json.url as string)).status).toBe(200);
    } finally {
      await setConfig("download", "enable_guest_download", "false");
    }
  });

  test("a tampered link → 403 下载链接已失效", async () => {
    const id = await addDocument(uploaded.hash, { userId: alice.id });
    const url = (await link(id, bob.token)).json.url as string;
    const [payload, sig] = url.slice("/download/".length).split(".") as [string, string];
    const other = Buffer.from(JSON.stringify({ d: String(id + 1), u: String(bob.id), e: 4102444800 })).toString(
      "base64url",
    );
    for (const bad of [`/download/${other}.${sig}`, `/download/${payload}.${sig.slice(1)}A`]) {
      const res = await rest(stack.url, "GET", bad);
      expect([res.status, res.json.message]).toEqual([403, "下载链接已失效"]);
    }
    expect((await get("/download/not-a-token")).status).toBe(404);
  });

  test("a link expires after download.url_duration seconds → 403", async () => {
    const id = await addDocument(uploaded.hash, { userId: alice.id });
    await setConfig("download", "url_duration", "30");
    let url: string;
    try {
      url = (await link(id, bob.token)).json.url as string;
    } finally {
      await setConfig("download", "url_duration", "60");
    }
    clock.advance(25_000);
    expect((await get(url)).status).toBe(200);
    clock.advance(10_000);
    const res = await rest(stack.url, "GET", url);
    expect([res.status, res.json.message]).toEqual([403, "下载链接已失效"]);
  });

  test("the daily per-user limit: a clear refusal once reached", async () => {
    const dave = await register("filedave");
    const id = await addDocument(uploaded.hash, { userId: alice.id });
    await setConfig("download", "times_every_day", "2");
    try {
      expect((await link(id, dave.token)).status).toBe(200);
      expect((await link(id, dave.token)).status).toBe(200);
      const r = await link(id, dave.token);
      expect([r.status, r.json.message]).toEqual([429, "您今日的下载次数已达上限（2 次），请明天再来"]);
      expect(await db.download.count({ where: { userId: BigInt(dave.id) } })).toBe(2);
    } finally {
      await setConfig("download", "times_every_day", "10");
    }
  });

  /** The user's credits (the ledger, through their profile). */
  const credits = async (u: { id: number; token: string }) =>
    ((await rest(stack.url, "GET", `/api/v1/user?id=${u.id}`, undefined, u.token)).json.credit_count as number) ?? 0;
  const grant = async (u: { id: number }, quantity: number) => {
    const r = await rest(
      stack.url,
      "POST",
      "/api/v1/order/system/recharge",
      { user_id: u.id, quantity, remark: "测试" },
      admin,
    );
    expect([r.status, r.json.status]).toEqual([200, 2]); // a PAID order
  };
  const paidDownloads = (id: number, userId: number) =>
    db.download.count({ where: { documentId: BigInt(id), userId: BigInt(userId), isPay: true } });

  test("a priced document is bought with credits when downloaded; the uploader earns them; short credits refuse and record nothing", async () => {
    const buyer = await register("pricebuyer");
    const start = await credits(buyer); // the register bonus
    const id = await addDocument(uploaded.hash, { userId: alice.id, price: start + 5 });
    const refused = await link(id, buyer.token);
    expect([refused.status, refused.json.message]).toEqual([400, `积分不足：当前余额 ${start}`]);
    expect(await db.download.count({ where: { documentId: BigInt(id) } })).toBe(0);
    expect((await db.document.findUniqueOrThrow({ where: { id: BigInt(id) } })).downloadCount).toBe(0);

    const aliceBefore = await credits(alice);
    await grant(buyer, 5);
    const bought = await link(id, buyer.token);
    expect(bought.status).toBe(200);
    expect((await get(bought.json.url as string)).status).toBe(200);
    expect([await credits(buyer), (await credits(alice)) - aliceBefore]).toEqual([0, start + 5]);
    expect(await paidDownloads(id, buyer.id)).toBe(1);
    const orders = await rest(stack.url, "GET", "/api/v1/user/order?order_type=1", undefined, buyer.token);
    // one paid purchase: the refused attempt left no order behind
    expect(
      (orders.json.order as Array<{ product_id: number; status: number }>).map((o) => [o.product_id, o.status]),
    ).toEqual([[id, 2]]);
    // download.free_download_duration 0 (as the fixture sets it): each download is a purchase
    const again = await link(id, buyer.token);
    expect([again.status, again.json.message]).toEqual([400, "积分不足：当前余额 0"]);
    expect((await link(id, alice.token)).status).toBe(200); // the owner downloads free
    expect((await link(id, admin)).status).toBe(200); // the root group holds DownloadDocument's permission
    expect(await link(id)).toMatchObject({ status: 401 }); // visitors cannot pay
  });

  test("within download.free_download_duration days a bought document downloads again free; a burst of downloads pays once", async () => {
    const buyer = await register("windowbuyer");
    const id = await addDocument(uploaded.hash, { userId: alice.id, price: 7 });
    await grant(buyer, 7 - (await credits(buyer)) + 7); // enough for two purchases
    await setConfig("download", "free_download_duration", "2");
    await setConfig("download", "times_every_day", "100");
    try {
      const burst = await Promise.all(Array.from({ length: 12 }, () => link(id, buyer.token)));
      expect(burst.map((r) => r.status)).toEqual(Array(12).fill(200));
      expect(await credits(buyer)).toBe(7); // one purchase for all of them
      expect(await paidDownloads(id, buyer.id)).toBe(12);
    } finally {
      await setConfig("download", "free_download_duration", "0");
      await setConfig("download", "times_every_day", "10");
    }
  });

  test("a purchase made first (CreateOrder + PayOrder with credits, as moredoc clients do) serves the next download", async () => {
    const buyer = await register("orderbuyer");
    const id = await addDocument(uploaded.hash, { userId: alice.id, price: 3 });
    await grant(buyer, 3);
    const before = await credits(buyer);
    const order = await rest(stack.url, "POST", "/api/v1/order", { order_type: 1, product_id: id }, buyer.token);
    expect([order.status, order.json.status, order.json.credit_amount]).toEqual([200, 1, 3]);
    const paid = await rest(
      stack.url,
      "POST",
      "/api/v1/order/pay",
      { order_no: order.json.order_no, pay_method: 5 },
      buyer.token,
    );
    expect([paid.status, paid.json.status]).toEqual([200, 2]);
    expect(await credits(buyer)).toBe(before - 3);
    expect((await link(id, buyer.token)).status).toBe(200); // the purchase, not a second charge
    expect(await credits(buyer)).toBe(before - 3);
    // free_download_duration 0: that purchase served its one download; the next one buys again
    expect((await link(id, buyer.token)).status).toBe(200);
    expect(await credits(buyer)).toBe(before - 6);
  });

  test("50 concurrent downloads of a document priced at the whole balance (a purchase each): exactly one succeeds", async () => {
    const buyer = await register("racebuyer");
    if ((await credits(buyer)) < 10) await grant(buyer, 10 - (await credits(buyer)));
    const balance = await credits(buyer); // 10, or the register bonus if that is more
    const id = await addDocument(uploaded.hash, { userId: alice.id, price: balance });
    await setConfig("download", "times_every_day", "100");
    try {
      const all = await Promise.all(Array.from({ length: 50 }, () => link(id, buyer.token)));
      expect(all.filter((r) => r.status === 200)).toHaveLength(1);
      for (const r of all.filter((x) => x.status !== 200)) expect(r.json.message).toBe("积分不足：当前余额 0");
      expect(await credits(buyer)).toBe(0);
      expect(await db.download.count({ where: { documentId: BigInt(id), userId: BigInt(buyer.id) } })).toBe(1);
    } finally {
      await setConfig("download", "times_every_day", "10");
    }
  });

  test("a priced document is free to its owner and to holders of the download permission, not to other staff", async () => {
    const id = await addDocument(uploaded.hash, { userId: alice.id, price: 5 });
    expect((await link(id, alice.token)).status).toBe(200);
    expect((await link(id, admin)).status).toBe(200); // the root group holds every permission

    // Staff with some other permission (here: the attachment list) do not download priced documents free.
    const perms = await rest(stack.url, "GET", "/api/v1/permission/list?size=1000", undefined, admin);
    const all = perms.json.permission as Array<{ id: number; path: string }>;
    const listAttachments = all.find((p) => p.path === "/api.v1.AttachmentAPI/ListAttachment")?.id;
    const freeDownload = all.find((p) => p.path === "/api.v1.DocumentAPI/DownloadDocument")?.id;
    expect(listAttachments && freeDownload).toBeTruthy();
    const group = await rest(stack.url, "POST", "/api/v1/group", { title: "文件审核员" }, admin);
    const groupId = group.json.id as number;
    const grant = (ids: number[]) =>
      rest(stack.url, "PUT", "/api/v1/group/permission", { group_id: groupId, permission_id: ids }, admin);
    expect((await grant([listAttachments as number])).status).toBe(200);
    const staff = await rest(
      stack.url,
      "POST",
      "/api/v1/user",
      { username: "filestaff", password: "secret123", group_id: [groupId] },
      admin,
    );
    expect(staff.status).toBe(200);
    const login = await rest(stack.url, "POST", "/api/v1/user/login", { username: "filestaff", password: "secret123" });
    const staffToken = login.json.token as string;
    expect((await rest(stack.url, "GET", "/api/v1/attachment/list", undefined, staffToken)).status).toBe(200);
    expect((await link(id, staffToken)).status).toBe(400);
    expect((await grant([listAttachments as number, freeDownload as number])).status).toBe(200);
    expect((await link(id, staffToken)).status).toBe(200);
  });

  test("an issued link stops working once its document is disabled or rejected, or its file blocked", async () => {
    for (const status of [4, 7]) {
      const id = await addDocument(uploaded.hash, { userId: alice.id });
      const url = (await link(id, bob.token)).json.url as string;
      await db.document.update({ where: { id: BigInt(id) }, data: { status } });
      const res = await get(url);
      expect([res.status, ((await res.json()) as { message: string }).message]).toEqual([
        403,
        "文档已下架，下载链接已失效",
      ]);
    }
    const id = await addDocument(uploaded.hash, { userId: alice.id });
    const url = (await link(id, bob.token)).json.url as string;
    await db.attachment.update({ where: { hash: uploaded.hash }, data: { enable: false } });
    try {
      expect((await get(url)).status).toBe(403);
    } finally {
      await db.attachment.update({ where: { hash: uploaded.hash }, data: { enable: true } });
    }
  });

  test("a document pending review is not downloadable (moredoc defect #3); reviewers use the review link", async () => {
    const id = await addDocument(uploaded.hash, { userId: alice.id, status: 6 });
    expect((await link(id, bob.token)).status).toBe(404);
    const own = await link(id, alice.token);
    expect([own.status, own.json.message]).toEqual([400, "文档尚未公开，暂不能下载"]);
    expect((await link(id, admin)).status).toBe(404);

    const denied = await rest(stack.url, "GET", `/api/v1/document/download/bereviewed?id=${id}`, undefined, bob.token);
    expect(denied.status).toBe(403);
    const r = await rest(stack.url, "GET", `/api/v1/document/download/bereviewed?id=${id}`, undefined, admin);
    expect(r.status).toBe(200);
    const res = await get(r.json.url as string);
    expect(res.status).toBe(200);
    expect(Buffer.from(await res.arrayBuffer())).toEqual(Buffer.from(pdf));
    expect(await db.download.count({ where: { documentId: BigInt(id) } })).toBe(0);
  });

  test("documents in the recycle bin: no link, and an issued link stops working", async () => {
    const id = await addDocument(uploaded.hash, { userId: alice.id });
    const url = (await link(id, bob.token)).json.url as string;
    await db.document.update({ where: { id: BigInt(id) }, data: { deletedAt: new Date() } });
    expect((await link(id, bob.token)).status).toBe(404);
    expect((await get(url)).status).toBe(404);
  });
});

describe("names without bidi controls (#22 item 7)", () => {
  const RLO = "\u202E"; // "evil\u202Egpj.exe" shows as "evilexe.jpg"
  const dispositionOf = async (id: number) => {
    const r = await rest(stack.url, "GET", `/api/v1/document/download?id=${id}`, undefined, bob.token);
    expect(r.status).toBe(200);
    const res = await get(r.json.url as string);
    await res.arrayBuffer();
    return res.headers.get("content-disposition") ?? "";
  };

  test("an upload named evil\u202Egpj.exe.pdf: its name, its category and document titles are stored clean, and so is the download's name", async () => {
    const up = await upload(makePdf({ pages: 1, lines: () => ["bidi"] }), `evil${RLO}gpj.exe.pdf`, alice.token);
    expect(up.status).toBe(200);
    const attachmentId = (up.json.data as { id: number }).id;
    expect((await db.attachment.findUniqueOrThrow({ where: { id: BigInt(attachmentId) } })).name).toBe(
      "evilgpj.exe.pdf",
    );
    const cat = await rest(stack.url, "POST", "/api/v1/category", { title: `分类${RLO}fdp`, enable: true }, admin);
    expect(cat.status).toBe(200);
    const category = await db.category.findFirstOrThrow({ where: { title: { startsWith: "分类" } } });
    expect(category.title).toBe("分类fdp");
    const created = await rest(
      stack.url,
      "POST",
      "/api/v1/document",
      {
        category_id: [Number(category.id)],
        document: [
          { title: "", attachment_id: attachmentId },
          { title: `标题\u2066${RLO}txt.exe\u2069\u200F`, attachment_id: attachmentId },
        ],
      },
      alice.token,
    );
    expect([created.status, created.json.message]).toEqual([200, undefined]);
    const docs = await db.document.findMany({ where: { userId: BigInt(alice.id) }, orderBy: { id: "desc" }, take: 2 });
    expect(docs.map((d) => d.title).sort()).toEqual(["evilgpj.exe", "标题txt.exe"]);
    const derived = docs.find((d) => d.title === "evilgpj.exe");
    await db.document.update({ where: { id: derived?.id ?? 0n }, data: { status: 2 } });
    const header = await dispositionOf(Number(derived?.id));
    expect(header).toBe(`attachment; filename="evilgpj.exe.pdf"; filename*=UTF-8''evilgpj.exe.pdf`);
  });

  test("a title stored before the cleaning (an old row) still downloads under a name without the control", async () => {
    const id = await addDocument(uploaded.hash, { userId: alice.id });
    await db.document.update({ where: { id: BigInt(id) }, data: { title: `old${RLO}gpj.exe\u200B` } });
    const header = await dispositionOf(id);
    expect(header).toBe(`attachment; filename="oldgpj.exe.pdf"; filename*=UTF-8''oldgpj.exe.pdf`);
    expect(header).not.toContain("%E2%80%AE");
  });
});

describe("AttachmentAPI (admin)", () => {
  test("list, get, edit, soft-delete (an upload of disabled content is then refused); members are refused", async () => {
    const list = await rest(stack.url, "GET", `/api/v1/attachment/list?wd=${uploaded.hash}`, undefined, admin);
    expect(list.status).toBe(200);
    expect(list.json.total).toBe(1);
    // type_id: the first live document using the file, which the admin page opens
    const first = await db.document.findFirst({
      where: { attachmentHash: uploaded.hash, deletedAt: null },
      orderBy: { id: "asc" },
    });
    expect(first).not.toBeNull();
    expect((list.json.attachment as Array<Record<string, unknown>>)[0]).toMatchObject({
      id: uploaded.id,
      username: "filealice",
      type_name: "文档",
      type_id: Number(first?.id),
    });
    const put = await rest(
      stack.url,
      "PUT",
      "/api/v1/attachment",
      { id: uploaded.id, name: "改名.pdf", description: "说明", enable: true },
      admin,
    );
    expect(put.status).toBe(200);
    const one = await rest(stack.url, "GET", `/api/v1/attachment?id=${uploaded.id}`, undefined, admin);
    expect(one.json).toMatchObject({ name: "改名.pdf", description: "说明", enable: true });
    expect((await rest(stack.url, "GET", "/api/v1/attachment?id=999999", undefined, admin)).status).toBe(404);
    expect((await rest(stack.url, "GET", "/api/v1/attachment/list", undefined, alice.token)).status).toBe(403);

    const bytes = makePdf({ pages: 1, lines: () => ["to be disabled"] });
    const up = await upload(bytes, "bad.pdf", bob.token);
    const id = (up.json.data as { id: number }).id;
    expect((await rest(stack.url, "DELETE", `/api/v1/attachment?id=${id}`, undefined, admin)).status).toBe(200);
    const gone = await rest(stack.url, "GET", `/api/v1/attachment?id=${id}`, undefined, admin);
    expect(gone.json.enable).toBe(false);
    expect(gone.json.type_id ?? 0).toBe(0); // no document uses it
    const before = (await originals()).length;
    const again = await upload(bytes, "bad.pdf", carol.token);
    expect([again.status, again.json.message]).toEqual([403, "该文件已被管理员禁用，不能上传"]);
    expect(await originals()).toHaveLength(before);
  });
});
