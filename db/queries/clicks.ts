import type { Db } from "../client";
import { clickLog } from "../schema";

export async function logClick(db: Db, click: { email: string; page: string }) {
  await db.insert(clickLog).values(click);
}
