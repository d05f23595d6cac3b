// Which language a document's text is in, as one of the site's language codes (zh-CN, en …), by
// franc-min's trigram models. Chinese is one language to franc: simplified and traditional are told
// apart by characters that exist in one script only.
import { franc } from "franc-min";

/** franc's ISO 639-3 codes → the codes of the default languages (language.seed.ts). */
const CODES = new Map<string, string>(
  Object.entries({
    eng: "en",
    jpn: "ja",
    kor: "ko",
    fra: "fr",
    deu: "de",
    spa: "es",
    rus: "ru",
    por: "pt",
    ita: "it",
    arb: "ar",
    vie: "vi",
    tha: "th",
  }),
);

// Frequent characters written differently in the two scripts (traditional, simplified), pair by pair.
const TRADITIONAL = "們這個來說為國會時對過還與從後發經麼當實際關學進種開問題應現將機動點體長設無樣區見電";
const SIMPLIFIED = "们这个来说为国会时对过还与从后发经么当实际关学进种开问题应现将机动点体长设无样区见电";

/** Text read for detection: enough for trigram statistics, cheap on a huge text. */
const SAMPLE_CHARS = 4_000;
/** Shorter samples are not judged (franc answers "und" anyway, or guesses). */
const MIN_CHARS = 20;

/** The language code of `text`, or null when it is too short or not one the site knows. */
export function detectLanguage(text: string): string | null {
  const sample = text
    .slice(0, SAMPLE_CHARS * 2)
    .replace(/\s+/g, " ")
    .trim()
    .slice(0, SAMPLE_CHARS);
  if (sample.length < MIN_CHARS) return null;
  const code = franc(sample, { minLength: MIN_CHARS });
  if (code === "cmn") return chineseScript(sample);
  return CODES.get(code) ?? null;
}

function chineseScript(text: string): string {
  let traditional = 0;
  let simplified = 0;
  for (const ch of text) {
    const t = TRADITIONAL.indexOf(ch);
    const s = SIMPLIFIED.indexOf(ch);
    if (t >= 0 && SIMPLIFIED[t] !== ch) traditional++;
    else if (s >= 0 && TRADITIONAL[s] !== ch) simplified++;
  }
  return traditional > simplified ? "zh-TW" : "zh-CN";
}
