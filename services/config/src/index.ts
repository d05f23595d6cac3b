// @wenku/config — settings, navigation, banners, friend links, ads.
export { createDb } from "./db.js";
export { service } from "./service.js";
