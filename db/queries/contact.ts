import { eq } from "drizzle-orm";
import type { Db } from "../client";
import { contactMessages } from "../schema";

export type NewContactMessage = { name: string; email: string; subject: string; message: string };

export async function insertContactMessage(db: Db, input: NewContactMessage) {
  const [row] = await db.insert(contactMessages).values(input).returning({ id: contactMessages.id });
  return row;
}

export async function getContactMessage(db: Db, id: number) {
  return db.select().from(contactMessages).where(eq(contactMessages.id, id)).get();
}
