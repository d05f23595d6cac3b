import {
  type ComponentType,
  cloneElement,
  type ReactElement,
  type ReactNode,
  type Ref,
  Suspense,
  useCallback,
  useEffect,
  useRef,
  useState,
} from "react";

interface TriggerProps {
  onPointerEnter?: () => void;
  onPointerLeave?: () => void;
  onFocus?: () => void;
  onClick?: () => void;
  ref?: Ref<HTMLElement>;
}

/** What an antd overlay (Dropdown, Popover) takes that the lazy wrapper drives. */
interface OverlayProps {
  open?: boolean;
  children?: ReactNode;
  /** Seconds the pointer rests on the trigger before the overlay opens (antd's own option). */
  mouseEnterDelay?: number;
}

export type LazyOverlayProps<P extends OverlayProps> = Omit<P, "open" | "onOpenChange" | "children"> & {
  /** The trigger: one element that takes pointer, focus and click handlers (a Button, a span…). */
  children: ReactElement<TriggerProps>;
};

/**
 * An antd overlay (Dropdown, Popover …) whose code is loaded on the first hover, focus or click of
 * its trigger: the overlay code stays out of the pages' first load. Once loaded it is the real
 * overlay, open when the pointer is still on the trigger (or it was clicked or focused); a hover
 * waits `mouseEnterDelay` before it loads anything, as antd's hover would.
 *
 * `hoverOnly`: only a resting pointer opens it (a popover of shortcuts on a link): a click follows
 * the link and closes it, focus leaves it shut; the link's target offers the same choices.
 *
 * The trigger element is mounted anew when the overlay code arrives (first inside the Suspense
 * fallback, then inside the overlay): if the one going away had the keyboard focus, the one
 * replacing it takes it over, so a keyboard user stays on the trigger.
 */
export function LazyOverlay<P extends OverlayProps>({
  overlay: Overlay,
  hoverOnly = false,
  children,
  ...rest
}: LazyOverlayProps<P> & { overlay: ComponentType<P>; hoverOnly?: boolean }) {
  const [wanted, setWanted] = useState(false);
  const [open, setOpen] = useState(false);
  const own = children.props;
  const refocus = useRef(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const delay = ((rest as OverlayProps).mouseEnterDelay ?? 0) * 1000;
  useEffect(() => () => clearTimeout(timer.current), []);
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
    clearTimeout(timer.current);
    setWanted(true);
    setOpen(true);
  };
  const trigger = cloneElement(children, {
    ref: keepFocus,
    onPointerEnter: () => {
      own.onPointerEnter?.();
      clearTimeout(timer.current);
      if (delay > 0) timer.current = setTimeout(want, delay);
      else want();
    },
    onPointerLeave: () => {
      own.onPointerLeave?.();
      clearTimeout(timer.current);
      setOpen(false);
    },
    onFocus: () => {
      own.onFocus?.();
      if (!hoverOnly) want();
    },
    onClick: () => {
      own.onClick?.();
      if (!hoverOnly) return want();
      clearTimeout(timer.current);
      setOpen(false);
    },
  });
  if (!wanted) return trigger;
  const props = { ...rest, open, onOpenChange: setOpen } as unknown as P;
  const loaded = hoverOnly
    ? cloneElement(children, {
        ref: keepFocus,
        onClick: () => {
          own.onClick?.();
          setOpen(false);
        },
      })
    : cloneElement(children, { ref: keepFocus });
  return (
    <Suspense fallback={trigger}>
      <Overlay {...props}>{loaded}</Overlay>
    </Suspense>
  );
}
