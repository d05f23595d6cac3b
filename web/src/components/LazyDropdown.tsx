import type { DropdownProps } from "antd";
import { cloneElement, type ReactElement, type Ref, Suspense, useCallback, useRef, useState } from "react";
import { lazyComponent } from "../router/lazyPage.js";

interface TriggerProps {
  onPointerEnter?: () => void;
  onPointerLeave?: () => void;
  onFocus?: () => void;
  onClick?: () => void;
  ref?: Ref<HTMLElement>;
}

type Props = Omit<DropdownProps, "open" | "onOpenChange" | "children"> & {
  /** The trigger: one element that takes pointer, focus and click handlers (a Button, a span…). */
  children: ReactElement<TriggerProps>;
};

const Dropdown = lazyComponent(() => import("./DropdownMenu.js"));

/**
 * antd's Dropdown, loaded on the first hover, focus or click of its trigger: the menu code (antd
 * Menu, rc-menu, overflow) stays out of the pages' first load. Once loaded it is the real Dropdown,
 * open when the pointer is still on the trigger (or it was clicked or focused).
 *
 * The trigger element is mounted anew when the menu code arrives (first inside the Suspense
 * fallback, then inside the Dropdown): if the one going away had the keyboard focus, the one
 * replacing it takes it over, so a keyboard user stays on the trigger.
 */
export function LazyDropdown({ children, ...props }: Props) {
  const [wanted, setWanted] = useState(false);
  const [open, setOpen] = useState(false);
  const own = children.props;
  const refocus = useRef(false);
  const keepFocus = useCallback((element: HTMLElement | null) => {
    if (!element) return;
    if (refocus.current) {
      refocus.current = false;
      element.focus();
    }
    // Runs while the element is still in the document, before React removes it.
    return () => {
      if (element.ownerDocument.activeElement === element) refocus.current = true;
    };
  }, []);
  const want = () => {
    setWanted(true);
    setOpen(true);
  };
  const trigger = cloneElement(children, {
    ref: keepFocus,
    onPointerEnter: () => {
      own.onPointerEnter?.();
      want();
    },
    onPointerLeave: () => {
      own.onPointerLeave?.();
      setOpen(false);
    },
    onFocus: () => {
      own.onFocus?.();
      want();
    },
    onClick: () => {
      own.onClick?.();
      want();
    },
  });
  if (!wanted) return trigger;
  return (
    <Suspense fallback={trigger}>
      <Dropdown {...props} open={open} onOpenChange={setOpen}>
        {cloneElement(children, { ref: keepFocus })}
      </Dropdown>
    </Suspense>
  );
}
