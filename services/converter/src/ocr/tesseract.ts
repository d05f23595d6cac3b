// Tesseract (Debian tesseract-ocr with tesseract-ocr-eng and tesseract-ocr-chi-sim), optional like
// LibreOffice: probed when the converter starts (version and installed languages), and run on one
// page image at a time as a child process, never on the event loop. Each run has budgets: a time
// limit (SIGKILL past it, or when the job is aborted), an address-space limit (prlimit --as, so a
// hostile image fails its allocation instead of taking the machine's memory), one OpenMP thread
// (OMP_THREAD_LIMIT=1: the converter's lanes are the parallelism) and an output cap.
import { execFile, spawn } from "node:child_process";

/** What to install, one "platform: command" each, for what an administrator reads. */
export const tesseractInstall = [
  "Debian/Ubuntu: apt install tesseract-ocr tesseract-ocr-eng tesseract-ocr-chi-sim",
  "macOS: brew install tesseract tesseract-lang",
] as const;

/** The languages OCR uses when installed, in the order tesseract is given them. */
export const ocrLanguages = ["chi_sim", "eng"] as const;

/**
 * Tesseract's languages for a document in `code` (languages.code: "zh-CN", "en" …; "" unknown), of
 * those installed: English text (and other Latin-script languages, which eng reads far better than
 * chi_sim) with eng alone, about half the time of both; Chinese with chi_sim and eng (Chinese
 * documents mix in Latin words); anything else with every installed one.
 */
export function languagesFor(code: string, installed: readonly string[]): string[] {
  const primary = code.toLowerCase().split(/[-_]/)[0] ?? "";
  const latin = ["en", "fr", "de", "es", "pt", "it", "nl", "vi", "id", "ms"];
  const wanted = latin.includes(primary) ? ["eng"] : primary === "zh" ? ["chi_sim", "eng"] : [];
  const have = wanted.filter((l) => installed.includes(l));
  return have.length ? have : [...installed];
}

export interface TesseractProbe {
  /** Found, with at least one of ocrLanguages installed. */
  available: boolean;
  path: string;
  version?: string;
  /** Of ocrLanguages, those installed. */
  languages: string[];
  /** prlimit caps its memory (without it only the time limit applies). */
  prlimit: boolean;
  problem?: string;
}

function run(cmd: string, args: string[], timeoutMs: number): Promise<{ out: string; error?: NodeJS.ErrnoException }> {
  return new Promise((resolve) => {
    execFile(cmd, args, { timeout: timeoutMs, killSignal: "SIGKILL", maxBuffer: 1 << 20 }, (error, stdout, stderr) => {
      resolve({ out: `${stdout}${stderr}`, ...(error ? { error: error as NodeJS.ErrnoException } : {}) });
    });
  });
}

export async function probeTesseract(path = "tesseract", timeoutMs = 10_000): Promise<TesseractProbe> {
  const [v, langs, pr] = await Promise.all([
    run(path, ["--version"], timeoutMs),
    run(path, ["--list-langs"], timeoutMs),
    run("prlimit", ["--version"], timeoutMs),
  ]);
  const prlimit = !pr.error;
  const version = /tesseract\s+v?([\d.]+)/i.exec(v.out)?.[1];
  if (!version) {
    const problem =
      v.error?.code === "ENOENT" ? `${path} not found` : `${path} --version failed: ${v.out.trim().slice(0, 200)}`;
    return { available: false, path, languages: [], prlimit, problem };
  }
  const listed = new Set(langs.out.split("\n").map((l) => l.trim()));
  const languages = ocrLanguages.filter((l) => listed.has(l));
  if (!languages.length) {
    return {
      available: false,
      path,
      version,
      languages,
      prlimit,
      problem: `no ${ocrLanguages.join(" or ")} language data (tesseract --list-langs)`,
    };
  }
  return { available: true, path, version, languages, prlimit };
}

