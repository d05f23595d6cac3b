import { DeleteOutlined } from "@ant-design/icons";
import { useMutation } from "@connectrpc/connect-query";
import { keepPreviousData, useQueryClient } from "@tanstack/react-query";
import { ContentKind } from "@wenku/proto/api/v1/enums_pb.js";
import { type Favorite, FavoriteAPI } from "@wenku/proto/api/v1/favorite_pb.js";
import { App, Button, Empty, Flex, Popconfirm, Spin, Tabs, Typography } from "antd";
import { useState } from "react";
import { Link, useSearchParams } from "react-router";
import { toApiError } from "../../api/errors.js";
import { invalidateMethod } from "../../api/invalidate.js";
import { useApiQuery } from "../../api/useApiQuery.js";
import { MeFrame } from "../../components/account/MeFrame.js";
import { ApiErrorAlert } from "../../components/common/ApiErrorAlert.js";
import { formatTime } from "../../components/common/format.js";
import { ListPager } from "../../components/common/ListPager.js";
import { DocTypeIcon } from "../../components/document/DocTypeIcon.js";
import { useI18n } from "../../i18n/I18nProvider.js";
import { articlePath } from "../article/articleQuery.js";

export const FAVORITE_PAGE_SIZE = 20;

/** Where a favorite leads: the document by id, the article by identifier (else id). */
export const favoritePath = (f: Favorite): string =>
  f.type === ContentKind.ARTICLE
    ? articlePath({ id: f.documentId, identifier: f.documentUuid })
    : `/document/${f.documentId}`;

function FavoriteList({ kind }: { kind: ContentKind }) {
  const { t } = useI18n();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [page, setPage] = useState(1);
  const list = useApiQuery(
    FavoriteAPI.method.listFavorite,
    { type: kind, page: BigInt(page), size: BigInt(FAVORITE_PAGE_SIZE) },
    t("soc.favoritesFailed"),
    { placeholderData: keepPreviousData },
  );
  const remove = useMutation(FavoriteAPI.method.deleteFavorite, {
    onSuccess: () => {
      void message.success(t("soc.favoriteRemoved"));
      void invalidateMethod(queryClient, FavoriteAPI.method.getFavorite);
      return invalidateMethod(queryClient, FavoriteAPI.method.listFavorite);
    },
    onError: (cause) => void message.error(toApiError(cause, t("soc.unfavoriteFailed")).message),
  });
  const rows = list.data?.favorite ?? [];
  const total = Number(list.data?.total ?? 0n);
  return (
    <>
      {list.error && <ApiErrorAlert error={list.error} onRetry={list.reload} />}
      <Spin spinning={list.loading}>
        <div data-testid="me-favorites" style={{ minHeight: 120 }}>
          {rows.length === 0 && !list.loading && !list.error && (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t("soc.favoritesEmpty")} />
          )}
          {rows.map((f) => (
            <Flex
              key={String(f.id)}
              align="center"
              gap={10}
              style={{ padding: "10px 0", borderBottom: "1px solid rgba(5, 5, 5, 0.06)" }}
              data-testid="favorite-row"
            >
              {kind === ContentKind.DOCUMENT && <DocTypeIcon ext={f.ext} size={22} />}
              <div style={{ flex: 1, minWidth: 0 }}>
                <Link to={favoritePath(f)} style={{ display: "block", overflowWrap: "anywhere" }}>
                  {f.title}
                </Link>
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                  {t("soc.favoritedAt", { time: formatTime(f.createdAt) })}
                </Typography.Text>
              </div>
              <Popconfirm
                title={t("soc.removeConfirm", { title: f.title })}
                okButtonProps={{ danger: true }}
                onConfirm={() => remove.mutateAsync({ id: [f.id] }).catch(() => {})}
              >
                <Button size="small" type="text" danger icon={<DeleteOutlined />} data-testid="favorite-remove">
                  {t("soc.remove")}
                </Button>
              </Popconfirm>
            </Flex>
          ))}
          <ListPager total={total} page={page} pageSize={FAVORITE_PAGE_SIZE} onChange={setPage} />
        </div>
      </Spin>
    </>
  );
}

/** /me/favorite: the user's favorite documents and articles (?type=article for the second tab), removable. */
export default function MeFavoritePage() {
  const { t } = useI18n();
  const [params, setParams] = useSearchParams();
  const tab = params.get("type") === "article" ? "article" : "document";
  return (
    <MeFrame title="page.me.favorite">
      <Tabs
        activeKey={tab}
        onChange={(key) => setParams(key === "article" ? { type: "article" } : {}, { replace: true })}
        destroyOnHidden
        items={[
          {
            key: "document",
            label: t("soc.tabDocuments"),
            children: <FavoriteList kind={ContentKind.DOCUMENT} />,
          },
          { key: "article", label: t("soc.tabArticles"), children: <FavoriteList kind={ContentKind.ARTICLE} /> },
        ]}
      />
    </MeFrame>
  );
}
