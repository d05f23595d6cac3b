import { describe, expect, it, jest } from "@jest/globals";
import { memoryStorage } from "../../test/memoryStorage.js";
import { CHUNK_RELOAD_WINDOW_MS, isChunkLoadError, reloadOnChunkError } from "./chunkReload.js";

const chunkError = new TypeError("Failed to fetch dynamically imported module: /assets/LoginPage-abc.js");

describe("chunk load failure", () => {
  it("recognises chunk errors from Chromium, Firefox and Safari", () => {
    expect(isChunkLoadError(chunkError)).toBe(true);
    expect(isChunkLoadError(new TypeError("error loading dynamically imported module"))).toBe(true);
    expect(isChunkLoadError(new TypeError("Importing a module script failed."))).toBe(true);
    expect(isChunkLoadError(new Error("Cannot read properties of undefined"))).toBe(false);
  });

  it("reloads at most once per 60 seconds", () => {
    const storage = memoryStorage();
    const reload = jest.fn();
    let now = 1_000_000;
    const deps = { storage, reload, now: () => now };

    expect(reloadOnChunkError(chunkError, deps)).toBe(true);
    now += CHUNK_RELOAD_WINDOW_MS - 1;
    expect(reloadOnChunkError(chunkError, deps)).toBe(false);
    now += 1;
    expect(reloadOnChunkError(chunkError, deps)).toBe(true);
    expect(reload).toHaveBeenCalledTimes(2);
  });

  it("never reloads for other errors or without storage", () => {
    const reload = jest.fn();
    expect(reloadOnChunkError(new Error("boom"), { storage: memoryStorage(), reload, now: () => 0 })).toBe(false);
    expect(reloadOnChunkError(chunkError, { storage: undefined, reload, now: () => 0 })).toBe(false);
    expect(reload).not.toHaveBeenCalled();
  });
});
