// The optional system tools the converter uses, probed once when the converter starts:
// LibreOffice (office formats → PDF), CJK fonts (Chinese text in office documents) and native
// mutool. MuPDF is built in (npm `mupdf`, WASM) and always there; native mutool renders instead when
// installed (CONVERTER_MUTOOL=auto). The probe result is per process: in a cluster each
// converter replica probes its own image.
import { execFile } from "node:child_process";
import { existsSync } from "node:fs";
import { type MutoolMode, type MutoolProbe, probeMutool } from "./mutool.probe.js";
import { probeTesseract, type TesseractProbe, tesseractInstall } from "./ocr/tesseract.js";

/** What to install, one "platform: command" each, for what an administrator reads (README "Optional system packages"). */
export const officeInstall = [
  "Debian/Ubuntu: apt install libreoffice-core libreoffice-writer libreoffice-calc libreoffice-impress fonts-noto-cjk",
  "macOS: brew install --cask libreoffice",
] as const;
export const cjkFontsInstall = [
  "Debian/Ubuntu: apt install fonts-noto-cjk",
  "macOS: brew install --cask font-noto-sans-cjk",
] as const;
export const officeInstallHint = officeInstall.join("; ");
export const cjkFontsInstallHint = cjkFontsInstall.join("; ");
export const mutoolInstallHint = "Debian/Ubuntu: apt install mupdf-tools";
export const tesseractInstallHint = tesseractInstall.join("; ");

/** Where Homebrew's cask (and the dmg) put soffice on macOS; it is not on PATH there. */
const macSoffice = "/Applications/LibreOffice.app/Contents/MacOS/soffice";

export interface ToolProbe {
  office: { available: boolean; path: string; version?: string; problem?: string };
  /** undefined: fc-list is missing, so nobody knows (macOS without fontconfig). */
  cjkFonts: boolean | undefined;
  /** The first CJK font family fc-list named. */
  cjkFontFamily?: string;
  /** Native mutool renders MuPDF formats (absent: not probed). */
  mutool?: MutoolProbe;
  /** Tesseract recognises scanned pages (absent: not probed). */
  ocr?: TesseractProbe;
}

type RunError = NodeJS.ErrnoException & { killed?: boolean };

function run(cmd: string, args: string[], timeoutMs: number): Promise<{ stdout: string; error?: RunError }> {
  return new Promise((resolve) => {
    execFile(cmd, args, { timeout: timeoutMs, killSignal: "SIGKILL", maxBuffer: 1 << 20 }, (error, stdout) => {
      resolve({ stdout: String(stdout ?? ""), ...(error ? { error: error as RunError } : {}) });
    });
  });
}

/**
 * `soffice` as configured (a name on PATH or a path); when it is the default name and missing on
 * macOS, the app bundle's copy.
 */
export function sofficeCandidates(configured: string | undefined, platform = process.platform): string[] {
  if (configured) return [configured];
  return platform === "darwin" && existsSync(macSoffice) ? ["soffice", macSoffice] : ["soffice"];
}

export async function probeTools(
  opts: { soffice?: string; timeoutMs?: number; mutool?: MutoolMode; ocr?: "auto" | "off" } = {},
): Promise<ToolProbe> {
  const timeoutMs = opts.timeoutMs ?? 10_000;
  const probeOffice = async (): Promise<ToolProbe["office"]> => {
    let problem = "";
    const candidates = sofficeCandidates(opts.soffice);
    for (const path of candidates) {
      const r = await run(path, ["--version"], timeoutMs);
      const version = /LibreOffice\s+[\d.]+/.exec(r.stdout)?.[0];
      if (!r.error && version) return { available: true, path, version };
      problem =
        r.error?.code === "ENOENT"
          ? `${path} not found`
          : r.error?.killed
            ? `${path} --version did not answer within ${timeoutMs} ms`
            : `${path} --version failed: ${(r.error?.message ?? r.stdout).trim().slice(0, 200)}`;
    }
    return { available: false, path: candidates[0] ?? "soffice", problem };
  };
  const probeFonts = async (): Promise<Pick<ToolProbe, "cjkFonts" | "cjkFontFamily">> => {
    const r = await run("fc-list", [":lang=zh", "family"], timeoutMs);
    if (r.error?.code === "ENOENT") return { cjkFonts: undefined };
    const family = r.error ? "" : (r.stdout.trim().split("\n")[0] ?? "").split(",")[0]?.trim();
    return family ? { cjkFonts: true, cjkFontFamily: family } : { cjkFonts: false };
  };
  const probeOcr = (): Promise<TesseractProbe> =>
    opts.ocr === "off"
      ? Promise.resolve({
          available: false,
          path: "tesseract",
          languages: [],
          prlimit: false,
          problem: "CONVERTER_OCR=off",
        })
      : probeTesseract("tesseract", timeoutMs);
  const [office, fonts, mutool, ocr] = await Promise.all([
    probeOffice(),
    probeFonts(),
    probeMutool(opts.mutool ?? "auto"),
    probeOcr(),
  ]);
  return { office, ...fonts, mutool, ocr };
}

