// The environment check staff read on the dashboard (ConfigAPI.GetEnvs, asked here over
// ConverterInternalAPI because the check must run where conversions run): each converter tool and
// font, found or missing, what it enables and how to install it. Built from tools.ts's probe.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { create } from "@bufbuild/protobuf";
import { timestampFromDate } from "@bufbuild/protobuf/wkt";
import { type EnvDependent, EnvDependentSchema } from "@wenku/proto/api/v1/config_pb.js";
import { tesseractInstall } from "./ocr/tesseract.js";
import { cjkFontsInstall, officeInstall, type ToolProbe } from "./tools.js";

export const envTexts = {
  mupdf: "PDF、EPUB、MOBI 文档的转换与预览（内置，无需安装）",
  mupdfMissing: "找不到内置的 MuPDF（npm 包 mupdf），请重新安装依赖（npm ci）",
  office:
    "Word、PowerPoint、Excel、WPS、OpenDocument、RTF、CSV、TXT 文档的转换（先转为 PDF）；未安装时拒绝上传这些格式",
  cjkFonts: "Office 文档中的中文、日文、韩文文字（缺少时显示为方框）",
  noFontconfig: "找不到 fc-list（fontconfig），无法检查字体",
  noCjkFont: "fc-list :lang=zh 未找到中文字体",
  ocr: "扫描件（只有图片、没有文字的 PDF 页面）的文字识别（OCR），识别出的文字可被搜索；未安装时这些页面搜不到",
} as const;

/** The built-in MuPDF's version (its npm package), or undefined when the package cannot be found. */
export function mupdfVersion(): string | undefined {
  try {
    const entry = createRequire(import.meta.url).resolve("mupdf");
    const pkg = JSON.parse(readFileSync(new URL("../package.json", `file://${entry}`), "utf8")) as { version?: string };
    return pkg.version;
  } catch {
    return undefined;
  }
}

/** The probe as the environment list: MuPDF (required, built in), LibreOffice and CJK fonts (optional). */
export function toEnvs(probe: ToolProbe, mupdf: string | undefined, checkedAt: Date): EnvDependent[] {
  const at = timestampFromDate(checkedAt);
  const { office } = probe;
  return [
    create(EnvDependentSchema, {
      name: "MuPDF",
      description: envTexts.mupdf,
      isInstalled: mupdf !== undefined,
      error: mupdf === undefined ? envTexts.mupdfMissing : "",
      checkedAt: at,
      cmd: "npm mupdf (WebAssembly)",
      isRequired: true,
      version: mupdf ?? "",
    }),
    create(EnvDependentSchema, {
      name: "LibreOffice",
      description: envTexts.office,
      isInstalled: office.available,
      error: office.available ? "" : (office.problem ?? `${office.path} not found`),
      checkedAt: at,
      cmd: `${office.path} --version`,
      isRequired: false,
      version: office.version ?? "",
      install: officeInstall.join("\n"),
    }),
    create(EnvDependentSchema, {
      name: "CJK fonts",
      description: envTexts.cjkFonts,
      isInstalled: probe.cjkFonts === true,
      error: probe.cjkFonts === undefined ? envTexts.noFontconfig : probe.cjkFonts ? "" : envTexts.noCjkFont,
      checkedAt: at,
      cmd: "fc-list :lang=zh family",
      isRequired: false,
      version: probe.cjkFontFamily ?? "",
      install: cjkFontsInstall.join("\n"),
    }),
    create(EnvDependentSchema, {
      name: "Tesseract OCR",
      description: envTexts.ocr,
      isInstalled: probe.ocr?.available === true,
      error: probe.ocr?.available ? "" : (probe.ocr?.problem ?? "tesseract not probed"),
      checkedAt: at,
      cmd: "tesseract --version; tesseract --list-langs",
      isRequired: false,
      version: probe.ocr?.available
        ? `${probe.ocr.version} (${probe.ocr.languages.join("+")})`
        : (probe.ocr?.version ?? ""),
      install: tesseractInstall.join("\n"),
    }),
  ];
}
