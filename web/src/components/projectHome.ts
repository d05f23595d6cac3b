/**
 * The project's home, where the footer's "由 Wenku 强力驱动" leads: the root package.json's
 * `homepage` (projectHome.test.ts keeps the two equal), so a fork changes it in one place and a test
 * says where the other is.
 */
export const PROJECT_HOME = "https://github.com/wenku-project/wenku";
