import { FlagOutlined } from "@ant-design/icons";
import { skipToken, useMutation } from "@connectrpc/connect-query";
import { type Document, DocumentAPI } from "@wenku/proto/api/v1/document_pb.js";
import { ContentKind } from "@wenku/proto/api/v1/enums_pb.js";
import { Button, Flex, Rate, Space, Typography } from "antd";
import { lazy, Suspense, useState } from "react";
import { toApiError } from "../../api/errors.js";
import { useApiQuery } from "../../api/useApiQuery.js";
import { useFeedback } from "../../components/feedback/appContext.js";
import { FavoriteButton } from "../../components/social/FavoriteButton.js";
import { useLoginPrompt } from "../../components/social/useLoginPrompt.js";
import { useI18n } from "../../i18n/I18nProvider.js";
import { useSession } from "../../store/SessionProvider.js";

/** The average of `count` ratings after one more of `score` (all x100), rounded as the server does. */
export const withRating = (average: number, count: number, score: number) =>
  Math.round((average * count + score) / (count + 1));

/** The document page's action bar: favorite (with its count), a 5-star rating, report. */
export function DocumentActions({ document: doc }: { document: Document }) {
  return (
    <Flex wrap align="center" gap="8px 16px" data-testid="document-actions">
      <FavoriteButton kind={ContentKind.DOCUMENT} id={doc.id} count={doc.favoriteCount} />
      <DocumentRating document={doc} />
      <ReportButton documentId={doc.id} />
    </Flex>
  );
}

/** The average and count; signed in: my stars (once), else stars to pick; visitors are asked to sign in. */
function DocumentRating({ document: doc }: { document: Document }) {
  const { t } = useI18n();
  const { message } = useFeedback();
  const session = useSession();
  const promptLogin = useLoginPrompt();
  const signedIn = Boolean(session.token);
  const mine = useApiQuery(
    DocumentAPI.method.getDocumentScore,
    signedIn ? { documentId: doc.id } : skipToken,
    t("soc.rateFailed"),
  );
  const [rated, setRated] = useState<{ mine: number; average: number; count: number } | null>(null);
  const average = rated?.average ?? doc.score;
  const count = rated?.count ?? doc.scoreCount;
  const myScore = rated?.mine ?? mine.data?.score ?? 0;
  const rate = useMutation(DocumentAPI.method.setDocumentScore, {
    onSuccess: (_, req) => {
      const score = req.score ?? 0;
      setRated({ mine: score, average: withRating(doc.score, doc.scoreCount, score), count: doc.scoreCount + 1 });
      void message.success(t("soc.rateThanks"));
    },
    onError: (error) => void message.error(toApiError(error, t("soc.rateFailed")).message),
  });
  const onPick = (stars: number) => {
    if (!signedIn) return promptLogin(t("soc.loginToRate"));
    if (stars > 0) rate.mutate({ documentId: doc.id, score: stars * 100 });
  };
  return (
    <Space size={8} wrap data-testid="document-rating">
      <Rate
        value={myScore / 100}
        disabled={myScore > 0 || rate.isPending}
        onChange={onPick}
        aria-label={t("soc.rate")}
        style={{ fontSize: 18 }}
      />
      <Typography.Text type="secondary" style={{ fontSize: 13 }} data-testid="rating-summary">
        {count > 0 ? t("soc.rating", { score: (average / 100).toFixed(1), count }) : t("soc.noRating")}
      </Typography.Text>
      {myScore > 0 && (
        <Typography.Text type="secondary" style={{ fontSize: 13 }} data-testid="rating-mine">
          {t("soc.myRating", { stars: myScore / 100 })}
        </Typography.Text>
      )}
    </Space>
  );
}

/** The report dialog's code: fetched when a reader first asks to report. */
const ReportDialog = lazy(() => import("./ReportDialog.js"));

/** Report: a dialog with the six reasons (its own chunk, loaded on the first click). */
function ReportButton({ documentId }: { documentId: bigint }) {
  const { t } = useI18n();
  const session = useSession();
  const promptLogin = useLoginPrompt();
  const [open, setOpen] = useState(false);
  // mounted from the first click on, so closing keeps the dialog's closing animation
  const [asked, setAsked] = useState(false);
  return (
    <>
      <Button
        type="text"
        icon={<FlagOutlined />}
        onClick={() => {
          if (!session.token) return promptLogin(t("soc.loginToReport"));
          setAsked(true);
          setOpen(true);
        }}
        data-testid="report-open"
      >
        {t("soc.report")}
      </Button>
      {asked && (
        <Suspense fallback={null}>
          <ReportDialog documentId={documentId} open={open} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
