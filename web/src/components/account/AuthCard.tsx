import { Card, Typography, theme } from "antd";
import type { ReactNode } from "react";

/** The centred card of the login and register screens; full width on phones. */
export function AuthCard({ title, subtitle, children }: { title: string; subtitle?: string; children: ReactNode }) {
  const { token } = theme.useToken();
  return (
    <div
      style={{
        display: "flex",
        justifyContent: "center",
        // The card keeps its own height (stretched to the backdrop it was a tall box with an empty half).
        alignItems: "flex-start",
        padding: "clamp(16px, 6vw, 64px) 12px",
        background: `linear-gradient(160deg, ${token.colorPrimaryBg} 0%, ${token.colorBgLayout} 60%)`,
        minHeight: "calc(100vh - 64px - 160px)",
      }}
    >
      <Card style={{ width: "100%", maxWidth: 420, boxShadow: token.boxShadowTertiary }}>
        <Typography.Title level={3} style={{ marginTop: 0, marginBottom: 4, textAlign: "center" }}>
          {title}
        </Typography.Title>
        {subtitle && (
          <Typography.Paragraph type="secondary" style={{ textAlign: "center", marginBottom: 24 }}>
            {subtitle}
          </Typography.Paragraph>
        )}
        {children}
      </Card>
    </div>
  );
}
