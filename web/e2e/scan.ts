import { execFileSync } from "node:child_process";

/**
 * A scanned PDF (@wenku/testkit/documents makeScanPdf: text pages drawn as images), made in a child
 * Node process: MuPDF's WASM module does not load in the Playwright runner.
 */
export function makeScanPdf(spec: { pages: number; textPages?: number[]; lines: string[][] }): Buffer {
  const code = `
    import { makeScanPdf } from "@wenku/testkit/documents";
    const spec = JSON.parse(process.argv[1]);
    const pdf = makeScanPdf({ ...spec, dpi: 200, lines: (n) => spec.lines[n - 1] ?? [] });
    process.stdout.write(Buffer.from(pdf).toString("base64"));`;
  const out = execFileSync(
    process.execPath,
    ["--import", "tsx", "--input-type=module", "-e", code, JSON.stringify(spec)],
    {
      encoding: "utf8",
      maxBuffer: 64 << 20,
      timeout: 60_000,
    },
  );
  return Buffer.from(out, "base64");
}
