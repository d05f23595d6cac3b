// A deterministic corpus for the search bench: N documents, about 60 % Chinese and 40 % English, with
// realistic shapes (titles 6–30 characters, 1–40 pages skewed small, pages of 300–2,500 characters,
// categories, uploaders, dates), and a query set whose right answer is known.
//
// Words come from the committed lists in words/ (see README.md for their sources): zh.txt holds the
// 5,000 most frequent Chinese words of the Leiden Weibo corpus, most frequent first. English has two
// vocabularies (BENCH_EN_VOCAB): "wide" (the default, 38,000 words) ranks PostgreSQL's 127 English stop
// words first, then SCOWL size 10 (en.txt, the most common words), 20 (en-20.txt), 35 (en-35.txt), each
// class in a seeded shuffle (SCOWL's lists are alphabetical); "common" is SCOWL size 10 alone (3,939
// words in a seeded shuffle: the first corpus, where one title word matches a third of the English
// documents). Words are drawn with Zipf frequencies (rank r weighs 1/(r+1)), so a few words are
// everywhere and most are rare, as in real text (in "wide", stop words are half of the words, as in
// English prose); each document also has a few topic words that recur in its title, keywords and pages,
// as a real document is about something.
//
// Everything is a function of (seed, document id): document k is the same whether it is generated
// alone or as part of a run, so a query made from it knows its right answer without storing the corpus.
import { readFileSync } from "node:fs";
import type { IndexedDocument } from "@wenku/search";

export const DEFAULT_SEED = 11;

/** English vocabularies: "wide" (38,000 words, stop words first) or "common" (SCOWL size 10 alone). */
export const EN_VOCABS = ["wide", "common"] as const;
export type EnVocab = (typeof EN_VOCABS)[number];

type Rng = () => number;

