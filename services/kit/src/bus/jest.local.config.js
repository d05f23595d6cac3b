import base from "../../../../jest.config.js";
export default { ...base, rootDir: "../../../..", globalSetup: undefined, globalTeardown: undefined };
