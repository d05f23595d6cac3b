import { theme } from "antd";
import { highlightSegments } from "./highlight.js";

/** A search snippet with the found terms as <mark>s, built from the offsets (never parsed as HTML). */
export function Snippet({ text, highlight }: { text: string; highlight: readonly number[] }) {
  const { token } = theme.useToken();
  let at = 0;
  return (
    <>
      {highlightSegments(text, highlight).map((segment) => {
        const key = at;
        at += segment.text.length;
        return segment.mark ? (
          <mark key={key} style={{ background: "transparent", color: token.colorError, padding: 0, fontWeight: 500 }}>
            {segment.text}
          </mark>
        ) : (
          <span key={key}>{segment.text}</span>
        );
      })}
    </>
  );
}
