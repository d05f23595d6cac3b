// The /post form's values and the CreateArticle/UpdateArticle request made of them (unit-tested).
import type { Article } from "@wenku/proto/api/v1/article_pb.js";

export interface ArticleFormValues {
  title: string;
  /** Category ids as the select holds them (strings). */
  categoryId: string[];
  keywords: string;
  description: string;
  content: string;
  /** Staff only: the readable address (/article/<identifier>) and a display author. */
  identifier?: string;
  author?: string;
}

/** The form's starting values: the article being edited, or empty. */
export function formValuesOf(article: Article | undefined): ArticleFormValues {
  return {
    title: article?.title ?? "",
    categoryId: (article?.categoryId ?? []).map(String),
    keywords: article?.keywords ?? "",
    description: article?.description ?? "",
    content: article?.content ?? "",
    identifier: article?.identifier ?? "",
    author: article?.author ?? "",
  };
}

/**
 * The article to send. A new article names an identifier only when one was typed (members may not send
 * one at all); an edit keeps the stored identifier unless staff changed it, and its own source fields.
 */
export function articleRequest(values: ArticleFormValues, article: Article | undefined) {
  const identifier = (values.identifier ?? "").trim();
  return {
    id: article?.id ?? 0n,
    title: values.title.trim(),
    categoryId: [...new Set(values.categoryId ?? [])].filter((id) => /^\d+$/.test(id)).map((id) => BigInt(id)),
    keywords: (values.keywords ?? "").trim(),
    description: (values.description ?? "").trim(),
    content: values.content ?? "",
    identifier: article ? identifier || article.identifier : identifier,
    author: values.author === undefined ? (article?.author ?? "") : values.author.trim(),
    source: article?.source ?? "",
    sourceUrl: article?.sourceUrl ?? "",
  };
}
