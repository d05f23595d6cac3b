// What the order service needs from the other services, as interfaces: the domain depends on these,
// service.ts wires the Connect clients of clients.ts in (tests pass their own).
import type { DocumentProduct } from "@wenku/proto/api/v1/content_internal_pb.js";
import type { PaySettings } from "./payments/provider.js";

export interface RechargeConfig {
  enable: boolean;
  creditExchange: number;
  tiers: string;
}

export interface OrderConfig {
  pay: PaySettings;
  expireMinutes: number;
}

/** The config service's recharge and pay settings (secrets included), as orders read them. */
export interface PaySettingsSource {
  recharge(): Promise<RechargeConfig>;
  orderConfig(): Promise<OrderConfig>;
  /** orderConfig read now, past the short cache (the operator's check right after saving the settings). */
  freshOrderConfig(): Promise<OrderConfig>;
}

/** The content service's documents as products (DocumentInternalAPI.GetDocumentProduct, GetDocumentUuids). */
export interface DocumentProducts {
  product(id: bigint): Promise<DocumentProduct>;
  /** The documents' uuids by id (order lists link them); unknown ids are absent. */
  uuids(ids: readonly bigint[]): Promise<Map<bigint, string>>;
}

/** The user service, as order lists and VIP ask it (UserInternalAPI). */
export interface UserDirectory {
  /** Usernames for order lists; users the user service does not answer for are absent. */
  usernames(ids: readonly bigint[]): Promise<Map<bigint, string>>;
  /** The user's username; undefined for an unknown user. */
  username(userId: bigint): Promise<string | undefined>;
  /** Tells the user service when the membership ends (never earlier than it stored). */
  setVipExpiry(userId: bigint, expiredAt: Date): Promise<void>;
}
