/**
 * The 17 advertisement positions (spec §3), by page as the back office groups them: global (every page),
 * home, category lists, the document page, a user's page and the search page. The web app shows the same
 * groups (web/src/pages/admin/advertisement/positions.ts).
 */
export const AD_POSITIONS: readonly string[] = [
  "global_top",
  "global_bottom",
  "index_banner_bottom",
  "index_category_top",
  "index_category_bottom",
  "index_link_top",
  "list_nav_bottom",
  "list_document_top",
  "list_document_bottom",
  "document_top",
  "document_bottom", // above the comments
  "document_between", // between the pages
  "user_top",
  "user_document_top",
  "search_top",
  "search_bottom",
  "search_right",
];

const known = new Set(AD_POSITIONS);
export const isAdPosition = (position: string): boolean => known.has(position);
