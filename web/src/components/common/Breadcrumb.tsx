import { theme } from "antd";
import { type CSSProperties, Fragment, useState } from "react";
import { Link } from "react-router";

export interface Crumb {
  key: string;
  title: string;
  /** Where the crumb links to (in-app). */
  to: string;
}

/** One crumb's link: antd's breadcrumb link, its hover tint included. */
function CrumbLink({ crumb }: { crumb: Crumb }) {
  const { token } = theme.useToken();
  const [hover, setHover] = useState(false);
  return (
    <Link
      to={crumb.to}
      onPointerEnter={() => setHover(true)}
      onPointerLeave={() => setHover(false)}
      style={{
        color: hover ? token.colorText : token.colorTextDescription,
        backgroundColor: hover ? token.colorBgTextHover : undefined,
        transition: `color ${token.motionDurationMid}`,
        padding: `0 ${token.paddingXXS}px`,
        borderRadius: token.borderRadiusSM,
        height: Math.round(token.fontSize * token.lineHeight),
        display: "inline-block",
        marginInline: -token.marginXXS,
      }}
    >
      {crumb.title}
    </Link>
  );
}

/**
 * A trail of links with antd Breadcrumb's markup and looks (nav > ol, "/" separators hidden from
 * assistive technology), without antd's Breadcrumb: its item menus bring Dropdown and Menu into
 * every page that shows one, opened or not.
 */
export function Breadcrumb({
  items,
  style,
  "data-testid": testId,
}: {
  items: Crumb[];
  style?: CSSProperties;
  "data-testid"?: string;
}) {
  const { token } = theme.useToken();
  return (
    <nav
      data-testid={testId}
      style={{
        boxSizing: "border-box",
        margin: 0,
        padding: 0,
        color: token.colorTextDescription,
        fontSize: token.fontSize,
        lineHeight: token.lineHeight,
        ...style,
      }}
    >
      <ol style={{ display: "flex", flexWrap: "wrap", margin: 0, padding: 0, listStyle: "none" }}>
        {items.map((crumb, index) => (
          <Fragment key={crumb.key}>
            {index > 0 && (
              <li aria-hidden style={{ marginInline: token.marginXS, color: token.colorTextDescription }}>
                /
              </li>
            )}
            <li style={index === items.length - 1 ? { color: token.colorText } : undefined}>
              <CrumbLink crumb={crumb} />
            </li>
          </Fragment>
        ))}
      </ol>
    </nav>
  );
}
