// LibreOffice's limits and absence: a DOCX bomb built here is killed at the configured timeout and
// fails for good; a memory-limit failure is final; a missing soffice is final and says what to install.
import { execFileSync } from "node:child_process";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { waitFor } from "@wenku/testkit";
import { makeDocx, makeSlowDocx } from "@wenku/testkit/documents";
import { createConverter } from "./converter.js";
import type { OfficeOptions } from "./office.js";
import { converterAvailability, describeTools, probeTools, type ToolProbe } from "./tools.js";

let dir: string;
let seq = 0;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "wenku-office-test-"));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function convertDocx(data: Uint8Array, office: OfficeOptions) {
  const root = join(dir, `profiles-${++seq}`);
  const conv = createConverter({ office: { profileRoot: root, ...office }, workRoot: dir, pool: { size: 1 } });
  const path = join(dir, `in-${seq}.docx`);
  await writeFile(path, data);
  const t0 = performance.now();
  try {
    const err = await conv.convert({ path, ext: "docx" }, { dir: join(dir, `out-${seq}`) }).then(
      () => undefined,
      (e: unknown) => e as { name: string; reason: string; retryable: boolean; message: string; detail: string },
    );
    return { err, ms: performance.now() - t0, root };
  } finally {
    await conv.close();
  }
}

const survivors = (root: string) =>
  execFileSync("ps", ["-eo", "args"], { encoding: "utf8" })
    .split("\n")
    .filter((l) => l.includes(root));

test("a DOCX bomb (tens of KB, minutes of layout) is killed at the configured timeout and fails for good", async () => {
  const docx = makeSlowDocx();
  expect(docx.length).toBeLessThan(200_000);
  const { err, ms, root } = await convertDocx(docx, { timeoutMs: 3_000 });
  expect(err).toMatchObject({ name: "ConversionError", reason: "timeout", retryable: false });
  expect(err?.message).toContain("3 秒");
  expect(ms).toBeLessThan(3_000 + 5_000);
  expect(survivors(root)).toEqual([]);
});

test.each([
  ["under its memory limit (sh + ulimit, exit 127)", 1536],
  ["without a memory limit (spawn ENOENT)", 0],
])("soffice missing %s: final 'tool_missing' naming the packages to install", async (_, memoryLimitMb) => {
  const { err } = await convertDocx(makeDocx(["缺少 LibreOffice"]), {
    sofficePath: join(dir, "no-such-soffice"),
    memoryLimitMb,
  });
  expect(err).toMatchObject({ name: "ConversionError", reason: "tool_missing", retryable: false });
  expect(err?.message).toContain("LibreOffice");
  expect(err?.message).toContain("apt install libreoffice-core");
  expect(err?.message).toContain("brew install --cask libreoffice");
});

test("LibreOffice over its memory limit fails for good, naming the limit", async () => {
  const { err } = await convertDocx(makeSlowDocx(20_000), { memoryLimitMb: 300, timeoutMs: 60_000 });
  // Mostly LibreOffice dies of the failed allocation (too large); sometimes (seen under a CI load) its
  // import filter catches it and calls the file unloadable: then the message names both causes.
  expect(err).toMatchObject({ name: "ConversionError", retryable: false });
  if (err?.reason === "corrupt")
    expect(err.message).toBe("文档无法打开：文件已损坏，或超出 LibreOffice 的 300 MB 内存限制");
  else
    expect(err).toMatchObject({ reason: "too_large", message: "文档过大：LibreOffice 超出 300 MB 内存限制，无法转换" });
  expect(err?.detail).toContain("300 MiB");
});

describe("the tool probe", () => {
  test("a missing soffice: not available, and the start-up lines say what that costs and what to install", async () => {
    const p = await probeTools({ soffice: join(dir, "no-such-soffice") });
    expect(p.office).toMatchObject({ available: false, problem: expect.stringContaining("not found") });
    const lines = describeTools(p).join("\n");
    expect(lines).toContain("LibreOffice NOT FOUND");
    expect(lines).toContain("uploads of these formats are refused");
    expect(lines).toContain("apt install libreoffice-core");
  });

  test("the installed soffice is found with its version (this machine has LibreOffice)", async () => {
    const p = await probeTools();
    expect(p.office).toMatchObject({ available: true, version: expect.stringMatching(/^LibreOffice \d/) });
    expect(describeTools(p).join("\n")).toContain(p.office.version);
  });

  test("availability: office extensions are unavailable while soffice is missing; probed again later", async () => {
    const missing: ToolProbe = { office: { available: false, path: "soffice" }, cjkFonts: true };
    const found: ToolProbe = { office: { available: true, path: "soffice", version: "LibreOffice 7" }, cjkFonts: true };
    let probes = 0;
    const a = converterAvailability(
      Promise.resolve(missing),
      async () => {
        probes++;
        return found;
      },
      ["docx", "xls"],
      0,
    );
    expect(await a.unavailableExtensions()).toEqual([".docx", ".xls"]);
    // That call probed again (retryMs 0); its answer is used once it lands.
    await waitFor(() => a.office(), 2_000, "the second probe's answer");
    expect(probes).toBe(1);
    expect(await a.unavailableExtensions()).toEqual([]);
  });
});