/** The lines `npm start` prints: what was found, what is missing and what that costs. */
export function describeTools(p: ToolProbe): string[] {
  const m = p.mutool;
  const lines = [
    m?.used
      ? `  converters: PDF, EPUB, MOBI: MuPDF native (mutool ${m.version}, ${m.path})`
      : `  converters: PDF, EPUB, MOBI: MuPDF (built in, WASM)${m ? `; native mutool not used: ${m.problem}` : ""}`,
  ];
  if (m && !m.used && m.problem?.endsWith("not found")) {
    lines.push(`              For less CPU per page: ${mutoolInstallHint}`);
  }
  if (p.office.available) {
    lines.push(`              Word, PowerPoint, Excel, text: ${p.office.version} (${p.office.path})`);
  } else {
    lines.push(
      `              Word, PowerPoint, Excel, text: LibreOffice NOT FOUND (${p.office.problem}): uploads of these formats are refused.`,
      `              To enable them: ${officeInstallHint}`,
    );
  }
  const o = p.ocr;
  if (o?.available) {
    lines.push(`              scanned pages (OCR): Tesseract ${o.version} (${o.languages.join(", ")})`);
  } else if (o) {
    lines.push(
      `              scanned pages (OCR): Tesseract NOT USED (${o.problem}): pages that are only images are not searchable.`,
    );
    if (o.problem !== "CONVERTER_OCR=off") lines.push(`              To enable it: ${tesseractInstallHint}`);
  }
  if (p.office.available && p.cjkFonts === false) {
    lines.push(
      "              CJK fonts NOT FOUND (fc-list :lang=zh): Chinese text in office documents turns into boxes.",
      `              To fix: ${cjkFontsInstallHint}`,
    );
  }
  return lines;
}

/** What uploads need to know (ConverterInternalAPI.GetConverterFormats): whether office documents can be converted here. */
export interface ConverterAvailability {
  /** LibreOffice found by the last probe. */
  office(): Promise<boolean>;
  /** Upload extensions refused now for want of a converter, with the dot (".docx" …). */
  unavailableExtensions(): Promise<string[]>;
  /** Probes now (joining a probe under way) and keeps the result: the environment check staff run. */
  check(): Promise<ToolProbe>;
}

/**
 * Availability from a probe; while LibreOffice is missing it is probed again at most once a minute
 * (in the background), so installing it takes effect without a restart.
 */
export function converterAvailability(
  first: Promise<ToolProbe>,
  reprobe: () => Promise<ToolProbe>,
  officeExts: readonly string[],
  retryMs = 60_000,
): ConverterAvailability {
  let current = first.catch((): ToolProbe => ({ office: { available: false, path: "soffice" }, cjkFonts: undefined }));
  let probedAt = Date.now();
  let probing: Promise<ToolProbe> | undefined;
  const probeNow = () => {
    if (probing) return probing;
    probedAt = Date.now();
    const next = reprobe();
    probing = next;
    next.then(
      (r) => {
        current = Promise.resolve(r);
        probing = undefined;
      },
      () => {
        probing = undefined;
      },
    );
    return next;
  };
  const office = async () => {
    const p = await current;
    if (!p.office.available && !probing && Date.now() - probedAt >= retryMs) void probeNow().catch(() => {});
    return p.office.available;
  };
  return {
    office,
    check: probeNow,
    async unavailableExtensions() {
      return (await office()) ? [] : officeExts.map((e) => `.${e}`);
    },
  };
}
