// A module of its own, not in define.ts: settings.ts names it, and define.ts imports settings.ts
// (through module.ts), so the two would import each other.

/** The part of the event bus the access layer needs: process-wide broadcasts. */
export interface Broadcaster {
  broadcast(subject: string, data: Uint8Array): Promise<void>;
  onBroadcast(subject: string, handler: (data: Uint8Array) => void): Promise<() => void>;
}
