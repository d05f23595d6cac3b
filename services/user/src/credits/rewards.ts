// The site's name for credits when the settings give none.
export const DEFAULT_CREDIT_NAME = "积分";
