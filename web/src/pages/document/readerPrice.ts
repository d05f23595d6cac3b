import { skipToken, useQuery } from "@connectrpc/connect-query";
import type { Document } from "@wenku/proto/api/v1/document_pb.js";
import { type UserVip, UserVipAPI } from "@wenku/proto/api/v1/vip_pb.js";
import { useSession } from "../../store/SessionProvider.js";

/** What a VIP member pays for a document: the card's percent of the price, rounded down (as the server). */
export const vipDocumentPrice = (price: number, percent: number) =>
  Math.max(0, Math.floor((price * Math.min(100, Math.max(0, percent))) / 100));

export interface ReaderPrice {
  /** The reader buys as a VIP member (their membership is asked: `vip`). */
  asMember: boolean;
  vip: UserVip | undefined;
  loading: boolean;
  /** Credits this reader pays: 0 for a free VIP download, the card's price, else the document's. */
  price: number;
  /** VIP free downloads left (the download costs nothing while some are). */
  freeLeft: number;
}

/**
 * What buying `doc` costs this reader, as the order service charges it (download.charge.ts): a
 * running VIP membership downloads priced and VIP documents free while its free downloads last, then
 * at its card's percent of the price; everyone else pays the price. `exempt` readers (the uploader,
 * holders of the download permission) are never charged as members.
 */
export function useReaderPrice(doc: Document, exempt = false): ReaderPrice {
  const session = useSession();
  const member = !!session.token && !!session.user?.isVip;
  const asMember = member && !exempt && (doc.price > 0 || doc.isVip);
  const mine = useQuery(UserVipAPI.method.getUserVip, asMember ? {} : skipToken, { retry: false });
  const vip = asMember ? mine.data : undefined;
  const freeLeft = vip ? Math.max(0, vip.downloadLeft) : 0;
  const price = !vip ? doc.price : freeLeft > 0 ? 0 : vipDocumentPrice(doc.price, vip.documentDiscount);
  return { asMember, vip, loading: asMember && mine.isLoading, price, freeLeft };
}
