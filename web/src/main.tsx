import { NavigationAPI } from "@wenku/proto/api/v1/navigation_pb.js";
document.body.textContent = NavigationAPI.typeName;
