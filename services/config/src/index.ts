// @wenku/config — settings, navigation, banners, friend links, ads.
export { CONFIG_SCHEMA, createDb } from "./db.js";
export { service } from "./service.js";
