// The module LazyPopover loads on demand: antd's Popover.
import { Popover } from "antd";

export default Popover;
