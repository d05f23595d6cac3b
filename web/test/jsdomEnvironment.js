import { TestEnvironment } from "jest-environment-jsdom";

/**
 * jsdom plus the WHATWG fetch family from Node (react-router's data APIs build Request objects;
 * protobuf-es needs TextEncoder). AbortController/AbortSignal are Node's as well, because Node's
 * Request only accepts its own AbortSignal.
 */
export default class JsdomWithFetchEnvironment extends TestEnvironment {
  constructor(config, context) {
    super(config, context);
    const fromNode = {
      fetch,
      Request,
      Response,
      Headers,
      FormData,
      ReadableStream,
      TextEncoder,
      TextDecoder,
      AbortController,
      AbortSignal,
      structuredClone,
    };
    Object.assign(this.global, fromNode);
  }
}
