// Documents generated at test (and bench) time, so no binary fixture is committed: a PDF drawn with
// MuPDF (Chinese + Latin text, vector shapes), a DOCX and an EPUB written as zips by hand.
import { crc32, deflateRawSync } from "node:zlib";
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

/** A minimal zip (deflate, or stored for entries flagged `store`), enough for OOXML and EPUB. */
export function zip(entries: { name: string; data: string | Uint8Array; store?: boolean }[]): Uint8Array {
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
    head.writeUInt32LE(raw.length, 22);
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
    dir.writeUInt32LE(raw.length, 24);
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

/** An EPUB 3 with one XHTML chapter per entry. */
export function makeEpub(title: string, chapters: string[]): Uint8Array {
  const items = chapters.map((_, i) => `<item id="c${i}" href="c${i}.xhtml" media-type="application/xhtml+xml"/>`);
  const spine = chapters.map((_, i) => `<itemref idref="c${i}"/>`);
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
        `<metadata xmlns:dc="http://purl.org/dc/elements/1.1/"><dc:identifier id="id">wenku-test</dc:identifier><dc:title>${esc(title)}</dc:title><dc:language>zh</dc:language></metadata>` +
        `<manifest><item id="nav" href="nav.xhtml" media-type="application/xhtml+xml" properties="nav"/>${items.join("")}</manifest>` +
        `<spine>${spine.join("")}</spine></package>`,
    },
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
