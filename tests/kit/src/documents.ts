// @wenku/testkit/documents — documents generated at test (and bench) time, so no binary fixture is
// committed: a PDF drawn with MuPDF (Chinese + Latin text, vector shapes), a DOCX and an EPUB written
// as zips by hand, and hostile documents (nested form XObjects, a decompression-bomb image, a DOCX
// LibreOffice chews on).
import { crc32, deflateRawSync, deflateSync } from "node:zlib";
import * as mupdf from "mupdf";

export interface PdfSpec {
  pages: number;
  /** Text lines of page n (1-based); default: a Chinese and a Latin line naming the page. */
  lines?: (n: number) => string[];
  /** Vector shapes (rectangles, a curve, a stroked grid) on every page. */
  shapes?: boolean;
}

export function makePdf(spec: PdfSpec): Uint8Array {
  const buf = new mupdf.Buffer();
  const writer = new mupdf.DocumentWriter(buf, "pdf", "compress");
  const zh = new mupdf.Font("zh-Hans");
  const latin = new mupdf.Font("Times-Roman");
  const rgb = mupdf.ColorSpace.DeviceRGB;
  const id = mupdf.Matrix.identity;
  const lines = spec.lines ?? ((n: number) => [`第${n}页 文库转换测试`, `Wenku conversion test page ${n}`]);
  for (let n = 1; n <= spec.pages; n++) {
    const dev = writer.beginPage([0, 0, 595, 842]);
    const text = new mupdf.Text();
    let y = 90;
    for (const line of lines(n)) {
      // Glyphs missing from Times (CJK) come from the CJK font: pick per line.
      const font = /[^\u0020-\u024f]/.test(line) ? zh : latin;
      text.showString(font, [14, 0, 0, -14, 60, y], line);
      y += 22;
      if (y > 800) break;
    }
    dev.fillText(text, id, rgb, [0, 0, 0], 1);
    text.destroy();
    if (spec.shapes) {
      const box = new mupdf.Path();
      box.rect(60, y + 10, 200, 120);
      dev.fillPath(box, false, id, rgb, [0.2, 0.45, 0.8], 1);
      const curve = new mupdf.Path();
      curve.moveTo(300, y + 130);
      curve.curveTo(360, y, 440, y + 260, 520, y + 20);
      const thick = new mupdf.StrokeState({ lineCap: "Round", lineJoin: "Round", lineWidth: 3, miterLimit: 10 });
      dev.strokePath(curve, thick, id, rgb, [0.85, 0.3, 0.1], 1);
      const grid = new mupdf.Path();
      for (let gx = 60; gx <= 535; gx += 25) {
        grid.moveTo(gx, 760);
        grid.lineTo(gx, 800);
      }
      const thin = new mupdf.StrokeState({ lineCap: "Butt", lineJoin: "Miter", lineWidth: 0.5, miterLimit: 10 });
      dev.strokePath(grid, thin, id, rgb, [0.5, 0.5, 0.5], 1);
      for (const p of [box, curve, grid, thick, thin]) p.destroy();
    }
    dev.close();
    writer.endPage();
  }
  writer.close();
  // The writer embeds the whole CJK font (≈ 1.7 MB): subset it as a real-world PDF would be.
  const doc = new mupdf.PDFDocument(buf.asUint8Array().slice());
  writer.destroy();
  buf.destroy();
  try {
    doc.subsetFonts();
    return doc.saveToBuffer("compress,garbage").asUint8Array().slice();
  } finally {
    doc.destroy();
  }
}

export interface ScanSpec extends PdfSpec {
  /** Resolution the pages are "scanned" at (default 150). */
  dpi?: number;
  /** The scan's page size in points (default A4): the image is stretched over it. */
  pageSize?: [number, number];
  /** Pages (1-based) kept as text pages, not scanned. */
  textPages?: number[];
}

