// @wenku/content/testing — internals the system tests drive directly: the user directory client, the
// conversion queue's channel (to delete a test stack's private stream), the attachment sweep and the
// search record sweep.
export { conversionChannel } from "./conversion/job.js";
export { createAttachmentRepository } from "./files/attachment.repository.js";
export { createAttachmentSweep } from "./files/attachment.sweep.js";
export { createSearchRecordRepository } from "./search/search.record.repository.js";
export { createSearchRecordSweep } from "./search/search.record.sweep.js";
export { createUserDirectory } from "./users.client.js";
