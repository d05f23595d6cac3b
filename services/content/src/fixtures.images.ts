// @wenku/content/fixtures/images — image builders without the PDF toolchain (MuPDF), for light consumers
// such as the browser tests.
export { makePng } from "./files/image.fixtures.js";
