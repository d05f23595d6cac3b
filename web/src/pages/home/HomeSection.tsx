import { RightOutlined } from "@ant-design/icons";
import { Flex, theme } from "antd";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { Title } from "../../components/common/Text.js";

export const SECTION_ICON_SIZE = 28;

export interface HomeSectionProps {
  /** The heading text; also names the section for assistive technology. */
  title: string;
  /** Shown before the title: a category cover or an icon. */
  icon: ReactNode;
  /** The "more" link on the right, when there is somewhere to go. */
  more?: { to: string; label: string; ariaLabel: string } | undefined;
  children: ReactNode;
  "data-testid"?: string;
}

/** A small square in the primary colour's tint holding a section's icon (as wide as a category cover). */
export function SectionIconBox({ children }: { children: ReactNode }) {
  const { token } = theme.useToken();
  return (
    <span
      aria-hidden
      style={{
        width: SECTION_ICON_SIZE,
        height: SECTION_ICON_SIZE,
        borderRadius: token.borderRadiusSM,
        flexShrink: 0,
        display: "inline-flex",
        alignItems: "center",
        justifyContent: "center",
        color: token.colorPrimary,
        background: token.colorPrimaryBg,
        fontSize: 16,
      }}
    >
      {children}
    </span>
  );
}

/** One block of the home page: a heading row (icon, title, "more" link) above its content. */
export function HomeSection({ title, icon, more, children, "data-testid": testId }: HomeSectionProps) {
  const { token } = theme.useToken();
  return (
    <section aria-label={title} data-testid={testId} style={{ marginTop: 32 }}>
      <Flex
        align="center"
        justify="space-between"
        gap={12}
        style={{ paddingBottom: 10, marginBottom: 16, borderBottom: `2px solid ${token.colorBorderSecondary}` }}
      >
        <Flex align="center" gap={10} style={{ minWidth: 0 }}>
          {icon}
          <Title level={4} ellipsis style={{ margin: 0 }}>
            {title}
          </Title>
        </Flex>
        {more && (
          <Link to={more.to} aria-label={more.ariaLabel} style={{ flexShrink: 0, whiteSpace: "nowrap" }}>
            {more.label} <RightOutlined style={{ fontSize: 11 }} />
          </Link>
        )}
      </Flex>
      {children}
    </section>
  );
}