/** mulberry32: a tiny, fast, well-distributed 32-bit PRNG; returns floats in [0, 1). */
function prng(seed: number): Rng {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** One 32-bit seed from several integers (a murmur3-style finalizer over each). */
function mix(...parts: number[]): number {
  let h = 0x9e3779b9;
  for (const p of parts) {
    h = Math.imul(h ^ (p >>> 0), 0x85ebca6b);
    h ^= h >>> 13;
    h = Math.imul(h, 0xc2b2ae35);
    h ^= h >>> 16;
  }
  return h >>> 0;
}

const int = (rng: Rng, min: number, max: number) => min + Math.floor(rng() * (max - min + 1));
const pick = <T>(rng: Rng, items: readonly T[]): T => items[Math.floor(rng() * items.length)] as T;

/** One of `items` with probability its last element (the weights add up to 1). */
function weighted<T extends readonly [...unknown[], number]>(rng: Rng, items: readonly T[]): T {
  let x = rng();
  for (const item of items) {
    x -= item[item.length - 1] as number;
    if (x < 0) return item;
  }
  return items[items.length - 1] as T;
}

export type Lang = "zh" | "en";

/** A word list with Zipf weights: pick() returns a rank (0 = most frequent). */
class Vocabulary {
  private readonly cumulative: Float64Array;
  constructor(readonly words: readonly string[]) {
    this.cumulative = new Float64Array(words.length);
    let sum = 0;
    for (let r = 0; r < words.length; r++) {
      sum += 1 / (r + 1);
      this.cumulative[r] = sum;
    }
  }
  pick(rng: Rng): number {
    const x = rng() * (this.cumulative[this.cumulative.length - 1] ?? 0);
    let lo = 0;
    let hi = this.cumulative.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if ((this.cumulative[mid] ?? 0) < x) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }
}

/** `words` in a seeded shuffle (in place). */
function shuffle(rng: Rng, words: string[]): string[] {
  for (let i = words.length - 1; i > 0; i--) {
    const j = Math.floor(rng() * (i + 1));
    [words[i], words[j]] = [words[j] as string, words[i] as string];
  }
  return words;
}

/** English words, most frequent first (see the top of this file). */
function englishWords(seed: number, vocab: EnVocab): string[] {
  const rng = prng(mix(seed, 0xe0));
  if (vocab === "common") return shuffle(rng, readWords("en.txt"));
  const seen = new Set<string>();
  const ranked: string[] = [];
  for (const list of ["en-stop.txt", "en.txt", "en-20.txt", "en-35.txt"]) {
    const fresh = readWords(list, 100).filter((w) => !seen.has(w));
    for (const w of fresh) seen.add(w);
    ranked.push(...shuffle(rng, fresh));
  }
  return ranked;
}

function readWords(name: string, atLeast = 1000): string[] {
  const words = readFileSync(new URL(`words/${name}`, import.meta.url), "utf8")
    .split("\n")
    .filter(Boolean);
  if (words.length < atLeast) throw new Error(`words/${name}: ${words.length} words, expected ${atLeast} or more`);
  return words;
}

/** Where a word was written: [start, end) in UTF-16 units, and its rank (higher = rarer). */
interface Span {
  start: number;
  end: number;
  rank: number;
}

/** A piece of generated text and where its words are (what the query maker picks phrases from). */
interface Written {
  text: string;
  spans: Span[];
}

const CATEGORIES: ReadonlyArray<readonly [string, readonly string[]]> = [
  ["教育", ["高等教育", "职业教育", "中小学教育", "考试资料"]],
  ["计算机", ["程序设计", "网络技术", "人工智能", "数据库"]],
  ["经济管理", ["金融", "企业管理", "市场营销"]],
  ["法律", ["合同范本", "法律法规"]],
  ["医学", ["临床医学", "药学", "护理"]],
  ["文学", ["小说", "诗歌散文"]],
  ["Engineering", ["Mechanical", "Electrical", "Civil"]],
  ["Science", ["Physics", "Chemistry", "Biology"]],
  ["Business", ["Finance", "Marketing"]],
];

const EXTS: ReadonlyArray<readonly [string, string, number]> = [
  [".pdf", "pdf", 0.5],
  [".docx", "word", 0.25],
  [".pptx", "ppt", 0.1],
  [".xlsx", "excel", 0.05],
  [".txt", "text", 0.1],
];

const UPLOADERS = 500;
const CREATED_FROM = Date.UTC(2019, 0, 1);
const CREATED_TO = Date.UTC(2026, 10, 1);

/** A document as generated: what the index takes, and where its words are. */
export interface GeneratedDocument {
  doc: IndexedDocument;
  lang: Lang;
  title: Written;
  pages: Written[];
}

/** A query with its right answer. */
export interface BenchQuery {
  text: string;
  documentId: bigint;
  lang: Lang;
  /** Where the phrase was taken from: the title, or page n. */
  from: "title" | number;
}

export class Corpus {
  private readonly zh = new Vocabulary(readWords("zh.txt"));
  private readonly en: Vocabulary;
  private readonly uploaders: string[];

  constructor(
    readonly seed = DEFAULT_SEED,
    readonly enVocab: EnVocab = "wide",
  ) {
    this.en = new Vocabulary(englishWords(seed, enVocab));
    this.uploaders = Array.from({ length: UPLOADERS }, (_, k) => {
      const r = prng(mix(seed, 0xa0, k));
      return r() < 0.6
        ? `${this.zh.words[int(r, 50, 2000)]}${this.zh.words[int(r, 50, 2000)]}${int(r, 1, 99)}`
        : `${this.en.words[int(r, 0, 3000)]}_${int(r, 1, 999)}`;
    });
  }

  private vocab(lang: Lang): Vocabulary {
    return lang === "zh" ? this.zh : this.en;
  }

  /** A word: one of the document's topic words (p = topicShare) or any word by its Zipf frequency. */
  private word(rng: Rng, lang: Lang, topics: number[], topicShare: number): number {
    return rng() < topicShare ? pick(rng, topics) : this.vocab(lang).pick(rng);
  }

  /** Text of about `length` characters: sentences of words, cut at `length`. */
  private text(rng: Rng, lang: Lang, topics: number[], length: number, topicShare = 0.12): Written {
    const words = this.vocab(lang).words;
    const spans: Span[] = [];
    let text = "";
    while (text.length < length) {
      const n = lang === "zh" ? int(rng, 3, 10) : int(rng, 6, 18);
      for (let i = 0; i < n; i++) {
        if (lang === "en" && text.length > 0) text += " ";
        // Chinese text carries a Latin term now and then, as real documents do
        const latin = lang === "zh" && rng() < 0.02;
        const rank = latin ? this.en.pick(rng) : this.word(rng, lang, topics, topicShare);
        let w = latin ? ` ${this.en.words[rank]} ` : (words[rank] as string);
        if (lang === "en" && i === 0) w = w.charAt(0).toUpperCase() + w.slice(1);
        spans.push({ start: text.length, end: text.length + w.length, rank: latin ? -1 : rank });
        text += w;
      }
      text += lang === "zh" ? (rng() < 0.7 ? "，" : "。") : rng() < 0.85 ? "." : ",";
    }
    text = text.slice(0, length);
    return { text, spans: spans.filter((s) => s.end <= text.length) };
  }

  /** A title of 6–30 characters, mostly the document's topic words. */
  private title(rng: Rng, lang: Lang, topics: number[]): Written {
    const target = int(rng, 6, 30);
    const words = this.vocab(lang).words;
    const spans: Span[] = [];
    let text = "";
    for (;;) {
      const rank = this.word(rng, lang, topics, 0.5);
      const w = lang === "zh" ? (words[rank] as string) : capitalize(words[rank] as string);
      const next = lang === "zh" || text === "" ? text + w : `${text} ${w}`;
      if (lang === "en" && next.length > 30) break; // an English title ends between words
      spans.push({ start: next.length - w.length, end: next.length, rank });
      text = next;
      if (text.length >= target) break;
    }
    if (lang === "zh" && text.length > target) {
      text = text.slice(0, target);
      return { text, spans: spans.filter((s) => s.end <= text.length) };
    }
    return { text, spans };
  }

  /** Document `id` (1-based): the same for the same seed, however it is reached. */
  document(id: number): GeneratedDocument {
    const rng = prng(mix(this.seed, id));
    const lang: Lang = rng() < 0.6 ? "zh" : "en";
    const size = this.vocab(lang).words.length;
    const topics = Array.from({ length: int(rng, 4, 8) }, () => int(rng, 200, size - 1));
    const title = this.title(rng, lang, topics);
    const pageCount = 1 + Math.floor(40 * rng() ** 4); // 1–40, median 3–4
    const pages = Array.from({ length: pageCount }, () => this.text(rng, lang, topics, int(rng, 300, 2_500)));
    const words = this.vocab(lang).words;
    const keywords = topics.slice(0, int(rng, 2, 5)).map((r) => words[r]);
    const description = this.text(rng, lang, topics, int(rng, 20, 120), 0.3).text;
    const [top, children] = pick(rng, CATEGORIES);
    const child = int(rng, 0, children.length - 1);
    const topId = 1 + CATEGORIES.findIndex(([t]) => t === top) * 10;
    const [ext, type] = weighted(rng, EXTS);
    const userId = int(rng, 1, UPLOADERS);
    const viewCount = Math.floor(10_000 * rng() ** 6);
    return {
      lang,
      title,
      pages,
      doc: {
        id: BigInt(id),
        version: 1n,
        title: title.text,
        keywords: keywords.join(lang === "zh" ? "," : ", "),
        description,
        categoryNames: [top, children[child] as string],
        categoryIds: [BigInt(topId), BigInt(topId + 1 + child)],
        uploader: this.uploaders[userId - 1] as string,
        userId: BigInt(userId),
        languageId: lang === "zh" ? 1n : 2n,
        ext,
        type,
        pages: pageCount,
        preview: rng() < 0.2 ? int(rng, 1, 5) : 0,
        viewCount,
        downloadCount: Math.floor(viewCount * rng() * 0.2),
        score: int(rng, 0, 500),
        createdAt: new Date(CREATED_FROM + Math.floor(rng() * (CREATED_TO - CREATED_FROM))),
        pageTexts: pages.map((p) => p.text),
      },
    };
  }

  /** Documents 1..n. */
  *documents(n: number): Generator<IndexedDocument> {
    for (let id = 1; id <= n; id++) yield this.document(id).doc;
  }

  /**
   * `count` queries over a corpus of n documents, each a phrase of a random document: from its title
   * (half of them: 2–6 Chinese characters or 1–3 English words) or from one of its pages (4–6
   * characters or 2–3 words: a longer phrase, as someone quoting a passage would type). The phrase is
   * the most distinctive (rarest words) of a few candidate windows, the way a person picks what to type,
   * and for Chinese often cuts words in half (a window of characters, not of words).
   */
  queries(n: number, count: number): BenchQuery[] {
    const rng = prng(mix(this.seed, 0x9e, n));
    const out: BenchQuery[] = [];
    while (out.length < count) {
      const id = int(rng, 1, n);
      const g = this.document(id);
      const fromTitle = rng() < 0.5;
      const page = int(rng, 0, g.pages.length - 1);
      const source = fromTitle ? g.title : (g.pages[page] as Written);
      const text =
        g.lang === "zh"
          ? chinesePhrase(rng, source, fromTitle ? int(rng, 2, 6) : int(rng, 4, 6))
          : englishPhrase(rng, source, fromTitle ? int(rng, 1, 3) : int(rng, 2, 3));
      if (text) out.push({ text, documentId: BigInt(id), lang: g.lang, from: fromTitle ? "title" : page + 1 });
    }
    return out;
  }
}

const capitalize = (w: string) => w.charAt(0).toUpperCase() + w.slice(1);
const HAN_RUN = /\p{Script=Han}+/gu;
const CANDIDATES = 8;

/** How distinctive a window is: the rarity (log rank) of every word it touches. */
function rarity(spans: Span[], start: number, end: number): number {
  let score = 0;
  for (const s of spans) if (s.start < end && s.end > start && s.rank >= 0) score += Math.log(s.rank + 2);
  return score;
}

/** The most distinctive of a few windows of `length` Han characters (no punctuation inside). */
function chinesePhrase(rng: Rng, w: Written, length: number): string | null {
  const runs = [...w.text.matchAll(HAN_RUN)].filter((m) => m[0].length >= length);
  if (runs.length === 0) return null;
  let best: { start: number; score: number } | null = null;
  for (let i = 0; i < CANDIDATES; i++) {
    const run = pick(rng, runs);
    const start = (run.index ?? 0) + int(rng, 0, run[0].length - length);
    const score = rarity(w.spans, start, start + length);
    if (!best || score > best.score) best = { start, score };
  }
  return best ? w.text.slice(best.start, best.start + length) : null;
}

/** The most distinctive of a few runs of `count` consecutive words of one sentence. */
function englishPhrase(rng: Rng, w: Written, count: number): string | null {
  const spans = w.spans;
  if (spans.length < count) return null;
  let best: { start: number; end: number; score: number } | null = null;
  for (let i = 0; i < CANDIDATES; i++) {
    const first = int(rng, 0, spans.length - count);
    const last = spans[first + count - 1] as Span;
    const start = (spans[first] as Span).start;
    if (/[.,]/.test(w.text.slice(start, last.end))) continue; // across a sentence or clause
    const score = rarity(spans, start, last.end);
    if (!best || score > best.score) best = { start, end: last.end, score };
  }
  return best ? w.text.slice(best.start, best.end) : null;
}
