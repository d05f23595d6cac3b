import type { CSSProperties, ReactNode } from "react";
import { Link } from "react-router";

export interface NavTarget {
  href: string;
  target?: string;
  color?: string;
}

/**
 * Spec §2 "Navigation links": an http(s) href opens as an external link, any other href as an
 * internal route, no href gives plain text; the item's color and target apply.
 */
export function NavItemLink({
  item,
  children,
  style,
  ...attrs
}: {
  item: NavTarget;
  children: ReactNode;
  style?: CSSProperties;
  className?: string;
  title?: string;
  "aria-label"?: string;
}) {
  const css: CSSProperties = { ...style, ...(item.color ? { color: item.color } : {}) };
  if (!item.href) return <span style={css}>{children}</span>;
  if (/^https?:\/\//i.test(item.href)) {
    const target = item.target || "_blank";
    return (
      <a
        href={item.href}
        target={target}
        rel={target === "_blank" ? "noopener noreferrer" : undefined}
        style={css}
        {...attrs}
      >
        {children}
      </a>
    );
  }
  return (
    <Link to={item.href} target={item.target || undefined} style={css} {...attrs}>
      {children}
    </Link>
  );
}
