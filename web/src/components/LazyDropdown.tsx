import type { DropdownProps } from "antd";
import { lazyComponent } from "../router/lazyPage.js";
import { LazyOverlay, type LazyOverlayProps } from "./LazyOverlay.js";

const Dropdown = lazyComponent(() => import("./DropdownMenu.js"));

/** antd's Dropdown (Menu, rc-menu, overflow), loaded on the first use of its trigger (LazyOverlay). */
export function LazyDropdown(props: LazyOverlayProps<DropdownProps>) {
  return <LazyOverlay overlay={Dropdown} {...props} />;
}