/**
 * A scanned document: the pages of makePdf(spec) drawn as grayscale images, each wrapped as a page
 * holding only that image (no text, as a scanner makes them).
 */
export function makeScanPdf(spec: ScanSpec): Uint8Array {
  const src = new mupdf.PDFDocument(makePdf(spec));
  const out = new mupdf.PDFDocument();
  const [w, h] = spec.pageSize ?? [595, 842];
  const scale = (spec.dpi ?? 150) / 72;
  try {
    for (let i = 0; i < spec.pages; i++) {
      if (spec.textPages?.includes(i + 1)) {
        out.graftPage(-1, src, i);
        continue;
      }
      const page = src.loadPage(i);
      const pix = page.toPixmap(mupdf.Matrix.scale(scale, scale), mupdf.ColorSpace.DeviceGray, false);
      const image = new mupdf.Image(pix);
      const resources = out.addObject({ XObject: { Scan: out.addImage(image) } });
      out.insertPage(-1, out.addPage([0, 0, w, h], 0, resources, `q ${w} 0 0 ${h} 0 0 cm /Scan Do Q`));
      image.destroy();
      pix.destroy();
      page.destroy();
    }
    return out.saveToBuffer("compress").asUint8Array().slice();
  } finally {
    out.destroy();
    src.destroy();
  }
}

/**
 * A minimal zip (deflate, or stored for entries flagged `store`), enough for OOXML and EPUB;
 * `declaredSize` writes another uncompressed size than the real one (a bomb that says it is small).
 */
export function zip(
  entries: { name: string; data: string | Uint8Array; store?: boolean; declaredSize?: number }[],
): Uint8Array {
  const local: Buffer[] = [];
  const central: Buffer[] = [];
  let offset = 0;
  for (const e of entries) {
    const raw = typeof e.data === "string" ? Buffer.from(e.data, "utf8") : Buffer.from(e.data);
    const body = e.store ? raw : deflateRawSync(raw);
    const name = Buffer.from(e.name, "utf8");
    const crc = crc32(raw);
    const method = e.store ? 0 : 8;
    const head = Buffer.alloc(30);
    head.writeUInt32LE(0x04034b50, 0);
    head.writeUInt16LE(20, 4); // version needed
    head.writeUInt16LE(0x0800, 6); // UTF-8 names
    head.writeUInt16LE(method, 8);
    head.writeUInt32LE(crc, 14);
    head.writeUInt32LE(body.length, 18);
    head.writeUInt32LE(e.declaredSize ?? raw.length, 22);
    head.writeUInt16LE(name.length, 26);
    local.push(head, name, body);
    const dir = Buffer.alloc(46);
    dir.writeUInt32LE(0x02014b50, 0);
    dir.writeUInt16LE(20, 4);
    dir.writeUInt16LE(20, 6);
    dir.writeUInt16LE(0x0800, 8);
    dir.writeUInt16LE(method, 10);
    dir.writeUInt32LE(crc, 16);
    dir.writeUInt32LE(body.length, 20);
    dir.writeUInt32LE(e.declaredSize ?? raw.length, 24);
    dir.writeUInt16LE(name.length, 28);
    dir.writeUInt32LE(offset, 42);
    central.push(dir, name);
    offset += head.length + name.length + body.length;
  }
  const cd = Buffer.concat(central);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(cd.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...local, cd, end]);
}

const esc = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

