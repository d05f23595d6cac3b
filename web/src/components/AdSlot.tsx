import { AdvertisementAPI } from "@wenku/proto/api/v1/advertisement_pb.js";
import type { CSSProperties } from "react";
import { useApiQuery } from "../api/useApiQuery.js";

/** The 17 places an advertisement can be shown (spec §3), as the server names them. */
export type AdPosition =
  | "global_top"
  | "global_bottom"
  | "index_banner_bottom"
  | "index_category_top"
  | "index_category_bottom"
  | "index_link_top"
  | "list_nav_bottom"
  | "list_document_top"
  | "list_document_bottom"
  | "document_top"
  | "document_bottom"
  | "document_between"
  | "user_top"
  | "user_document_top"
  | "search_top"
  | "search_bottom"
  | "search_right";

/**
 * Every position's ads in one request (no position named: all of them), shared by every slot of
 * the page through the query cache. The server sends only enabled ads inside their time window,
 * larger sort first, and none at all to a VIP user.
 */
const ALL_POSITIONS = {};

/**
 * The advertisements of one position, each the HTML staff wrote (or the server wrote for an image
 * ad). The app's CSP keeps ad markup from running scripts. Spec §8: a failed fetch is swallowed,
 * the slot is simply empty.
 */
export function AdSlot({ position, style }: { position: AdPosition; style?: CSSProperties }) {
  const ads = useApiQuery(AdvertisementAPI.method.getAdvertisementByPosition, ALL_POSITIONS, "").data;
  const here = ads?.advertisement.filter((ad) => ad.position === position) ?? [];
  if (here.length === 0) return null;
  return (
    <div className="wk-ad" data-ad-position={position} style={style}>
      {here.map((ad) => (
        // biome-ignore lint/security/noDangerouslySetInnerHtml: staff-written ad markup, shown as moredoc shows it; the CSP forbids inline script
        <div key={String(ad.id)} dangerouslySetInnerHTML={{ __html: ad.content }} />
      ))}
    </div>
  );
}
