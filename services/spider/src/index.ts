// @wenku/spider
export { spiderChannel } from "./jobs/queue.js";
export { service } from "./service.js";