/** A DOCX with one paragraph per entry; `pageBreaks` puts each paragraph on its own page. */
export function makeDocx(paragraphs: string[], opts: { pageBreaks?: boolean } = {}): Uint8Array {
  const W = "http://schemas.openxmlformats.org/wordprocessingml/2006/main";
  const body = paragraphs
    .map((p, i) => {
      const brk = opts.pageBreaks && i > 0 ? '<w:r><w:br w:type="page"/></w:r>' : "";
      return `<w:p>${brk}<w:r><w:t xml:space="preserve">${esc(p)}</w:t></w:r></w:p>`;
    })
    .join("");
  return zip([
    {
      name: "[Content_Types].xml",
      data:
        '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>' +
        '<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
        '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
        '<Default Extension="xml" ContentType="application/xml"/>' +
        '<Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/>' +
        "</Types>",
    },
    {
      name: "_rels/.rels",
      data:
        '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>' +
        '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
        '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/>' +
        "</Relationships>",
    },
    {
      name: "word/document.xml",
      data: `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><w:document xmlns:w="${W}"><w:body>${body}</w:body></w:document>`,
    },
  ]);
}

/**
 * A DOCX whose pages are scans pasted in: the pages of makePdf(spec) drawn as grayscale PNGs, one
 * picture per page (page breaks between), no text at all.
 */
export function makeScanDocx(spec: PdfSpec & { dpi?: number }): Uint8Array {
  const src = new mupdf.PDFDocument(makePdf(spec));
  const scale = (spec.dpi ?? 200) / 72;
  const emu = 914_400; // per inch
  const [cx, cy] = [Math.round(5.5 * emu), Math.round(((5.5 * 842) / 595) * emu)];
  const images: Uint8Array[] = [];
  try {
    for (let i = 0; i < spec.pages; i++) {
      const page = src.loadPage(i);
      const pix = page.toPixmap(mupdf.Matrix.scale(scale, scale), mupdf.ColorSpace.DeviceGray, false);
      images.push(pix.asPNG().slice());
      pix.destroy();
      page.destroy();
    }
  } finally {
    src.destroy();
  }
  const ns =
    'xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main" ' +
    'xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships" ' +
    'xmlns:wp="http://schemas.openxmlformats.org/drawingml/2006/wordprocessingDrawing" ' +
    'xmlns:a="http://schemas.openxmlformats.org/drawingml/2006/main" ' +
    'xmlns:pic="http://schemas.openxmlformats.org/drawingml/2006/picture"';
  const picture = (n: number) =>
    `<w:p>${n > 1 ? '<w:r><w:br w:type="page"/></w:r>' : ""}<w:r><w:drawing>` +
    `<wp:inline distT="0" distB="0" distL="0" distR="0"><wp:extent cx="${cx}" cy="${cy}"/>` +
    `<wp:docPr id="${n}" name="Scan ${n}"/><a:graphic><a:graphicData uri="http://schemas.openxmlformats.org/drawingml/2006/picture">` +
    `<pic:pic><pic:nvPicPr><pic:cNvPr id="${n}" name="scan${n}.png"/><pic:cNvPicPr/></pic:nvPicPr>` +
    `<pic:blipFill><a:blip r:embed="rIdScan${n}"/><a:stretch><a:fillRect/></a:stretch></pic:blipFill>` +
    `<pic:spPr><a:xfrm><a:off x="0" y="0"/><a:ext cx="${cx}" cy="${cy}"/></a:xfrm><a:prstGeom prst="rect"><a:avLst/></a:prstGeom></pic:spPr>` +
    "</pic:pic></a:graphicData></a:graphic></wp:inline></w:drawing></w:r></w:p>";
  const body = images.map((_, i) => picture(i + 1)).join("");
  // A4 with half-inch margins: each picture fits its page.
  const sect =
    '<w:sectPr><w:pgSz w:w="11906" w:h="16838"/><w:pgMar w:top="720" w:right="720" w:bottom="720" w:left="720" w:header="0" w:footer="0" w:gutter="0"/></w:sectPr>';
  const rels = images
    .map(
      (_, i) =>
        `<Relationship Id="rIdScan${i + 1}" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/image" Target="media/scan${i + 1}.png"/>`,
    )
    .join("");
  return zip([
    {
      name: "[Content_Types].xml",
      data:
        '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>' +
        '<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
        '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
        '<Default Extension="xml" ContentType="application/xml"/>' +
        '<Default Extension="png" ContentType="image/png"/>' +
        '<Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/>' +
        "</Types>",
    },
    {
      name: "_rels/.rels",
      data:
        '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>' +
        '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
        '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/>' +
        "</Relationships>",
    },
    {
      name: "word/_rels/document.xml.rels",
      data:
        '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>' +
        `<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">${rels}</Relationships>`,
    },
    {
      name: "word/document.xml",
      data: `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><w:document ${ns}><w:body>${body}${sect}</w:body></w:document>`,
    },
    ...images.map((data, i) => ({ name: `word/media/scan${i + 1}.png`, data, store: true })),
  ]);
}

