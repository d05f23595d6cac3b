import {
  AppstoreOutlined,
  CloudUploadOutlined,
  CustomerServiceOutlined,
  EditOutlined,
  VerticalAlignTopOutlined,
  WechatOutlined,
} from "@ant-design/icons";
import { theme } from "antd";
import { type CSSProperties, type ReactNode, useEffect, useState } from "react";
import { Link } from "react-router";
import { useSizeClass } from "../hooks/useSizeClass.js";
import { useI18n } from "../i18n/I18nProvider.js";
import { useSettings } from "../settings/SettingsProvider.js";
import { LazyPopover } from "./LazyPopover.js";
import { NavItemLink } from "./NavItemLink.js";

/** Scrolled this far (px), the page offers the way back to the top. */
export const BACK_TOP_AFTER = 400;

/** Whether the window is scrolled past `offset`, checked at most once a frame. */
function useScrolledPast(offset: number): boolean {
  const [past, setPast] = useState(false);
  useEffect(() => {
    let frame = 0;
    const check = () => {
      frame = 0;
      setPast(window.scrollY > offset);
    };
    const onScroll = () => {
      if (frame === 0) frame = window.requestAnimationFrame(check);
    };
    check();
    window.addEventListener("scroll", onScroll, { passive: true });
    return () => {
      window.removeEventListener("scroll", onScroll);
      if (frame !== 0) window.cancelAnimationFrame(frame);
    };
  }, [offset]);
  return past;
}

/** One round button of the bar: a link or an action, named for screen readers and on hover. */
function BarItem({
  label,
  icon,
  to,
  href,
  onClick,
  expanded,
}: {
  label: string;
  icon: ReactNode;
  to?: string;
  /** A configured link: external (http…) in a new tab, else a site path (NavItemLink's rule). */
  href?: string;
  onClick?: () => void;
  /** For a button that shows or hides others. */
  expanded?: boolean;
}) {
  if (href) {
    return (
      <NavItemLink item={{ href }} className="wk-sidebar-item" title={label} aria-label={label}>
        {icon}
      </NavItemLink>
    );
  }
  return to ? (
    <Link className="wk-sidebar-item" to={to} title={label} aria-label={label}>
      {icon}
    </Link>
  ) : (
    <button
      className="wk-sidebar-item"
      type="button"
      title={label}
      aria-label={label}
      aria-expanded={expanded}
      onClick={onClick}
    >
      {icon}
    </button>
  );
}

/** The site's WeChat QR code with its tip, opened from the bar (display.wechat_qrcode, wechat_tip). */
function WechatItem({ qrcode, tip }: { qrcode: string; tip: string }) {
  const { t } = useI18n();
  const label = tip || t("sidebar.wechat");
  return (
    <LazyPopover
      placement="left"
      trigger={["hover", "click"]}
      content={
        <div data-testid="wechat-qrcode" style={{ width: 160, textAlign: "center" }}>
          <img src={qrcode} alt={t("sidebar.wechat")} style={{ width: 160, height: 160, objectFit: "contain" }} />
          {tip && <div style={{ marginTop: 4, fontSize: 13 }}>{tip}</div>}
        </div>
      }
    >
      <button className="wk-sidebar-item" type="button" title={label} aria-label={label}>
        <WechatOutlined />
      </button>
    </LazyPopover>
  );
}

/**
 * Spec §2 fixed right bar: publish article, upload document, the WeChat QR code and the contact
 * link when the site has them (display settings), back to top (once scrolled). On phones
 * the two actions fold behind one button so the bar does not cover the forms. Plain elements in
 * the theme's colours (styles.css .wk-sidebar): antd's FloatButton brought its tooltip, badge and
 * popup code to every public page's first load.
 */
export function SideBar() {
  const { t } = useI18n();
  const { token } = theme.useToken();
  const mobile = useSizeClass() === "mobile";
  const [open, setOpen] = useState(false);
  const scrolled = useScrolledPast(BACK_TOP_AFTER);
  const { display } = useSettings().settings;
  const colours = {
    "--wk-sidebar-bg": token.colorBgElevated,
    "--wk-sidebar-fg": token.colorText,
    "--wk-sidebar-hover": token.colorFillSecondary,
    "--wk-sidebar-shadow": token.boxShadowSecondary,
    "--wk-sidebar-focus": token.colorPrimary,
  } as CSSProperties;
  const actions = (
    <>
      <BarItem label={t("page.post")} icon={<EditOutlined />} to="/post" />
      <BarItem label={t("page.upload")} icon={<CloudUploadOutlined />} to="/upload" />
      {display.wechatQrcode && <WechatItem qrcode={display.wechatQrcode} tip={display.wechatTip} />}
      {display.contactLink && (
        <BarItem
          label={display.contactTip || t("sidebar.contact")}
          icon={<CustomerServiceOutlined />}
          href={display.contactLink}
        />
      )}
    </>
  );
  return (
    <nav
      className="wk-sidebar"
      data-mobile={mobile || undefined}
      aria-label={t("sidebar.quickActions")}
      style={colours}
    >
      {mobile ? (
        <>
          {open && actions}
          <BarItem
            label={t("sidebar.quickActions")}
            icon={<AppstoreOutlined />}
            expanded={open}
            onClick={() => setOpen((was) => !was)}
          />
        </>
      ) : (
        actions
      )}
      {scrolled && (
        <BarItem
          label={t("footer.backTop")}
          icon={<VerticalAlignTopOutlined />}
          onClick={() => window.scrollTo({ top: 0, behavior: "smooth" })}
        />
      )}
    </nav>
  );
}
