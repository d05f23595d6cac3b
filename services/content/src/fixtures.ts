// @wenku/content/fixtures — documents built in memory for tests and benches (PDF through MuPDF, DOCX,
// EPUB, hostile inputs). Nothing here is used by the running service.
export {
  makeDocx,
  makeEpub,
  makeHostilePdf,
  makeImageBombPdf,
  makePdf,
  makeSlowDocx,
  type PdfSpec,
  zip,
} from "./conversion/fixtures.js";
