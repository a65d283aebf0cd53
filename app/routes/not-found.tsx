import { data } from "react-router";
import { NotFound } from "../root";

/** Every unknown path: a real 404 status with the product reference's text. */
export function loader() {
  return data(null, { status: 404 });
}

export default function NotFoundRoute() {
  return <NotFound />;
}
