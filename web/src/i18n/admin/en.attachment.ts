import type { zhCNAdminAttachment } from "./zh-CN.attachment.js";

/** The back office's attachment texts (/admin/attachment) in English. */
export const enAdminAttachment: { readonly [K in keyof typeof zhCNAdminAttachment]: string } = {
  "adm.att.name": "File name",
  "adm.att.preview": "Preview",
  "adm.att.type": "Type",
  "adm.att.type.1": "Avatar",
  "adm.att.type.2": "Document",
  "adm.att.type.3": "Article",
  "adm.att.type.4": "Comment",
  "adm.att.type.5": "Banner",
  "adm.att.type.6": "Category cover",
  "adm.att.type.7": "Settings",
  "adm.att.type.8": "Crawled document",
  "adm.att.allTypes": "All types",
  "adm.att.size": "Size",
  "adm.att.user": "Uploader",
  "adm.att.userFilter": "User ID",
  "adm.att.ext": "Extension",
  "adm.att.ip": "IP",
  "adm.att.enabled": "Active",
  "adm.att.disabled": "Deleted",
  "adm.att.allStatus": "All statuses",
  "adm.att.searchPlaceholder": "File name or MD5",
  "adm.att.openDocument": "Find the document",
  "adm.att.documentHint": "A document file is read on its document's page; find it by MD5 in the document list",
  "adm.att.deleteHint":
    "Once deleted the file cannot be uploaded or used again; documents already using it are not affected.",
  "adm.att.hash": "MD5",
};
