// Office formats → PDF with LibreOffice headless. One profile directory (-env:UserInstallation) per
// concurrent conversion, reused across jobs (a warm profile saves seconds); each run gets its own
// temp outdir and a copy of the source named `source.<ext>` (same basename → same output name).
// soffice is started in its own process group so a timeout or an abort kills soffice.bin too; on
// Linux it runs under an address-space limit (ulimit -v, inherited by soffice.bin). A timeout or a
// memory-limit failure is final (the same file would hit the same limit again); a missing soffice
// is final with what to install; a crash by another signal may be retried once.
import { spawn } from "node:child_process";
import { randomUUID } from "node:crypto";
import { copyFile, mkdir, open, readFile, rm, stat, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { abortError, ConversionError } from "./errors.js";
import { officeInstallHint } from "./tools.js";

export interface OfficeOptions {
  /** Default "soffice" (on PATH). */
  sofficePath?: string;
  /** Kill soffice after this long (default 2 min). */
  timeoutMs?: number;
  /** Address-space limit of soffice and its children in MiB (Linux; default 1536, 0: none). */
  memoryLimitMb?: number;
  /** Where profiles live (default <tmp>/wenku-soffice-<pid>-<random>): unique per worker process. */
  profileRoot?: string;
  /** Conversions at once (default 1); each holds one profile. */
  slots?: number;
}

const missingMessage = `服务器未安装 LibreOffice，无法转换 Word、PowerPoint、Excel 和文本文档。请管理员安装（${officeInstallHint}）`;

/** What LibreOffice prints when an allocation failed under the address-space limit. */
const outOfMemory = /bad_alloc|out of memory|Unspecified Application Error|cannot allocate memory/i;
/** Signals a crashing soffice dies of (ours is SIGKILL). */
const crashSignals = new Set(["SIGSEGV", "SIGABRT", "SIGBUS", "SIGILL", "SIGFPE"]);

/** LibreOffice import filters for what it cannot guess (toolchain.md): UTF-8, comma / tab separated. */
const infilters = new Map<string, string>(
  Object.entries({
    csv: "CSV:44,34,76,1",
    tsv: "CSV:9,34,76,1",
    txt: "Text (encoded):UTF8,LF,,,",
  }),
);

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
  const timeoutMs = options.timeoutMs ?? 2 * 60_000;
  const memoryLimitMb = process.platform === "linux" ? (options.memoryLimitMb ?? 1536) : 0;
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

  /** soffice itself, or (Linux, with a limit) sh setting the limit and exec'ing soffice in the same process. */
  function command(args: string[]): [string, string[]] {
    if (!memoryLimitMb) return [soffice, args];
    const script = 'ulimit -v "$1" 2>/dev/null; shift; exec "$@"';
    return ["/bin/sh", ["-c", script, "sh", String(memoryLimitMb * 1024), soffice, ...args]];
  }

  const missing = (detail: string, cause?: unknown) =>
    new ConversionError("tool_missing", detail, { message: missingMessage, cause });

  async function run(args: string[], signal: AbortSignal | undefined, onAlive?: () => void): Promise<string> {
    return new Promise((resolve, reject) => {
      const [cmd, argv] = command(args);
      const child = spawn(cmd, argv, { detached: true, stdio: ["ignore", "pipe", "pipe"] });
      let output = "";
      const collect = (d: Buffer) => {
        if (output.length < 4096) output += d.toString("utf8");
      };
      child.stdout.on("data", collect);
      child.stderr.on("data", collect);
      // A pipe error (EPIPE after a kill) is the process's consequence: its exit reports the failure.
      child.stdout.on("error", () => {});
      child.stderr.on("error", () => {});
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
      const seconds = Math.round(timeoutMs / 1000);
      const timer = setTimeout(
        () =>
          kill(
            new ConversionError("timeout", `LibreOffice did not finish within ${timeoutMs} ms`, {
              message: `文档转换超时：LibreOffice 在 ${seconds} 秒内未完成转换，已停止（不再自动重试）`,
            }),
          ),
        timeoutMs,
      );
      const alive = onAlive ? setInterval(onAlive, 5_000) : undefined;
      const onAbort = () => signal && kill(abortError(signal));
      signal?.addEventListener("abort", onAbort, { once: true });
      let settled = false;
      const done = () => {
        settled = true;
        clearTimeout(timer);
        clearInterval(alive);
        signal?.removeEventListener("abort", onAbort);
        killGroup(); // soffice.bin must not outlive its launcher
      };
      child.on("error", (err: NodeJS.ErrnoException) => {
        if (settled) return;
        done();
        if (err.code === "ENOENT") reject(missing(`${cmd} not found (spawn ENOENT)`, err));
        else reject(new ConversionError("tool_failed", `cannot start ${cmd}: ${err.message}`, { cause: err }));
      });
      child.on("close", (code, sig) => {
        if (settled) return;
        done();
        const text = output.trim();
        if (killedFor) reject(killedFor);
        else if (code === 127 && memoryLimitMb) reject(missing(`${soffice} not found: ${text}`));
        else if (code !== 0 && memoryLimitMb && outOfMemory.test(text)) {
          reject(
            new ConversionError(
              "too_large",
              `LibreOffice failed under its ${memoryLimitMb} MiB memory limit (${sig ?? code}): ${text}`,
              { message: `文档过大：LibreOffice 超出 ${memoryLimitMb} MB 内存限制，无法转换` },
            ),
          );
        } else if (code !== 0) {
          // A crash (a signal other than our kill) or an odd exit may be bad luck: one more attempt, not five.
          const how = sig && crashSignals.has(sig) ? `crashed (${sig})` : `exited with ${sig ?? code}`;
          reject(new ConversionError("tool_failed", `LibreOffice ${how}: ${text}`, { maxAttempts: 2 }));
        } else resolve(output);
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
        const filter = infilters.get(ext);
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
            // Under a memory limit the import filter may catch its own failed allocation and report the
            // file as unloadable (exit 0): a corrupt file and one too large cannot be told apart then.
            if (memoryLimitMb) {
              throw new ConversionError(
                "corrupt",
                `LibreOffice cannot load the ${ext} file under its ${memoryLimitMb} MiB memory limit: ${output.trim()}`,
                { message: `文档无法打开：文件已损坏，或超出 LibreOffice 的 ${memoryLimitMb} MB 内存限制` },
              );
            }
            throw new ConversionError("corrupt", `LibreOffice cannot load the ${ext} file: ${output.trim()}`);
          }
          throw new ConversionError("tool_failed", `LibreOffice wrote no PDF: ${output.trim()}`, { maxAttempts: 2 });
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
