import { theme } from "antd";
import type { CSSProperties, ReactNode } from "react";
import { useState } from "react";

/**
 * antd Typography's looks for the public pages' first load, without Typography: its base brings the
 * editable text (TextArea), copy and measuring code along. Same tokens, same CSS as its Title, Text
 * and Paragraph with `ellipsis`.
 */

/** Typography's root text: colour, line height and word breaking. */
function useTextStyle(): CSSProperties {
  const { token } = theme.useToken();
  return { color: token.colorText, lineHeight: token.lineHeight, wordBreak: "break-word" };
}

/** One line cut with an ellipsis (Typography's `ellipsis-single-line`). */
const SINGLE_LINE: CSSProperties = { overflow: "hidden", whiteSpace: "nowrap", textOverflow: "ellipsis" };

/** `rows` lines, cut with an ellipsis (Typography's `ellipsis-multiple-line`). */
const lineClamp = (rows: number): CSSProperties => ({
  display: "-webkit-box",
  overflow: "hidden",
  WebkitLineClamp: rows,
  WebkitBoxOrient: "vertical",
});

interface TitleProps {
  level: 1 | 2 | 3 | 4 | 5;
  /** Cut to one line with an ellipsis. */
  ellipsis?: boolean;
  style?: CSSProperties;
  children: ReactNode;
  "data-testid"?: string;
}

/** Typography.Title: an h1…h5 in the heading colour, size and weight of the theme. */
export function Title({ level, ellipsis = false, style, children, "data-testid": testId }: TitleProps) {
  const { token } = theme.useToken();
  const base = useTextStyle();
  const Heading = `h${level}` as const;
  return (
    <Heading
      data-testid={testId}
      style={{
        ...base,
        marginTop: 0,
        marginBottom: "0.5em",
        color: token.colorTextHeading,
        fontWeight: token.fontWeightStrong,
        fontSize: token[`fontSizeHeading${level}`],
        lineHeight: token[`lineHeightHeading${level}`],
        ...(ellipsis ? SINGLE_LINE : {}),
        ...style,
      }}
    >
      {children}
    </Heading>
  );
}

/** Typography.Text / Paragraph with `type="secondary"`: the description colour. */
export function SecondaryText({
  block = false,
  style,
  children,
}: {
  /** A paragraph (a div with Typography's bottom margin) rather than inline text. */
  block?: boolean;
  style?: CSSProperties;
  children: ReactNode;
}) {
  const { token } = theme.useToken();
  const base = useTextStyle();
  const Element = block ? "div" : "span";
  return (
    <Element
      style={{ ...base, color: token.colorTextDescription, ...(block ? { marginBottom: "1em" } : {}), ...style }}
    >
      {children}
    </Element>
  );
}

/**
 * Typography's `ellipsis={{ rows, tooltip }}`: text cut after `rows` lines (a span for one line, a
 * block for more) that shows the whole text on hover, only when it is cut: the browser's own tooltip
 * (a `title`), as antd's Tooltip would bring its popup code to every page with a card.
 */
export function EllipsisText({
  rows = 1,
  style,
  children,
}: {
  rows?: number;
  style?: CSSProperties;
  children: string;
}) {
  const base = useTextStyle();
  const [cut, setCut] = useState(false);
  const measure = (element: HTMLElement) =>
    setCut(rows === 1 ? element.scrollWidth > element.clientWidth : element.scrollHeight > element.clientHeight);
  const Element = rows === 1 ? "span" : "div";
  return (
    <Element
      title={cut ? children : undefined}
      onPointerEnter={(event) => measure(event.currentTarget)}
      style={{
        ...base,
        ...(rows === 1
          ? { ...SINGLE_LINE, display: "inline-block", maxWidth: "100%", verticalAlign: "bottom" }
          : lineClamp(rows)),
        ...style,
      }}
    >
      {children}
    </Element>
  );
}
