// The module LazyDropdown loads on demand: antd's Dropdown with its Menu.
import { Dropdown } from "antd";

export default Dropdown;
