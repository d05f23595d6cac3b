// Test helper for JetStream users: "nothing more will be delivered" as a fact the server reports,
// instead of a sleep that hopes no redelivery comes within it.
import type { JetStreamManager } from "@nats-io/jetstream";

/**
 * True once no consumer of `stream` holds a message: none waiting for its first delivery, none in
 * flight or waiting for a redelivery (a nak'd message stays ack-pending until it comes again). A
 * message acked or terminated for good is in neither, so after this nothing is delivered again.
 */
export async function streamSettled(jsm: JetStreamManager, stream: string): Promise<boolean> {
  for await (const c of jsm.consumers.list(stream)) {
    if (c.num_pending > 0 || c.num_ack_pending > 0) return false;
  }
  return true;
}
