import Search from "antd/lib/input/Search";
import { esDefault } from "./esDefault.js";

/**
 * antd's Input.Search, imported from its own module: antd's Input index hangs TextArea, Password
 * and OTP on Input as statics, so `Input.Search` brings all of them into the page. Same component.
 */
export const SearchInput = esDefault(Search);
