import { theme } from "antd";
import { useI18n } from "../i18n/I18nProvider.js";
import type { MessageKey } from "../i18n/zh-CN.js";
import { useSettings } from "../settings/SettingsProvider.js";
import { useSiteName } from "../settings/useSiteName.js";
import { NavItemLink } from "./NavItemLink.js";

/** Copyright years: "2019-2025", or just the current year when the start is missing or not earlier. */
export function copyrightYears(startYear: string, currentYear: number): string {
  const start = Number.parseInt(startYear, 10);
  return Number.isFinite(start) && start < currentYear ? `${start}-${currentYear}` : String(currentYear);
}

/** Spec §2 footer: configurable links, sitemap, copyright years, ICP numbers, optional powered-by. */
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
          <a href="https://github.com/" target="_blank" rel="noopener noreferrer" style={linkStyle}>
            {t("footer.poweredBy")}
          </a>
        </div>
      )}
    </footer>
  );
}
