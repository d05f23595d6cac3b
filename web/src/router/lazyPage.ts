import { type ComponentType, type LazyExoticComponent, lazy } from "react";
import { reloadOnChunkError } from "./chunkReload.js";

/** A route module: its default export is the page component. */
export interface PageModule {
  default: ComponentType;
}

/**
 * A react-router `lazy` function for a page module. When the chunk cannot be loaded the page
 * reloads (at most once a minute); while it reloads the navigation simply stays pending.
 */
export function lazyPage(load: () => Promise<PageModule>): () => Promise<{ Component: ComponentType }> {
  return async () => {
    try {
      const module = await load();
      return { Component: module.default };
    } catch (error) {
      if (reloadOnChunkError(error)) return new Promise<never>(() => {});
      throw error;
    }
  };
}

/**
 * React.lazy for a component module loaded on demand (a menu, a drawer), with the same chunk
 * failure handling as pages: the page reloads (at most once a minute), else the error is thrown.
 */
export function lazyComponent<P extends object>(
  load: () => Promise<{ default: ComponentType<P> }>,
): LazyExoticComponent<ComponentType<P>> {
  return lazy(async () => {
    try {
      return await load();
    } catch (error) {
      if (reloadOnChunkError(error)) return new Promise<never>(() => {});
      throw error;
    }
  });
}
