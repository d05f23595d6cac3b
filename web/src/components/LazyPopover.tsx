import type { PopoverProps } from "antd";
import { lazyComponent } from "../router/lazyPage.js";
import { LazyOverlay, type LazyOverlayProps } from "./LazyOverlay.js";

const Popover = lazyComponent(() => import("./PopoverOverlay.js"));

/** antd's Popover, loaded on the first use of its trigger (LazyOverlay). */
export function LazyPopover(props: LazyOverlayProps<PopoverProps>) {
  return <LazyOverlay overlay={Popover} {...props} />;
}

/** A Popover of shortcuts on a link: opened by a resting pointer only, closed when the link is followed. */
export function LazyHoverPopover(props: LazyOverlayProps<PopoverProps>) {
  return <LazyOverlay overlay={Popover} hoverOnly {...props} />;
}
