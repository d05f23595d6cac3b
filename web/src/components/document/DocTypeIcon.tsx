import {
  BookOutlined,
  FileExcelOutlined,
  FileOutlined,
  FilePdfOutlined,
  FilePptOutlined,
  FileTextOutlined,
  FileWordOutlined,
  QuestionCircleOutlined,
  ReadOutlined,
  TabletOutlined,
} from "@ant-design/icons";
import type { ComponentType, CSSProperties } from "react";
import { type DocType, docType } from "./docType.js";

/** The colour of each document kind (the office suites' own colours where there are any). */
export const DOC_TYPE_COLORS: Readonly<Record<DocType, string>> = {
  pdf: "#e5252a",
  word: "#2b579a",
  ppt: "#d24726",
  excel: "#217346",
  text: "#595959",
  epub: "#7cb305",
  mobi: "#fa8c16",
  chm: "#722ed1",
  umd: "#13a8a8",
  other: "#8c8c8c",
};

const ICONS: Readonly<Record<DocType, ComponentType<{ style?: CSSProperties; "aria-hidden"?: boolean }>>> = {
  pdf: FilePdfOutlined,
  word: FileWordOutlined,
  ppt: FilePptOutlined,
  excel: FileExcelOutlined,
  text: FileTextOutlined,
  epub: BookOutlined,
  mobi: TabletOutlined,
  chm: QuestionCircleOutlined,
  umd: ReadOutlined,
  other: FileOutlined,
};

export interface DocTypeIconProps {
  /** The document's extension (".pdf", "docx") or file name. */
  ext: string;
  /** Font size in px; default 16. */
  size?: number;
  style?: CSSProperties;
}

/** The coloured icon of a document's kind, e.g. `<DocTypeIcon ext={doc.ext} size={20} />`. */
export function DocTypeIcon({ ext, size = 16, style }: DocTypeIconProps) {
  const type = docType(ext);
  const Icon = ICONS[type];
  return (
    <span
      role="img"
      aria-label={type.toUpperCase()}
      data-doctype={type}
      style={{ display: "inline-flex", lineHeight: 1, ...style }}
    >
      <Icon aria-hidden style={{ color: DOC_TYPE_COLORS[type], fontSize: size }} />
    </span>
  );
}
