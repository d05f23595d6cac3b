import { execFileSync } from "node:child_process";

/**
 * A document made by @wenku/testkit/documents in a child Node process (MuPDF's WASM module does not
 * load in the Playwright runner): `code` is an ES module body that reads its argument from `spec` and
 * writes the document's bytes, base64, to stdout.
 */
export function viaTestkit(code: string, spec: unknown): Buffer {
  const out = execFileSync(
    process.execPath,
    [
      "--import",
      "tsx",
      "--input-type=module",
      "-e",
      `const spec = JSON.parse(process.argv[1]);\n${code}`,
      JSON.stringify(spec),
    ],
    { encoding: "utf8", maxBuffer: 64 << 20, timeout: 60_000 },
  );
  return Buffer.from(out, "base64");
}

/** A scanned PDF (@wenku/testkit/documents makeScanPdf: text pages drawn as images). */
export const makeScanPdf = (spec: { pages: number; textPages?: number[]; lines: string[][] }): Buffer =>
  viaTestkit(
    `import { makeScanPdf } from "@wenku/testkit/documents";
    const pdf = makeScanPdf({ ...spec, dpi: 200, lines: (n) => spec.lines[n - 1] ?? [] });
    process.stdout.write(Buffer.from(pdf).toString("base64"));`,
    spec,
  );