export interface TesseractLimits {
  /** One page may take this long. */
  timeoutMs: number;
  /** Address space of the tesseract process (prlimit --as), in MiB. */
  memoryMb: number;
  /** TSV output beyond this many bytes ends the run (a page of text is a few tens of KiB). */
  maxOutputBytes: number;
}

export const defaultTesseractLimits: TesseractLimits = { timeoutMs: 60_000, memoryMb: 1024, maxOutputBytes: 4 << 20 };

export type OcrFailureKind = "timeout" | "memory" | "output" | "failed" | "aborted";

/** One page's recognition that did not finish; the page stays without text. */
export class OcrError extends Error {
  override readonly name = "OcrError";
  constructor(
    readonly kind: OcrFailureKind,
    message: string,
  ) {
    super(message);
  }
}

/**
 * Runs `tesseract <image> stdout -l <languages> tsv` under the limits; resolves with the TSV.
 * `dpi` is the image's resolution (tesseract sizes its expectations of the text by it).
 */
export function runTesseract(
  probe: Pick<TesseractProbe, "path" | "prlimit">,
  image: string,
  opts: { languages: readonly string[]; dpi: number; limits: TesseractLimits; signal?: AbortSignal },
): Promise<string> {
  const { limits, signal } = opts;
  const args = [image, "stdout", "-l", opts.languages.join("+"), "--dpi", String(Math.round(opts.dpi)), "tsv"];
  const [cmd, argv] = probe.prlimit
    ? ["prlimit", [`--as=${limits.memoryMb * 1024 * 1024}`, "--", probe.path, ...args]]
    : [probe.path, args];
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(new OcrError("aborted", "the job was aborted"));
      return;
    }
    const child = spawn(cmd, argv, {
      stdio: ["ignore", "pipe", "pipe"],
      env: { PATH: process.env.PATH ?? "/usr/bin:/bin", OMP_THREAD_LIMIT: "1", LC_ALL: "C" },
    });
    const out: Buffer[] = [];
    let bytes = 0;
    let stderr = "";
    let failure: OcrError | undefined;
    const stop = (why: OcrError) => {
      failure ??= why;
      child.kill("SIGKILL");
    };
    const timer = setTimeout(
      () => stop(new OcrError("timeout", `tesseract did not finish within ${limits.timeoutMs} ms`)),
      limits.timeoutMs,
    );
    const onAbort = () => stop(new OcrError("aborted", "the job was aborted"));
    signal?.addEventListener("abort", onAbort, { once: true });
    child.stdout.on("data", (c: Buffer) => {
      bytes += c.length;
      if (bytes > limits.maxOutputBytes) {
        stop(new OcrError("output", `tesseract wrote more than ${limits.maxOutputBytes} bytes`));
        return;
      }
      out.push(c);
    });
    child.stderr.on("data", (c: Buffer) => {
      if (stderr.length < 4096) stderr += c.toString("utf8");
    });
    child.stdout.on("error", () => {});
    child.stderr.on("error", () => {});
    child.on("error", (err) => stop(new OcrError("failed", `tesseract could not start: ${err.message}`)));
    child.on("close", (code, sig) => {
      clearTimeout(timer);
      signal?.removeEventListener("abort", onAbort);
      if (failure) return reject(failure);
      if (code === 0) return resolve(Buffer.concat(out).toString("utf8"));
      const said = stderr.trim().slice(-300);
      // A refused allocation under prlimit: std::bad_alloc, "Cannot allocate", or killed by the kernel.
      if (/bad_alloc|allocate|out of memory/i.test(said) || sig === "SIGABRT" || sig === "SIGSEGV") {
        return reject(new OcrError("memory", `tesseract ran out of its ${limits.memoryMb} MiB: ${said || sig}`));
      }
      reject(new OcrError("failed", `tesseract exited with ${code ?? sig}: ${said}`));
    });
  });
}
