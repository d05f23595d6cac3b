import { HeartFilled, HeartOutlined } from "@ant-design/icons";
import { skipToken, useMutation } from "@connectrpc/connect-query";
import { useQueryClient } from "@tanstack/react-query";
import { ContentKind } from "@wenku/proto/api/v1/enums_pb.js";
import { type Favorite, FavoriteAPI } from "@wenku/proto/api/v1/favorite_pb.js";
import { Button } from "antd";
import { useState } from "react";
import { toApiError } from "../../api/errors.js";
import { invalidateMethod } from "../../api/invalidate.js";
import { useApiQuery } from "../../api/useApiQuery.js";
import { useI18n } from "../../i18n/I18nProvider.js";
import { useSettings } from "../../settings/SettingsProvider.js";
import { useSession } from "../../store/SessionProvider.js";
import { useFeedback } from "../feedback/appContext.js";
import { useLoginPrompt } from "./useLoginPrompt.js";

export interface FavoriteButtonProps {
  kind: ContentKind;
  /** The document's or the article's id. */
  id: bigint;
  /** favorite_count as the page loaded it; the button adds its own changes. */
  count: number;
}

/**
 * Favorite toggle of a document or an article with its count. Signed in: GetFavorite says whether it
 * is mine (NotFound: not yet); a click adds or removes it, the server's refusal (a punishment's reason)
 * shown. A visitor is asked to sign in.
 */
export function FavoriteButton(props: FavoriteButtonProps) {
  // A fresh toggle per target: what one page's button changed never shows on the next (related articles).
  return <FavoriteToggle key={`${props.kind}:${props.id}`} {...props} />;
}

function FavoriteToggle({ kind, id, count }: FavoriteButtonProps) {
  const { t } = useI18n();
  const { message } = useFeedback();
  const session = useSession();
  const { settings } = useSettings();
  const promptLogin = useLoginPrompt();
  const queryClient = useQueryClient();
  const signedIn = Boolean(session.token);
  const mine = useApiQuery(
    FavoriteAPI.method.getFavorite,
    signedIn ? { documentId: id, type: kind } : skipToken,
    t("soc.favoriteFailed"),
    { retry: false },
  );
  // What this button changed since the page loaded: the favorite (null: removed) and the count.
  const [own, setOwn] = useState<Favorite | null | undefined>(undefined);
  const [delta, setDelta] = useState(0);
  // GetFavorite answers an empty favorite (id 0) when there is none.
  const current = own !== undefined ? own : mine.data?.id ? mine.data : null;
  const refresh = () => {
    void invalidateMethod(queryClient, FavoriteAPI.method.listFavorite);
  };
  const add = useMutation(FavoriteAPI.method.createFavorite, {
    onSuccess: (fav) => {
      setOwn(fav);
      setDelta((d) => d + 1);
      refresh();
      void message.success(t("soc.favoriteAdded"));
    },
    onError: (error) => void message.error(toApiError(error, t("soc.favoriteFailed")).message),
  });
  const remove = useMutation(FavoriteAPI.method.deleteFavorite, {
    onSuccess: () => {
      setOwn(null);
      setDelta((d) => d - 1);
      refresh();
      void message.success(t("soc.favoriteRemoved"));
    },
    onError: (error) => void message.error(toApiError(error, t("soc.unfavoriteFailed")).message),
  });
  const shown = Math.max(0, count + delta);
  // display.show_document_favorite_count hides a document's count (articles always show theirs)
  const showCount = kind === ContentKind.ARTICLE || settings.display.showDocumentFavoriteCount;
  const label = current ? t("soc.favorited") : t("soc.favorite");

  const onClick = () => {
    if (!signedIn) return promptLogin(t("soc.loginToFavorite"));
    if (current) remove.mutate({ id: [current.id] });
    else add.mutate({ documentId: id, type: kind });
  };
  return (
    <Button
      icon={current ? <HeartFilled style={{ color: "#eb2f96" }} /> : <HeartOutlined />}
      loading={add.isPending || remove.isPending}
      onClick={onClick}
      aria-pressed={Boolean(current)}
      data-testid="favorite-toggle"
    >
      {label}
      {showCount && <span data-testid="favorite-count"> · {shown}</span>}
    </Button>
  );
}
