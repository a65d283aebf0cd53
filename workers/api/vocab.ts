import { listVocab } from "../../db/queries/lexemes";
import { apiRoutes, createRoute, jsonResponse, z } from "./openapi";

const VocabSchema = z.object({ id: z.number().int(), name: z.string(), gloss: z.string(), pos: z.string() }).openapi("Vocab");

/** GET /api/vocab — docs/product.md §7: `{ data: vocab entries }` (id, name, gloss, pos). */
export const vocab = apiRoutes().openapi(
  createRoute({
    method: "get",
    path: "/",
    summary: "Every dictionary entry",
    responses: { 200: jsonResponse(z.object({ data: z.array(VocabSchema) })) },
  }),
  async (c) => {
    const data = await listVocab(c.env.db);
    return c.json({ data }, 200, { "Cache-Control": "public, max-age=300" });
  },
);
