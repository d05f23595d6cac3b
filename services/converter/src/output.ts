// A PageOutput that writes page-N.svg, page-N.gzip.svg, page-N.text.json and cover.png into a directory.
import { mkdir, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { pageTextFileName } from "@wenku/proto/page-text";
import type { PageOutput } from "./mupdf-render.js";

/** page-N.svg or page-N.gzip.svg (the spec's /view/page/{id}/{page}.svg and .gzip.svg). */
export const pageFileName = (n: number, gzip: boolean): string => `page-${n}${gzip ? ".gzip" : ""}.svg`;

export function dirOutput(dir: string): PageOutput {
  let ready: Promise<unknown> | undefined;
  const ensure = () => {
    ready ??= mkdir(dir, { recursive: true });
    return ready;
  };
  return {
    async page(n, svg, gz, text) {
      await ensure();
      await Promise.all([
        writeFile(join(dir, pageFileName(n, false)), svg),
        writeFile(join(dir, pageFileName(n, true)), gz),
        text === undefined ? undefined : writeFile(join(dir, pageTextFileName(n)), text),
      ]);
    },
    async cover(png) {
      await ensure();
      await writeFile(join(dir, "cover.png"), png);
    },
  };
}
