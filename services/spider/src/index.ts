// @wenku/spider
export { service } from "./service.js";
