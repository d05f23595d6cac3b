// ConfigAPI's system RPCs over REST: the environment check (asked where the converter runs), the host's
// resources, the licence and the release checks (no network: the running version, said honestly), and
// who may call each.
import { cpus, totalmem } from "node:os";
import { staffUser } from "./staff.js";
import { loginAdmin, registerUser, rest, startTestStack } from "./testing.js";

let stack: Awaited<ReturnType<typeof startTestStack>>;
let admin: string;
let plain: string;
/** Holds one unrelated permission: staff to moredoc's release rule, nothing more. */
let staff: string;

beforeAll(async () => {
  stack = await startTestStack();
  admin = await loginAdmin(stack.url);
  plain = (await registerUser(stack.url, "sysplain")).token;
  staff = (await staffUser(stack.url, admin, "sysstaff", ["/api.v1.PermissionAPI/ListPermission"])).token;
});
afterAll(() => stack.stop());

const call = (method: string, path: string, token?: string, body?: unknown) =>
  rest(stack.url, method, path, body, token);

type Env = {
  name: string;
  description: string;
  is_installed: boolean;
  error: string;
  checked_at: string;
  cmd: string;
  is_required: boolean;
  version: string;
  install: string;
};

describe("GET /api/v1/envs", () => {
  test("each converter tool and font, found or missing, with what it enables and how to install it", async () => {
    const before = Date.now();
    const r = await call("GET", "/api/v1/envs", admin);
    expect(r.status).toBe(200);
    const envs = r.json.envs as Env[];
    expect(envs.map((e) => e.name)).toEqual(["MuPDF", "LibreOffice", "CJK fonts", "Tesseract OCR"]);
    const [mupdf, office, fonts, ocr] = envs as [Env, Env, Env, Env];
    // Built in (npm mupdf): always there, required, nothing to install.
    expect(mupdf).toMatchObject({ is_installed: true, is_required: true, error: "", install: "" });
    expect(mupdf.version).toMatch(/^\d+\.\d+/);
    expect(mupdf.description).toContain("PDF");
    for (const e of envs) expect(Date.parse(e.checked_at)).toBeGreaterThanOrEqual(before - 1000);
    // Optional: either found with its version, or missing with the reason and the install commands.
    expect(office.is_required).toBe(false);
    expect(office.description).toContain("Word");
    expect(office.install).toMatch(
      /^Debian\/Ubuntu: apt install libreoffice-core .*\nmacOS: brew install --cask libreoffice$/,
    );
    if (office.is_installed)
      expect([office.version, office.error]).toEqual([expect.stringMatching(/^LibreOffice \d/), ""]);
    else expect([office.version, office.error]).toEqual(["", expect.stringMatching(/soffice/)]);
    expect(fonts.install).toContain("fonts-noto-cjk");
    if (fonts.is_installed) expect([fonts.version.length > 0, fonts.error]).toEqual([true, ""]);
    else expect(fonts.error).toMatch(/fc-list/);
    // OCR of scanned pages: Tesseract with the languages it reads, or why not and what to install.
    expect([ocr.is_required, ocr.description]).toEqual([false, expect.stringContaining("OCR")]);
    expect(ocr.install).toContain("tesseract-ocr-chi-sim");
    if (ocr.is_installed)
      expect([ocr.version, ocr.error]).toEqual([expect.stringMatching(/^\d+\.\d+.* \(.*eng.*\)$/), ""]);
    else expect(ocr.error).toMatch(/tesseract|CONVERTER_OCR/);
  });

  test("staff without the permission, users and visitors are refused", async () => {
    expect((await call("GET", "/api/v1/envs", staff)).status).toBe(403);
    expect((await call("GET", "/api/v1/envs", plain)).status).toBe(403);
    expect((await call("GET", "/api/v1/envs")).status).toBe(401);
  });
});

