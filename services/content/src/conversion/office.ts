// Office formats → PDF with LibreOffice headless. One profile directory (-env:UserInstallation) per
// concurrent conversion, reused across jobs (a warm profile saves seconds); each run gets its own
// temp outdir and a copy of the source named `source.<ext>` (same basename → same output name).
// soffice is started in its own process group so a timeout or an abort kills soffice.bin too.
import { spawn } from "node:child_process";
import { randomUUID } from "node:crypto";
import { copyFile, mkdir, open, readFile, rm, stat, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { abortError, ConversionError } from "./errors.js";

export interface OfficeOptions {
  /** Default "soffice" (on PATH). */
  sofficePath?: string;
  /** Kill soffice after this long (default 5 min). */
  timeoutMs?: number;
  /** Where profiles live (default <tmp>/wenku-soffice-<pid>-<random>): unique per worker process. */
  profileRoot?: string;
  /** Conversions at once (default 1); each holds one profile. */
  slots?: number;
}

/** LibreOffice import filters for what it cannot guess (toolchain.md): UTF-8, comma / tab separated. */
const infilters: Record<string, string> = {
  csv: "CSV:44,34,76,1",
  tsv: "CSV:9,34,76,1",
  txt: "Text (encoded):UTF8,LF,,,",
};

/** Container formats: a file with one of these extensions must look like one of the accepted kinds. */
const zipOrOle = new Set(["doc", "docx", "dot", "wps", "odt", "ppt", "pptx", "pps", "ppsx", "dps", "odp", "pot"]);
const spreadsheets = new Set(["xls", "xlsx", "et", "ods"]);

/**
 * LibreOffice imports anything it cannot parse as plain text, so random bytes named .docx "convert"
 * into pages of garbage. Reject what is neither a zip (OOXML/ODF), an OLE2 file (doc/xls/ppt/wps),
 * RTF, nor text (HTML or XML saved under an office extension, common in the wild).
 */
export function looksLikeOfficeFile(head: Uint8Array, ext: string): boolean {
  if (!zipOrOle.has(ext) && !spreadsheets.has(ext) && ext !== "rtf") return true;
  const b = Buffer.from(head);
  if (b.subarray(0, 4).equals(Buffer.from([0x50, 0x4b, 0x03, 0x04]))) return true; // zip
  if (b.subarray(0, 8).equals(Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]))) return true; // OLE2
  if (b.subarray(0, 5).toString("latin1") === "{\\rtf") return true;
  // Text: valid UTF-8 without NUL or other binary control bytes.
  try {
    const s = new TextDecoder("utf-8", { fatal: true }).decode(trimPartialUtf8(b));
    // biome-ignore lint/suspicious/noControlCharactersInRegex: binary control bytes mark a non-text file
    return s.length > 0 && !/[\u0000-\u0008\u000e-\u001a]/.test(s);
  } catch {
    return false;
  }
}

/** The head of a file may end inside a multi-byte character. */
function trimPartialUtf8(b: Buffer): Buffer {
  let end = b.length;
  for (let i = 1; i <= 3 && end - i >= 0; i++) {
    const c = b[end - i] ?? 0;
    if ((c & 0xc0) === 0x80) continue; // continuation byte
    const need = c >= 0xf0 ? 4 : c >= 0xe0 ? 3 : c >= 0xc0 ? 2 : 1;
    if (need > i) end -= i;
    break;
  }
  return b.subarray(0, end);
}

async function readHead(path: string, n: number): Promise<Uint8Array> {
  const fh = await open(path, "r");
  try {
    const buf = Buffer.alloc(n);
    const { bytesRead } = await fh.read(buf, 0, n, 0);
    return buf.subarray(0, bytesRead);
  } finally {
    await fh.close();
  }
}

/** Plain text that is not UTF-8 is most often GB18030/GBK here: re-encode it so the UTF-8 filter reads it. */
async function prepareText(src: string, dst: string): Promise<void> {
  const bytes = await readFile(src);
  try {
    new TextDecoder("utf-8", { fatal: true }).decode(bytes);
    await copyFile(src, dst);
  } catch {
    await writeFile(dst, new TextDecoder("gb18030").decode(bytes), "utf8");
  }
}

export interface OfficeConverter {
  /** Converts `input` to `<workDir>/source.pdf` and returns that path. */
  toPdf(
    input: string,
    ext: string,
    workDir: string,
    opts?: { signal?: AbortSignal; onAlive?: () => void },
  ): Promise<string>;
  /** Removes the profiles. */
  close(): Promise<void>;
}

