import { useSizeClass } from "../../../hooks/useSizeClass.js";
import { PostForm } from "../../post/PostForm.js";

/**
 * /admin/article/set (new) and /admin/article/set?id=N (edit): the article editor of /post inside the
 * back office. Staff see the identifier and author fields too (the footer's pages are edited here) and
 * publish without review; the server decides both.
 */
export default function ArticleSetPage() {
  const mobile = useSizeClass() === "mobile";
  return (
    <section style={{ padding: mobile ? 12 : 24, maxWidth: 1000 }}>
      <PostForm />
    </section>
  );
}