/** A PNG of one colour with a white square in its middle: what a declared cover looks like. */
export function makeCoverImage(rgb: [number, number, number], w = 300, h = 400): Uint8Array {
  const pix = new mupdf.Pixmap(mupdf.ColorSpace.DeviceRGB, [0, 0, w, h], false);
  try {
    const px = pix.getPixels();
    for (let y = 0; y < h; y++) {
      for (let x = 0; x < w; x++) {
        const inner = x > w / 3 && x < (2 * w) / 3 && y > h / 3 && y < (2 * h) / 3;
        const i = (y * w + x) * 3;
        px[i] = inner ? 255 : rgb[0];
        px[i + 1] = inner ? 255 : rgb[1];
        px[i + 2] = inner ? 255 : rgb[2];
      }
    }
    return pix.asPNG().slice();
  } finally {
    pix.destroy();
  }
}

/** How an EPUB declares its cover image. */
export interface EpubCoverSpec {
  /** The image file's bytes (stored as OEBPS/images/<name>). */
  data: Uint8Array | string;
  /** Default "cover.png". */
  name?: string;
  /** Default "image/png". */
  mediaType?: string;
  /**
   * "property": EPUB 3 properties="cover-image" (default); "meta": EPUB 2 <meta name="cover">; "guide":
   * only a cover page (first in the spine, guide type="cover") drawing the image as an SVG <image>, as
   * calibre writes it; "missing": declared, but no such file in the zip.
   */
  style?: "property" | "meta" | "guide" | "missing";
  /** The zip entry's declared uncompressed size (a lie, for a bomb that declares itself small). */
  declaredSize?: number;
}

