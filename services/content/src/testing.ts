// @wenku/content/testing — internals the system tests drive directly: the user directory client, the
// attachment sweep and the search record sweep.

export { createUserDirectory } from "./clients.js";
export { createAttachmentRepository } from "./files/attachment.repository.js";
export { createAttachmentSweep } from "./files/attachment.sweep.js";
export { createSearchRecordRepository } from "./search/search.record.repository.js";
export { createSearchRecordSweep } from "./search/search.record.sweep.js";
