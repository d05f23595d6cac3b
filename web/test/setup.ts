import { loadLanguage, loadTexts } from "../src/i18n/language.js";
import { TEXT_SLICES } from "../src/i18n/slices.js";
import { inertMediaQueryList } from "./mediaQuery.js";

// jsdom lacks the layout APIs antd's responsive components query; give them inert stand-ins.
if (typeof window !== "undefined") {
  if (!window.matchMedia) {
    window.matchMedia = (query: string) => inertMediaQueryList(query, false);
  }
  if (!("ResizeObserver" in window)) {
    class ResizeObserverStub {
      observe(): void {}
      unobserve(): void {}
      disconnect(): void {}
    }
    Object.defineProperty(window, "ResizeObserver", { value: ResizeObserverStub, writable: true });
  }
  window.scrollTo = () => {};
  // antd's Form schedules watcher updates with MessageChannel, which jsdom lacks; a timer-backed
  // stand-in keeps the same "later, as a macrotask" semantics without holding the process open.
  if (!("MessageChannel" in globalThis)) {
    class TimerPort {
      onmessage: ((event: { data: unknown }) => void) | null = null;
      other: TimerPort | null = null;
      postMessage(data: unknown): void {
        const target = this.other;
        setTimeout(() => target?.onmessage?.({ data }), 0);
      }
      close(): void {}
    }
    class TimerMessageChannel {
      readonly port1 = new TimerPort();
      readonly port2 = new TimerPort();
      constructor() {
        this.port1.other = this.port2;
        this.port2.other = this.port1;
      }
    }
    Object.defineProperty(globalThis, "MessageChannel", { value: TimerMessageChannel, writable: true });
  }
}

// English and the slices of texts (the back office's among them) are loaded on demand in the app;
// tests switch language and render screens synchronously, so they are loaded up front.
await loadLanguage("en");
await loadTexts(TEXT_SLICES, "zh-CN");
await loadTexts(TEXT_SLICES, "en");
