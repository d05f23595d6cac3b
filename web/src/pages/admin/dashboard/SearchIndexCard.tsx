import { useMutation, useQuery } from "@connectrpc/connect-query";
import { ConfigAPI } from "@wenku/proto/api/v1/config_pb.js";
import { Alert, Button, Card, Descriptions, Progress, Skeleton } from "antd";
import { toApiError } from "../../../api/errors.js";
import { useConfirm } from "../../../components/admin/useConfirm.js";
import { ApiErrorAlert } from "../../../components/common/ApiErrorAlert.js";
import { useFeedback } from "../../../components/feedback/appContext.js";
import { useI18n } from "../../../i18n/I18nProvider.js";
import { useSession } from "../../../store/SessionProvider.js";

/** While a pass runs, its progress is asked again this often (ms). */
const POLL_MS = 2_000;

const STATUS_PATH = "/api.v1.ConfigAPI/GetDocumentIndexStatus";
const RENEW_PATH = "/api.v1.ConfigAPI/RenewDocumentIndex";

/**
 * The search index on the dashboard (for holders of its status permission): which backend, how many
 * documents and articles it holds (or that the backend does not answer), a pass under way with its progress, the last pass's error, and a rebuild
 * (PUT /api/v1/renew/document/index) for holders of that permission.
 */
export function SearchIndexCard() {
  const { t } = useI18n();
  const session = useSession();
  const held = new Set(session.permissions.filter((p) => Number(p.id) > 0).map((p) => p.path));
  if (!held.has(STATUS_PATH)) return null;
  return <SearchIndexStatusView mayRebuild={held.has(RENEW_PATH)} title={t("adm.dash.searchIndex")} />;
}

function SearchIndexStatusView({ mayRebuild, title }: { mayRebuild: boolean; title: string }) {
  const { t } = useI18n();
  const { message } = useFeedback();
  const confirm = useConfirm();
  const status = useQuery(
    ConfigAPI.method.getDocumentIndexStatus,
    {},
    { refetchInterval: (query) => (query.state.data?.running ? POLL_MS : false) },
  );
  const renew = useMutation(ConfigAPI.method.renewDocumentIndex, {
    onSuccess: () => {
      void message.success(t("adm.dash.searchIndexRebuilding"));
      void status.refetch();
    },
    onError: (error) => void message.error(toApiError(error, t("adm.dash.searchIndexRebuildFailed")).message),
  });
  const s = status.data;
  const rebuild = () =>
    confirm({
      title: t("adm.dash.searchIndexRebuildConfirm"),
      hint: t("adm.dash.searchIndexRebuildHint"),
      danger: false,
      onOk: () => renew.mutateAsync({}),
    });
  return (
    <Card
      size="small"
      title={title}
      style={{ marginTop: 24 }}
      data-testid="dashboard-search-index"
      extra={
        mayRebuild && (
          <Button size="small" onClick={rebuild} loading={renew.isPending} disabled={s?.running}>
            {t("adm.dash.searchIndexRebuild")}
          </Button>
        )
      }
    >
      {status.error && (
        <ApiErrorAlert
          error={toApiError(status.error, t("adm.dash.searchIndexUnavailable"))}
          onRetry={() => void status.refetch()}
        />
      )}
      {!s && !status.error && <Skeleton active paragraph={{ rows: 1 }} />}
      {s && (
        <>
          <Descriptions
            size="small"
            column={{ xs: 1, md: 4 }}
            items={[
              { key: "backend", label: t("adm.dash.searchIndexBackend"), children: s.backend },
              {
                key: "indexed",
                label: t("adm.dash.searchIndexDocuments"),
                children: s.unreachable ? "—" : String(s.indexed),
              },
              {
                key: "articles",
                label: t("adm.dash.searchIndexArticles"),
                children: s.unreachable ? "—" : String(s.articles),
              },
              {
                key: "state",
                label: t("adm.dash.searchIndexState"),
                children: s.running ? t("adm.dash.searchIndexRunning") : t("adm.dash.searchIndexIdle"),
              },
            ]}
          />
          {s.running && s.total > 0n && (
            <Progress
              percent={Math.floor((Number(s.done) / Number(s.total)) * 100)}
              format={() => `${s.done} / ${s.total}`}
              aria-label={t("adm.dash.searchIndexProgress")}
            />
          )}
          {s.unreachable ? (
            <Alert
              type="error"
              showIcon
              title={t("adm.dash.searchIndexUnreachable")}
              data-testid="search-index-unreachable"
            />
          ) : (
            s.error && <Alert type="warning" showIcon title={t("adm.dash.searchIndexLastError", { error: s.error })} />
          )}
        </>
      )}
    </Card>
  );
}