describe("GET /api/v1/device", () => {
  test("CPU, memory and the disk of the file storage", async () => {
    const r = await call("GET", "/api/v1/device", admin);
    expect(r.status).toBe(200);
    const { cpu, memory, disk } = r.json as {
      cpu: { cores: number; model_name: string; percent: number };
      memory: { total: number; available: number; used: number; percent: number };
      disk: Array<{ disk_name: string; total: number; used: number; free: number; percent: number }>;
    };
    expect(cpu.cores).toBe(cpus().length);
    expect(cpu.percent).toBeGreaterThanOrEqual(0);
    expect(cpu.percent).toBeLessThanOrEqual(100);
    expect(memory.total).toBe(totalmem());
    expect(memory.used + memory.available).toBe(memory.total);
    const storage = disk.find((d) => d.disk_name.includes(`storage ${stack.storageDir}`));
    expect(storage).toBeDefined();
    expect(storage?.total).toBeGreaterThan(0);
    expect((storage?.used ?? 0) + (storage?.free ?? 0)).toBeLessThanOrEqual(storage?.total ?? 0);
    expect((await call("GET", "/api/v1/device", plain)).status).toBe(403);
    expect((await call("GET", "/api/v1/device")).status).toBe(401);
  });
});

describe("GET /api/v1/license", () => {
  test("the program's AGPL licence and version, no limits, the configured domain", async () => {
    await call("PUT", "/api/v1/config", admin, {
      config: [{ category: "system", name: "domain", value: "https://docs.example.org" }],
    });
    const r = await call("GET", "/api/v1/license", admin);
    expect(r.status).toBe(200);
    expect(r.json).toMatchObject({
      type: 0,
      max_users: 0,
      max_docs: 0,
      domain: "https://docs.example.org",
      license: "AGPL-3.0-or-later",
      version: "0.1.0",
      license_url: "https://www.gnu.org/licenses/agpl-3.0.html",
    });
    expect((await call("GET", "/api/v1/license", plain)).status).toBe(403);
  });
});

describe("release checks (staff, no network)", () => {
  test("the running version, no newer release known, and a note saying why; refresh answers the same", async () => {
    for (const [method, token] of [
      ["GET", admin],
      ["POST", admin],
      ["GET", staff],
    ] as const) {
      const r = await call(method, "/api/v1/release", token);
      expect(r.status).toBe(200);
      expect(r.json).toMatchObject({ current: "0.1.0", tag_name: "", source: "none" });
      expect(r.json.note).toBe("本程序不联网检查新版本，因此无法得知是否有更新；当前运行的版本为 0.1.0。");
    }
  });

  test("a source that would need the network is refused; none is kept; an ignored tag is remembered", async () => {
    const github = await call("PUT", "/api/v1/release/source", admin, { source: "github" });
    expect([github.status, github.json.message]).toEqual([
      400,
      "本程序不联网检查新版本，「版本检测来源」只能设为 none（不检测）",
    ]);
    const bad = await call("PUT", "/api/v1/release/source", admin, { source: "ftp" });
    expect([bad.status, bad.json.message]).toEqual([
      400,
      "「版本检测来源」不是可选的值：ftp，可选 none、auto、gitee、github",
    ]);
    expect((await call("PUT", "/api/v1/release/source", staff, { source: "none" })).status).toBe(200);

    expect((await call("PUT", "/api/v1/release/ignore", admin, { tag_name: " " })).status).toBe(400);
    expect((await call("PUT", "/api/v1/release/ignore", staff, { tag_name: "v9.9.9" })).status).toBe(200);
    expect((await call("GET", "/api/v1/release", admin)).json.ignore).toBe("v9.9.9");
  });

  test("users who are not staff and visitors are refused", async () => {
    expect((await call("GET", "/api/v1/release", plain)).status).toBe(403);
    expect((await call("PUT", "/api/v1/release/ignore", plain, { tag_name: "v1" })).status).toBe(403);
    expect((await call("GET", "/api/v1/release")).status).toBe(401);
  });
});
