// Writes web/public/favicon.ico from web/public/favicon.svg: the SVG rendered by Debian chromium at
// 16, 32 and 48 px (transparent background), each PNG stored as is in an ICO container (PNG entries
// are read by every browser since IE 9 / Windows Vista). Run once when the SVG changes; the .ico is
// committed because crawlers and old clients ask for /favicon.ico whatever the page declares.
//
//   node scripts/favicon.mjs          (CHROMIUM_PATH overrides /usr/bin/chromium)
import { readFileSync, writeFileSync } from "node:fs";
import { chromium } from "playwright-core";

const SIZES = [16, 32, 48];
const svg = readFileSync(new URL("../web/public/favicon.svg", import.meta.url));
const out = new URL("../web/public/favicon.ico", import.meta.url);

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  args: ["--headless", "--no-sandbox", "--disable-gpu"],
});
const pngs = [];
try {
  const page = await browser.newPage();
  const src = `data:image/svg+xml;base64,${svg.toString("base64")}`;
  for (const size of SIZES) {
    await page.setViewportSize({ width: size, height: size });
    await page.setContent(
      `<html><body style="margin:0;background:transparent"><img src="${src}" width="${size}" height="${size}" style="display:block"></body></html>`,
    );
    await page.waitForFunction(() => document.images[0]?.complete);
    pngs.push(await page.screenshot({ omitBackground: true, clip: { x: 0, y: 0, width: size, height: size } }));
  }
} finally {
  await browser.close();
}

// ICONDIR (6 bytes), one ICONDIRENTRY (16 bytes) per image, then the images.
const header = Buffer.alloc(6 + 16 * pngs.length);
header.writeUInt16LE(0, 0); // reserved
header.writeUInt16LE(1, 2); // 1 = icon
header.writeUInt16LE(pngs.length, 4);
let offset = header.length;
pngs.forEach((png, i) => {
  const e = 6 + 16 * i;
  const size = SIZES[i];
  header.writeUInt8(size >= 256 ? 0 : size, e); // width (0 means 256)
  header.writeUInt8(size >= 256 ? 0 : size, e + 1); // height
  header.writeUInt8(0, e + 2); // no palette
  header.writeUInt8(0, e + 3); // reserved
  header.writeUInt16LE(1, e + 4); // colour planes
  header.writeUInt16LE(32, e + 6); // bits per pixel
  header.writeUInt32LE(png.length, e + 8);
  header.writeUInt32LE(offset, e + 12);
  offset += png.length;
});
writeFileSync(out, Buffer.concat([header, ...pngs]));
console.log(`wrote ${out.pathname}: ${SIZES.join(", ")} px, ${offset} bytes`);
