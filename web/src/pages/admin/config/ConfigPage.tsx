import { ConfigAPI } from "@wenku/proto/api/v1/config_pb.js";
import { Empty, Skeleton } from "antd";
import { useLocation, useMatches } from "react-router";
import { useApiQuery } from "../../../api/useApiQuery.js";
import { AdminCard } from "../../../components/admin/AdminCard.js";
import { useI18n } from "../../../i18n/I18nProvider.js";
import type { RouteHandle } from "../../../layouts/RootLayout.js";
import { ConfigForm } from "./ConfigForm.js";
import { sectionOf } from "./sections.js";

/**
 * Every /admin/config/<page>: the page's categories (sections.ts) loaded with ListConfig and edited in
 * one generic form built from their metadata.
 */
export default function ConfigPage() {
  const { t } = useI18n();
  const { pathname } = useLocation();
  const handle = useMatches().at(-1)?.handle as RouteHandle | undefined;
  const section = sectionOf(pathname);
  const list = useApiQuery(
    ConfigAPI.method.listConfig,
    { category: [...(section?.categories ?? [])] },
    t("adm.cfg.loadFailed"),
    { enabled: section !== undefined },
  );
  const rows = list.data?.config;
  return (
    <AdminCard title={t(handle?.title ?? "admin.config")} list={list}>
      {section && !rows && !list.error && <Skeleton active paragraph={{ rows: 8 }} />}
      {(!section || rows?.length === 0) && <Empty description={t("adm.cfg.empty")} />}
      {section && rows && rows.length > 0 && <ConfigForm rows={rows} section={section} />}
    </AdminCard>
  );
}
