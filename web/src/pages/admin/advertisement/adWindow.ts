import { timestampDate } from "@bufbuild/protobuf/wkt";
import type { Advertisement } from "@wenku/proto/api/v1/advertisement_pb.js";

export type AdState = "off" | "pending" | "running" | "ended";

/** Whether pages show the ad now: disabled, not started, running or ended (the server's rule). */
export function adState(ad: Pick<Advertisement, "enable" | "startTime" | "endTime">, now = new Date()): AdState {
  if (!ad.enable) return "off";
  if (ad.startTime && timestampDate(ad.startTime) > now) return "pending";
  if (ad.endTime && timestampDate(ad.endTime) <= now) return "ended";
  return "running";
}

export const AD_STATE_COLORS: Readonly<Record<AdState, string>> = {
  running: "green",
  pending: "blue",
  ended: "default",
  off: "red",
};