export function createOfficeConverter(options: OfficeOptions = {}): OfficeConverter {
  const soffice = options.sofficePath ?? "soffice";
  const timeoutMs = options.timeoutMs ?? 5 * 60_000;
  const root = options.profileRoot ?? join(tmpdir(), `wenku-soffice-${process.pid}-${randomUUID().slice(0, 8)}`);
  const free = Array.from({ length: options.slots ?? 1 }, (_, i) => join(root, `profile-${i}`));
  const waiting: ((profile: string) => void)[] = [];

  const acquire = (): Promise<string> => {
    const p = free.pop();
    return p ? Promise.resolve(p) : new Promise((r) => waiting.push(r));
  };
  const release = (p: string): void => {
    const next = waiting.shift();
    if (next) next(p);
    else free.push(p);
  };

  async function run(args: string[], signal: AbortSignal | undefined, onAlive?: () => void): Promise<string> {
    return new Promise((resolve, reject) => {
      const child = spawn(soffice, args, { detached: true, stdio: ["ignore", "pipe", "pipe"] });
      let output = "";
      const collect = (d: Buffer) => {
        if (output.length < 4096) output += d.toString("utf8");
      };
      child.stdout.on("data", collect);
      child.stderr.on("data", collect);
      let killedFor: ConversionError | undefined;
      const killGroup = () => {
        try {
          if (child.pid) process.kill(-child.pid, "SIGKILL");
        } catch {
          // already gone
        }
      };
      const kill = (why: ConversionError) => {
        killedFor ??= why;
        killGroup();
      };
      const timer = setTimeout(
        () => kill(new ConversionError("timeout", `LibreOffice did not finish within ${timeoutMs} ms`)),
        timeoutMs,
      );
      const alive = onAlive ? setInterval(onAlive, 5_000) : undefined;
      const onAbort = () => signal && kill(abortError(signal));
      signal?.addEventListener("abort", onAbort, { once: true });
      const done = () => {
        clearTimeout(timer);
        clearInterval(alive);
        signal?.removeEventListener("abort", onAbort);
        killGroup(); // soffice.bin must not outlive its launcher
      };
      child.on("error", (err) => {
        done();
        reject(new ConversionError("tool_failed", `cannot start ${soffice}: ${err.message}`, { cause: err }));
      });
      child.on("close", (code, sig) => {
        done();
        if (killedFor) reject(killedFor);
        else if (code !== 0)
          reject(new ConversionError("tool_failed", `LibreOffice exited with ${sig ?? code}: ${output.trim()}`));
        else resolve(output);
      });
    });
  }

  return {
    async toPdf(input, ext, workDir, opts = {}) {
      const { signal, onAlive } = opts;
      if ((await stat(input)).size === 0) throw new ConversionError("empty", "the file is 0 bytes");
      if (!looksLikeOfficeFile(await readHead(input, 4096), ext)) {
        throw new ConversionError("corrupt", `not a ${ext} file: neither zip, OLE2, RTF nor text`);
      }
      const src = join(workDir, `source.${ext}`);
      const outDir = join(workDir, "pdf");
      await mkdir(outDir, { recursive: true });
      if (ext === "txt") await prepareText(input, src);
      else await copyFile(input, src);
      const profile = await acquire();
      try {
        if (signal?.aborted) throw abortError(signal);
        const filter = infilters[ext];
        const args = [
          `-env:UserInstallation=file://${profile}`,
          "--headless",
          "--norestore",
          "--nologo",
          "--nodefault",
          "--nolockcheck",
          ...(filter ? [`--infilter=${filter}`] : []),
          "--convert-to",
          "pdf",
          "--outdir",
          outDir,
          src,
        ];
        const output = await run(args, signal, onAlive);
        const pdf = join(outDir, "source.pdf");
        const s = await stat(pdf).catch(() => undefined);
        if (!s || s.size === 0) {
          if (/could not be loaded|general input\/output error/i.test(output)) {
            throw new ConversionError("corrupt", `LibreOffice cannot load the ${ext} file: ${output.trim()}`);
          }
          throw new ConversionError("tool_failed", `LibreOffice wrote no PDF: ${output.trim()}`);
        }
        return pdf;
      } finally {
        release(profile);
      }
    },
    async close() {
      await rm(root, { recursive: true, force: true });
    },
  };
}