/** An EPUB 3 with one XHTML chapter per entry, and a declared cover image when `opts.cover` is given. */
export function makeEpub(title: string, chapters: string[], opts: { cover?: EpubCoverSpec } = {}): Uint8Array {
  const c = opts.cover;
  const coverName = c?.name ?? "cover.png";
  const coverType = c?.mediaType ?? "image/png";
  const style = c?.style ?? "property";
  const coverItems = c
    ? [
        `<item id="cover-img" href="images/${coverName}" media-type="${coverType}"${style === "property" ? ' properties="cover-image"' : ""}/>`,
        ...(style === "guide"
          ? ['<item id="titlepage" href="titlepage.xhtml" media-type="application/xhtml+xml"/>']
          : []),
      ]
    : [];
  const items = [
    ...coverItems,
    ...chapters.map((_, i) => `<item id="c${i}" href="c${i}.xhtml" media-type="application/xhtml+xml"/>`),
  ];
  const spine = [
    ...(style === "guide" && c ? ['<itemref idref="titlepage"/>'] : []),
    ...chapters.map((_, i) => `<itemref idref="c${i}"/>`),
  ];
  const meta = c && style === "meta" ? '<meta name="cover" content="cover-img"/>' : "";
  const guide =
    c && style === "guide" ? '<guide><reference type="cover" title="Cover" href="titlepage.xhtml"/></guide>' : "";
  const coverEntries = c
    ? [
        ...(style === "missing"
          ? []
          : [
              {
                name: `OEBPS/images/${coverName}`,
                data: c.data,
                ...(c.declaredSize ? { declaredSize: c.declaredSize } : {}),
              },
            ]),
        ...(style === "guide"
          ? [
              {
                name: "OEBPS/titlepage.xhtml",
                data:
                  '<?xml version="1.0" encoding="UTF-8"?><html xmlns="http://www.w3.org/1999/xhtml"><head><title>Cover</title></head><body>' +
                  '<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" version="1.1" width="100%" height="100%" viewBox="0 0 300 400">' +
                  `<image width="300" height="400" xlink:href="images/${coverName}"/></svg></body></html>`,
              },
            ]
          : []),
      ]
    : [];
  const nav = chapters.map((_, i) => `<li><a href="c${i}.xhtml">${i + 1}</a></li>`).join("");
  return zip([
    { name: "mimetype", data: "application/epub+zip", store: true },
    {
      name: "META-INF/container.xml",
      data:
        '<?xml version="1.0"?><container version="1.0" xmlns="urn:oasis:names:tc:opendocument:xmlns:container">' +
        '<rootfiles><rootfile full-path="OEBPS/content.opf" media-type="application/oebps-package+xml"/></rootfiles></container>',
    },
    {
      name: "OEBPS/content.opf",
      data:
        '<?xml version="1.0" encoding="UTF-8"?><package xmlns="http://www.idpf.org/2007/opf" version="3.0" unique-identifier="id">' +
        `<metadata xmlns:dc="http://purl.org/dc/elements/1.1/"><dc:identifier id="id">wenku-test</dc:identifier><dc:title>${esc(title)}</dc:title><dc:language>zh</dc:language>${meta}</metadata>` +
        `<manifest><item id="nav" href="nav.xhtml" media-type="application/xhtml+xml" properties="nav"/>${items.join("")}</manifest>` +
        `<spine>${spine.join("")}</spine>${guide}</package>`,
    },
    ...coverEntries,
    {
      name: "OEBPS/nav.xhtml",
      data: `<?xml version="1.0" encoding="UTF-8"?><html xmlns="http://www.w3.org/1999/xhtml" xmlns:epub="http://www.idpf.org/2007/ops"><head><title>nav</title></head><body><nav epub:type="toc"><ol>${nav}</ol></nav></body></html>`,
    },
    ...chapters.map((c, i) => ({
      name: `OEBPS/c${i}.xhtml`,
      data: `<?xml version="1.0" encoding="UTF-8"?><html xmlns="http://www.w3.org/1999/xhtml"><head><title>${i + 1}</title></head><body><h1>${i + 1}</h1><p>${esc(c)}</p></body></html>`,
    })),
  ]);
}

/** A PDF written by hand from its objects (1-based, in order), with a correct xref table. */
function rawPdf(objects: (string | Buffer)[]): Uint8Array {
  const parts: Buffer[] = [Buffer.from("%PDF-1.7\n")];
  let size = parts[0]?.length ?? 0;
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(size);
    const chunk = Buffer.concat([Buffer.from(`${i + 1} 0 obj\n`), Buffer.from(body), Buffer.from("\nendobj\n")]);
    parts.push(chunk);
    size += chunk.length;
  });
  let xref = `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const o of offsets) xref += `${String(o).padStart(10, "0")} 00000 n \n`;
  xref += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${size}\n%%EOF\n`;
  return Buffer.concat([...parts, Buffer.from(xref)]);
}

const stream = (dict: string, body: Buffer | string) =>
  Buffer.concat([
    Buffer.from(`<< ${dict} /Length ${Buffer.byteLength(body)} >>\nstream\n`),
    Buffer.from(body),
    Buffer.from("\nendstream"),
  ]);

/**
 * A one-page PDF of a few KB whose page fills fan^depth tiny rectangles: form XObject X(k) draws
 * X(k-1) `fan` times, X(0) fills one rectangle. depth 6, fan 10: a million fills (the 3 KB
 * PDF that froze the site for 24 s and made a 216 MB SVG).
 */
