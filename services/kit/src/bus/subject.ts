// NATS subject rules for the in-process bus: "." separated tokens, `*` matches one token,
// `>` (last token only) matches one or more.
import { BusError } from "./types.js";

function tokens(subject: string): string[] {
  return subject.split(".");
}

/** Throws unless `s` is a valid subject (`wildcards`: a subscription/filter pattern). */
export function checkSubject(s: string, wildcards: boolean): void {
  const parts = tokens(s);
  const ok = parts.every((t, i) => {
    if (t === "" || /\s/.test(t)) return false;
    if (t === "*" || t === ">") return wildcards && (t === "*" || i === parts.length - 1);
    return !t.includes("*") && !t.includes(">");
  });
  if (!ok) throw new BusError("invalid_argument", `invalid subject "${s}"`);
}

/** Does the concrete `subject` match `pattern`? */
export function subjectMatches(pattern: string, subject: string): boolean {
  const p = tokens(pattern);
  const s = tokens(subject);
  for (let i = 0; i < p.length; i++) {
    const t = p[i];
    if (t === ">") return s.length > i;
    if (i >= s.length) return false;
    if (t !== "*" && t !== s[i]) return false;
  }
  return p.length === s.length;
}

/** Could one subject match both patterns? (NATS refuses streams whose subjects overlap.) */
export function subjectsOverlap(a: string, b: string): boolean {
  const x = tokens(a);
  const y = tokens(b);
  for (let i = 0; ; i++) {
    if (i === x.length || i === y.length) return x.length === y.length;
    const tx = x[i];
    const ty = y[i];
    if (tx === ">" || ty === ">") return true;
    if (tx !== "*" && ty !== "*" && tx !== ty) return false;
  }
}
