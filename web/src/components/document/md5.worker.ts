// The upload's hash worker: MD5 of one File in 2 MB slices without blocking the page (see hashProtocol.ts).
import { type HashMessage, type HashRequest, handleHashRequest } from "./hashProtocol.js";

// Typed by hand: the web tsconfig has the DOM lib, whose `self` is a Window, not a worker scope.
const scope = self as unknown as {
  onmessage: ((event: MessageEvent<HashRequest>) => void) | null;
  postMessage(message: HashMessage): void;
};
scope.onmessage = (event) => {
  void handleHashRequest(event.data, (message) => scope.postMessage(message));
};
