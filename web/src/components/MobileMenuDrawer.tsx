// The module AppHeader loads when the phone menu is first opened: antd's Drawer.
import { Drawer } from "antd";

export default Drawer;
