// An activity-feed entry in the reader's language: worded from its type and params (Dynamic.params,
// user.proto) with the i18n catalog; an entry older than its params (or of a type the web does not
// word) shows the server's zh-CN content, parsed as moredoc's HTML by dynamicParts.
import type { Dynamic } from "@wenku/proto/api/v1/user_pb.js";
import { Fragment, type ReactNode } from "react";
import { Link } from "react-router";
import type { Translate } from "../../i18n/I18nProvider.js";
import type { MessageKey } from "../../i18n/zh-CN.js";

/** The pages a feed line may link (what the server writes: /document/{uuid|id}, /article/{identifier|id}). */
const SAFE_HREF = /^\/(document|article)\/[A-Za-z0-9_-]{1,64}$/;

/**
 * A feed line's HTML (moredoc's shape: "收藏了文档《<a href="/document/…">title</a>》") as text and
 * in-app links only: it is parsed, never injected, so no markup of it ever runs.
 */
export function dynamicParts(html: string): ReactNode[] {
  const body = new DOMParser().parseFromString(html, "text/html").body;
  return [...body.childNodes].map((node, i) => {
    const text = node.textContent ?? "";
    const href = node instanceof Element && node.tagName === "A" ? (node.getAttribute("href") ?? "") : "";
    return SAFE_HREF.test(href) ? (
      // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one line never move
      <Link key={i} to={href}>
        {text}
      </Link>
    ) : (
      // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one line never move
      <Fragment key={i}>{text}</Fragment>
    );
  });
}

/** moredoc's DynamicType values of the entries about an item (services/user dynamics), ours from 15 on. */
const ACTIVITY: Readonly<Record<number, string>> = {
  1: "comment",
  2: "favorite",
  3: "upload",
  4: "download",
  15: "article",
};
/** The entries whose text is their type alone. */
const PLAIN: Readonly<Record<number, MessageKey>> = { 6: "soc.dyn.register", 7: "soc.dyn.avatar", 9: "soc.dyn.info" };
const PASSWORD = 8;
const SIGN = 11;
const TITLE = "{title}";

/** A line worded by `key` around the item's title, the title linked to its page. */
function linked(template: string, title: string, href: string): ReactNode[] {
  const at = template.indexOf(TITLE);
  if (at < 0) return [template];
  const link = SAFE_HREF.test(href) ? (
    <Link key="item" to={href}>
      {title}
    </Link>
  ) : (
    <Fragment key="item">{title}</Fragment>
  );
  return [template.slice(0, at), link, template.slice(at + TITLE.length)];
}

/** The entry as parts of a line (text and in-app links) in the reader's language; `name` is the credit name. */
export function dynamicText(d: Pick<Dynamic, "type" | "content" | "params">, t: Translate, name: string): ReactNode[] {
  const p = d.params;
  const activity = ACTIVITY[d.type];
  if (activity && (p.kind === "document" || p.kind === "article") && p.title !== undefined && p.ref) {
    return linked(t(`soc.dyn.${activity}.${p.kind}` as MessageKey), p.title, `/${p.kind}/${p.ref}`);
  }
  const plain = PLAIN[d.type];
  if (plain) return [t(plain)];
  if (d.type === PASSWORD && (p.via === "profile" || p.via === "email")) return [t(`soc.dyn.password.${p.via}`)];
  if (d.type === SIGN && p.award !== undefined) {
    const award = Number(p.award);
    return [award > 0 ? t("soc.dyn.sign", { award, name }) : t("soc.dyn.signNoAward")];
  }
  return dynamicParts(d.content);
}
