import { FriendlinkAPI } from "@wenku/proto/api/v1/friendlink_pb.js";
import { theme } from "antd";
import type { CSSProperties } from "react";
import { Link, useLocation } from "react-router";
import { useApiQuery } from "../api/useApiQuery.js";
import { useI18n } from "../i18n/I18nProvider.js";
import type { MessageKey } from "../i18n/zh-CN.js";
import { ABOUT_WENKU } from "../router/paths.js";
import { useSettings } from "../settings/SettingsProvider.js";
import { useSiteName } from "../settings/useSiteName.js";
import { NavItemLink } from "./NavItemLink.js";

/** Copyright years: "2019-2025", or just the current year when the start is missing or not earlier. */
export function copyrightYears(startYear: string, currentYear: number): string {
  const start = Number.parseInt(startYear, 10);
  return Number.isFinite(start) && start < currentYear ? `${start}-${currentYear}` : String(currentYear);
}

/** The enabled friend links, larger sort first (the server orders them), as the footer needs them. */
export const FRIENDLINKS_REQUEST = { page: 1n, size: 100n, enable: [true], field: ["id", "title", "link"] };

/** Spec §2: friend links, on the home page only; a failed load just leaves them out. */
function FriendLinks({ linkStyle }: { linkStyle: CSSProperties }) {
  const { t } = useI18n();
  const links = useApiQuery(FriendlinkAPI.method.listFriendlink, FRIENDLINKS_REQUEST, "").data?.friendlink ?? [];
  if (links.length === 0) return null;
  return (
    <nav
      aria-label={t("footer.friendlinks")}
      data-testid="friendlinks"
      style={{ display: "flex", flexWrap: "wrap", justifyContent: "center", gap: "0 16px", marginBottom: 8 }}
    >
      <span>{t("footer.friendlinks")}:</span>
      {links.map((link) => (
        <a key={String(link.id)} href={link.link} target="_blank" rel="noopener" style={linkStyle}>
          {link.title}
        </a>
      ))}
    </nav>
  );
}

/** Spec §2 footer: friend links (home), configurable links, sitemap, copyright years, ICP numbers, optional powered-by. */
export function AppFooter() {
  const { t } = useI18n();
  const { token } = theme.useToken();
  const { settings } = useSettings();
  const { name } = useSiteName();
  const { footer, system } = settings;
  const configured: { key: MessageKey; href: string }[] = [
    { key: "footer.about", href: footer.about },
    { key: "footer.agreement", href: footer.agreement },
    { key: "footer.contact", href: footer.contact },
    { key: "footer.feedback", href: footer.feedback },
    { key: "footer.disclaimer", href: footer.copyright },
  ];
  const home = useLocation().pathname === "/";
  const linkStyle = { color: token.colorTextSecondary };
  return (
    <footer
      data-testid="site-footer"
      style={{
        borderTop: `1px solid ${token.colorBorderSecondary}`,
        background: token.colorBgLayout,
        color: token.colorTextSecondary,
        padding: "24px 16px",
        textAlign: "center",
        fontSize: 13,
        lineHeight: 2,
      }}
    >
      {home && <FriendLinks linkStyle={linkStyle} />}
      <div style={{ display: "flex", flexWrap: "wrap", justifyContent: "center", gap: "0 20px" }}>
        {configured
          .filter((link) => link.href)
          .map((link) => (
            <NavItemLink key={link.key} item={{ href: link.href }} style={linkStyle}>
              {t(link.key)}
            </NavItemLink>
          ))}
        <a href="/sitemap.xml" style={linkStyle}>
          {t("footer.sitemap")}
        </a>
      </div>
      <div>
        © {copyrightYears(system.copyrightStartYear, new Date().getFullYear())} {name} · {t("footer.rights")}
      </div>
      {(system.icp || system.secIcp) && (
        <div style={{ display: "flex", flexWrap: "wrap", justifyContent: "center", gap: "0 20px" }}>
          {system.icp && (
            <a href="https://beian.miit.gov.cn/" target="_blank" rel="noopener noreferrer" style={linkStyle}>
              {system.icp}
            </a>
          )}
          {system.secIcp && <span>{system.secIcp}</span>}
        </div>
      )}
      {system.enablePoweredBy && (
        <div>
          <Link to={ABOUT_WENKU} style={linkStyle} data-testid="powered-by">
            {t("footer.poweredBy")}
          </Link>
        </div>
      )}
    </footer>
  );
}
