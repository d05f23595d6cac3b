import { Flex } from "antd";
import { useSearchParams } from "react-router";
import { useCan } from "../../../components/admin/permissions.js";
import { useSizeClass } from "../../../hooks/useSizeClass.js";
import { PostForm } from "../../post/PostForm.js";
import { ARTICLE_API } from "./articleListQuery.js";
import { CrawlArticleButton } from "./CrawlArticleButton.js";

/**
 * /admin/article/set (new) and /admin/article/set?id=N (edit): the article editor of /post inside the
 * back office. Staff see the identifier and author fields too (the footer's pages are edited here) and
 * publish without review; the server decides both. A new article may instead be imported from a web
 * page (从网址导入), which opens here as a draft waiting for review.
 */
export default function ArticleSetPage() {
  const mobile = useSizeClass() === "mobile";
  const can = useCan();
  const [params] = useSearchParams();
  return (
    <section style={{ padding: mobile ? 12 : 24, maxWidth: 1000 }}>
      {!params.has("id") && can(`${ARTICLE_API}/CrawlArticle`) && (
        <Flex justify="flex-end" style={{ marginBottom: 12 }}>
          <CrawlArticleButton />
        </Flex>
      )}
      <PostForm />
    </section>
  );
}
