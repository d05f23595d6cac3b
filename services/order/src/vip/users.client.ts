// The user service as the VIP domain asks it (UserInternalAPI over the service transport): a member's
// username, and the membership's end so is_vip and the advertisements follow.
import { timestampFromDate } from "@bufbuild/protobuf/wkt";
import { createClient, type Transport } from "@connectrpc/connect";
import { headers } from "@wenku/kit";
import { UserInternalAPI } from "@wenku/proto/api/v1/user_internal_pb.js";

export interface VipUsers {
  /** The user's username; undefined for an unknown user. */
  username(userId: bigint): Promise<string | undefined>;
  /** Tells the user service when the membership ends (never earlier than it stored). */
  setVipExpiry(userId: bigint, expiredAt: Date): Promise<void>;
}

export function createVipUsers(transport: Transport, internalToken: string): VipUsers {
  const client = createClient(UserInternalAPI, transport);
  const callOptions = { headers: { [headers.internal]: internalToken }, timeoutMs: 10_000 };
  return {
    async username(userId) {
      const reply = await client.getUsers({ id: [userId] }, callOptions);
      return reply.user.find((u) => u.id === userId)?.username;
    },
    async setVipExpiry(userId, expiredAt) {
      await client.setUserVipExpiry({ userId, expiredAt: timestampFromDate(expiredAt) }, callOptions);
    },
  };
}