export function makeHostilePdf(depth = 6, fan = 10, opts: { plainPagesBefore?: number } = {}): Uint8Array {
  const plain = opts.plainPagesBefore ?? 0;
  const xo = (k: number) => 5 + k; // object numbers of X0..Xdepth, then the plain pages and their content
  const plainPage = (i: number) => 6 + depth + i;
  const kids = [...Array.from({ length: plain }, (_, i) => `${plainPage(i)} 0 R`), "3 0 R"].join(" ");
  const objects: (string | Buffer)[] = [
    "<< /Type /Catalog /Pages 2 0 R >>",
    `<< /Type /Pages /Kids [${kids}] /Count ${plain + 1} >>`,
    `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R /Resources << /XObject << /X ${xo(depth)} 0 R >> >> >>`,
    stream("", "q 0.5 0 0 0.5 10 10 cm /X Do Q"),
    stream("/Type /XObject /Subtype /Form /BBox [0 0 1000 1000]", "0.1 0.2 0.3 rg 1 1 3 3 re f"),
  ];
  for (let k = 1; k <= depth; k++) {
    let body = "";
    for (let i = 0; i < fan; i++) body += `q 1 0 0 1 ${(i * 7) % 50} ${(i * 3) % 40} cm /C Do Q\n`;
    objects.push(
      stream(
        `/Type /XObject /Subtype /Form /BBox [0 0 1000 1000] /Resources << /XObject << /C ${xo(k - 1)} 0 R >> >>`,
        body,
      ),
    );
  }
  for (let i = 0; i < plain; i++) {
    objects.push(`<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents ${plainPage(plain)} 0 R >>`);
  }
  if (plain > 0) objects.push(stream("", "0.2 0.4 0.8 rg 60 600 200 120 re f"));
  return rawPdf(objects);
}

/** A one-page PDF with a side×side RGB image of one colour: ~100 KB on disk, side²×3 bytes decoded. */
export function makeImageBombPdf(side: number): Uint8Array {
  const pixels = deflateSync(Buffer.alloc(side * side * 3, 0x80), { level: 9 });
  return rawPdf([
    "<< /Type /Catalog /Pages 2 0 R >>",
    "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
    "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R /Resources << /XObject << /I 5 0 R >> >> >>",
    stream("", "q 500 0 0 700 40 60 cm /I Do Q"),
    stream(
      `/Type /XObject /Subtype /Image /Width ${side} /Height ${side} /ColorSpace /DeviceRGB /BitsPerComponent 8 /Filter /FlateDecode`,
      pixels,
    ),
  ]);
}

/**
 * A DOCX bomb: 200 000 identical short paragraphs, ≈ 14 MB of document.xml deflated to tens of KB,
 * that LibreOffice lays out for minutes (≈ 3 000 pages; 20 000 paragraphs take ≈ 15 s).
 */
export function makeSlowDocx(paragraphs = 200_000): Uint8Array {
  return makeDocx(Array.from({ length: paragraphs }, () => "文库转换炸弹 bomb paragraph"));
}

/**
 * One page of `glyphs` tiny glyphs, each on a line of its own (a text layer of ≈ 100 bytes a line
 * without a budget): x steps 2 pt across, y 0.01 pt down, so no two glyphs share a baseline.
 */
export function makeGlyphFloodPdf(glyphs = 100_000): Uint8Array {
  const ops: string[] = ["BT /F1 0.5 Tf"];
  for (let i = 0; i < glyphs; i++) {
    ops.push(
      `1 0 0 1 ${10 + (i % 280) * 2} ${(830 - i * 0.008).toFixed(3)} Tm (${String.fromCharCode(97 + (i % 26))}) Tj`,
    );
  }
  ops.push("ET");
  return rawPdf([
    "<< /Type /Catalog /Pages 2 0 R >>",
    "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
    "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>",
    stream("", ops.join("\n")),
    "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>",
  ]);
}
