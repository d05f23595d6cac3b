import type { AdPosition } from "../../../components/AdSlot.js";
import type { Translate } from "../../../i18n/I18nProvider.js";
import type { MessageKey } from "../../../i18n/zh-CN.js";

/**
 * The 17 advertisement positions by page, as moredoc's back office groups them (the server checks the
 * same names: services/config/src/advertisement/positions.ts).
 */
export const AD_POSITION_GROUPS: readonly { group: string; positions: readonly AdPosition[] }[] = [
  { group: "global", positions: ["global_top", "global_bottom"] },
  {
    group: "index",
    positions: ["index_banner_bottom", "index_category_top", "index_category_bottom", "index_link_top"],
  },
  { group: "list", positions: ["list_nav_bottom", "list_document_top", "list_document_bottom"] },
  { group: "document", positions: ["document_top", "document_bottom", "document_between"] },
  { group: "user", positions: ["user_top", "user_document_top"] },
  { group: "search", positions: ["search_top", "search_bottom", "search_right"] },
];

/** A position's name for staff ("全局顶部"); an unknown one as stored. */
export function positionLabel(t: Translate, position: string): string {
  const known = AD_POSITION_GROUPS.some((g) => (g.positions as readonly string[]).includes(position));
  return known ? t(`adm.ad.pos.${position}` as MessageKey) : position;
}

/** The positions as a grouped Select's options (a group per page). */
export function positionOptions(t: Translate) {
  return AD_POSITION_GROUPS.map(({ group, positions }) => ({
    label: t(`adm.ad.group.${group}` as MessageKey),
    title: t(`adm.ad.group.${group}` as MessageKey),
    options: positions.map((value) => ({ value, label: t(`adm.ad.pos.${value}` as MessageKey) })),
  }));
}
