// @wenku/content/testing — internals the system tests drive directly: the user directory client, the
// conversion queue's channel (to delete a test stack's private stream) and the attachment sweep.
export { conversionChannel } from "./conversion/job.js";
export { createAttachmentRepository } from "./files/attachment.repository.js";
export { createAttachmentSweep } from "./files/attachment.sweep.js";
export { createUserDirectory } from "./users.client.js";
