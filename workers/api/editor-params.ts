/** What the editor's routes (./editor.ts) and its recording routes (./editor-audio.ts) declare alike. */
import { errorResponses, z } from "./openapi";

export const IdParam = z.coerce.number().int().positive();
export const FormParams = z.object({ id: IdParam.meta({ example: 1 }) });
export const ROLE_ERRORS = errorResponses({ UNAUTHORIZED: "Not signed in", FORBIDDEN: "Not an editor" });
