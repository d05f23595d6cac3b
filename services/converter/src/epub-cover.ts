// The cover image an EPUB declares, copied out of its zip for MuPDF to render as the document's cover
// (MuPDF lays out the cover page itself, but shows "[image]" for a cover drawn as an SVG <image>, the
// way calibre writes them). Where the cover is, in order: the EPUB 3 manifest item with
// properties="cover-image"; the EPUB 2 <meta name="cover" content="item id">; a manifest image named
// "cover"; else the first image of the cover page (the guide's type="cover" reference, or the first
// spine item when its name says cover).
//
// The zip is read with yauzl (entries validated against their declared sizes, read only when asked
// for) under budgets: at most maxEntries entries, each file read is capped (the OPF, the cover page,
// the image), so a zip bomb or a huge archive is given up on, never inflated. The image is not
// decoded here: MuPDF decodes it in the render pool, with its memory and time budgets.
import { createWriteStream } from "node:fs";
import { posix } from "node:path";
import type { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { Parser } from "htmlparser2";
import yauzl, { type Entry, type ZipFile } from "yauzl";

export interface EpubCoverLimits {
  /** Entries in the zip's central directory (default 10 000). */
  maxEntries: number;
  /** Bytes of container.xml, the OPF and the cover page (default 1 MiB). */
  maxXmlBytes: number;
  /** Bytes of the cover image (default 16 MiB). */
  maxImageBytes: number;
}

export const defaultEpubCoverLimits: EpubCoverLimits = {
  maxEntries: 10_000,
  maxXmlBytes: 1 << 20,
  maxImageBytes: 16 << 20,
};

export interface EpubCover {
  /** The image, when one was declared and copied out: a file MuPDF opens by its extension. */
  image?: { path: string; ext: string };
  /** dc:title of the package, "" when none. */
  title: string;
  /** Why there is no image (logged): "no cover declared", "image over 16777216 bytes" … */
  problem?: string;
}

class EpubProblem extends Error {}

/** Image types MuPDF opens as a one-page document, by media type and by extension. */
const imageTypes = new Map([
  ["image/jpeg", "jpg"],
  ["image/jpg", "jpg"],
  ["image/png", "png"],
  ["image/gif", "gif"],
  ["image/bmp", "bmp"],
  ["image/svg+xml", "svg"],
  ["image/tiff", "tif"],
  ["image/webp", "webp"],
]);
const imageExtensions = new Set(["jpg", "jpeg", "png", "gif", "bmp", "svg", "tif", "tiff", "webp"]);

function openZip(path: string, maxEntries: number): Promise<{ zip: ZipFile; entries: Map<string, Entry> }> {
  return new Promise((resolve, reject) => {
    yauzl.open(path, { lazyEntries: true, autoClose: false, strictFileNames: false }, (err, zip) => {
      if (err || !zip) return reject(new EpubProblem(`not a zip: ${err?.message ?? "unreadable"}`));
      if (zip.entryCount > maxEntries) {
        zip.close();
        return reject(new EpubProblem(`${zip.entryCount} entries, over ${maxEntries}`));
      }
      const entries = new Map<string, Entry>();
      zip.on("entry", (e: Entry) => {
        entries.set(e.fileName, e);
        zip.readEntry();
      });
      zip.on("end", () => resolve({ zip, entries }));
      zip.on("error", (e: Error) => {
        zip.close();
        reject(new EpubProblem(`broken zip: ${e.message}`));
      });
      zip.readEntry();
    });
  });
}

/** An entry's bytes, refused when it declares (or inflates to) more than `max`. */
function readEntry(zip: ZipFile, entry: Entry, max: number): Promise<Readable> {
  if (entry.uncompressedSize > max) {
    return Promise.reject(new EpubProblem(`${entry.fileName} is ${entry.uncompressedSize} bytes, over ${max}`));
  }
  return new Promise((resolve, reject) => {
    zip.openReadStream(entry, (err, stream) => {
      if (err || !stream) return reject(new EpubProblem(`${entry.fileName}: ${err?.message ?? "unreadable"}`));
      resolve(stream);
    });
  });
}

async function readText(zip: ZipFile, entry: Entry, max: number): Promise<string> {
  const chunks: Buffer[] = [];
  // yauzl checks the inflated size against the declared one (validateEntrySizes) and fails the stream.
  for await (const c of await readEntry(zip, entry, max)) chunks.push(c as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

/** A tag: its local name and attributes (a Map: attribute names come from the file). */
type Tag = { name: string; attrs: Map<string, string> };

/** The tags of an XML (or XHTML) document, names without their namespace prefix, with the text of dc:title. */
function tagsOf(xml: string): { tags: Tag[]; title: string } {
  const tags: Tag[] = [];
  let title = "";
  let inTitle = false;
  const local = (n: string) => n.slice(n.indexOf(":") + 1).toLowerCase();
  const parser = new Parser(
    {
      onopentag(name, attrs) {
        const n = local(name);
        const a = new Map<string, string>();
        for (const [k, v] of Object.entries(attrs)) a.set(local(k), v);
        tags.push({ name: n, attrs: a });
        inTitle = n === "title" && name.includes(":") && !title;
      },
      ontext(text) {
        if (inTitle) title += text;
      },
      onclosetag() {
        inTitle = false;
      },
    },
    { xmlMode: true, decodeEntities: true },
  );
  parser.end(xml);
  return { tags, title: title.replace(/\s+/g, " ").trim() };
}

/** A package-relative href as a zip entry name: decoded, without its fragment, resolved against `base`. */
function entryName(base: string, href: string): string {
  let h = href.split("#")[0] ?? "";
  try {
    h = decodeURIComponent(h);
  } catch {
    // a malformed escape: the name as written
  }
  return posix.normalize(posix.join(posix.dirname(base), h)).replace(/^(\.\.\/|\/)+/, "");
}

interface Item {
  id: string;
  href: string;
  type: string;
  properties: string[];
}

const isImage = (i: Item) =>
  i.type.startsWith("image/") || imageExtensions.has(posix.extname(i.href).slice(1).toLowerCase());
const isPage = (i: Item) => /x?html/.test(i.type) || /\.x?html?$/i.test(i.href);

/** The image declared as the cover, or the page that shows it. */
function coverOf(tags: Tag[]): { image?: Item; page?: Item } {
  const items = tags
    .filter((t) => t.name === "item")
    .map((t) => ({
      id: t.attrs.get("id") ?? "",
      href: t.attrs.get("href") ?? "",
      type: (t.attrs.get("media-type") ?? "").toLowerCase(),
      properties: (t.attrs.get("properties") ?? "").split(/\s+/),
    }))
    .filter((i) => i.href);
  const byId = new Map(items.map((i) => [i.id, i]));
  const declared = items.find((i) => i.properties.includes("cover-image"));
  if (declared) return { image: declared };
  const meta = tags
    .find((t) => t.name === "meta" && t.attrs.get("name")?.toLowerCase() === "cover")
    ?.attrs.get("content");
  const metaItem = meta ? (byId.get(meta) ?? items.find((i) => i.href === meta)) : undefined;
  if (metaItem && isImage(metaItem)) return { image: metaItem };
  const named = items.find((i) => isImage(i) && /^cover(?:[-_]?image)?$/i.test(i.id));
  if (named) return { image: named };
  const guide = tags
    .find((t) => t.name === "reference" && t.attrs.get("type")?.toLowerCase() === "cover")
    ?.attrs.get("href");
  if (guide) return { page: { id: "", href: guide, type: "application/xhtml+xml", properties: [] } };
  const first = byId.get(tags.find((t) => t.name === "itemref")?.attrs.get("idref") ?? "");
  if (first && isPage(first) && /cover|titlepage/i.test(`${first.id} ${first.href}`)) return { page: first };
  return {};
}

/** The first image a cover page shows: <img src>, or an SVG <image href | xlink:href>. */
function firstImageOf(xhtml: string): string | undefined {
  for (const t of tagsOf(xhtml).tags) {
    const src = t.name === "img" ? t.attrs.get("src") : t.name === "image" ? t.attrs.get("href") : undefined;
    if (src) return src;
  }
  return undefined;
}

/**
 * The EPUB's declared cover image copied to `dir` (as cover.<ext>), and its title. Never throws for
 * what is in the file: a broken zip, a bomb or a missing cover is a `problem`, the document is still
 * converted (its first page, or a placeholder, becomes the cover).
 */
export async function extractEpubCover(
  path: string,
  dir: string,
  limits: EpubCoverLimits = defaultEpubCoverLimits,
): Promise<EpubCover> {
  let zip: ZipFile | undefined;
  let title = "";
  try {
    const opened = await openZip(path, limits.maxEntries);
    zip = opened.zip;
    const z = zip;
    const entries = opened.entries;
    const entry = (name: string) => {
      const e = entries.get(name);
      if (!e) throw new EpubProblem(`no ${name} in the zip`);
      return e;
    };
    const container = tagsOf(await readText(z, entry("META-INF/container.xml"), limits.maxXmlBytes));
    const opfPath = container.tags.find((t) => t.name === "rootfile")?.attrs.get("full-path");
    if (!opfPath) throw new EpubProblem("container.xml names no package");
    const opf = tagsOf(await readText(z, entry(entryName("", opfPath)), limits.maxXmlBytes));
    title = opf.title;
    const found = coverOf(opf.tags);
    let imageName: string | undefined;
    let type = "";
    if (found.image) {
      imageName = entryName(opfPath, found.image.href);
      type = found.image.type;
    } else if (found.page) {
      const pageName = entryName(opfPath, found.page.href);
      const src = firstImageOf(await readText(z, entry(pageName), limits.maxXmlBytes));
      if (src) imageName = entryName(pageName, src);
    }
    if (!imageName) return { title, problem: "no cover declared" };
    const ext = imageTypes.get(type) ?? posix.extname(imageName).slice(1).toLowerCase();
    if (!imageExtensions.has(ext)) return { title, problem: `the cover ${imageName} is not an image` };
    const out = posix.join(dir, `cover.${ext}`);
    await pipeline(await readEntry(z, entry(imageName), limits.maxImageBytes), createWriteStream(out));
    return { image: { path: out, ext }, title };
  } catch (err) {
    if (err instanceof EpubProblem) return { title, problem: err.message };
    return { title, problem: `unreadable: ${err instanceof Error ? err.message : String(err)}`.slice(0, 300) };
  } finally {
    zip?.close();
  }
}
