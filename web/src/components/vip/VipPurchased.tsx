import { useQueryClient } from "@tanstack/react-query";
import { AdvertisementAPI } from "@wenku/proto/api/v1/advertisement_pb.js";
import { UserAPI } from "@wenku/proto/api/v1/user_pb.js";
import { UserVipAPI } from "@wenku/proto/api/v1/vip_pb.js";
import { useEffect } from "react";
import { invalidateMethod } from "../../api/invalidate.js";
import { useCurrentUser } from "../../hooks/useUser.js";

/** What a VIP membership changes on screen: the user (header mark, /me), the membership, the ads. */
const FOLLOWS_VIP = [
  UserAPI.method.getUser,
  UserVipAPI.method.getUserVip,
  AdvertisementAPI.method.getAdvertisementByPosition,
] as const;

/**
 * Rendered once a BUY_VIP order is seen paid (the /order page): the user's record is read again and
 * the header's copy of it (the VIP mark beside the avatar) follows (useCurrentUser), the membership
 * and the advertisements are asked again (the server sends none to a VIP), all without a reload.
 */
export function VipPurchased() {
  const queryClient = useQueryClient();
  useCurrentUser();
  useEffect(() => {
    void Promise.all(FOLLOWS_VIP.map((method) => invalidateMethod(queryClient, method)));
  }, [queryClient]);
  return null;
}
