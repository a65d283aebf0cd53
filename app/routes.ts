import { type RouteConfig, index, route } from "@react-router/dev/routes";

export default [
  index("routes/home.tsx"),
  route("index.html", "routes/home.tsx", { id: "index-html" }),
  route("wiij", "routes/wiij.tsx"),
  route("miinad", "routes/miinad.tsx"),
  route("audio/:file", "routes/resources/audio.ts"),
  route("_test/error", "routes/test-error.tsx"),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
