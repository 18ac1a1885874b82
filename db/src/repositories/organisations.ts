import { eq } from 'drizzle-orm';
import type { Database } from '../client.js';
import { organisations } from '../schema.js';

/** An organisation as the API shows it. */
export type Organisation = typeof organisations.$inferSelect;

/** Create an organisation; `slug` must be unique. */
export async function createOrganisation(db: Database, input: { name: string; slug: string }): Promise<Organisation> {
  const [row] = await db.insert(organisations).values(input).returning();
  return row!;
}

/** One organisation by id, or undefined. */
export async function getOrganisation(db: Database, id: string): Promise<Organisation | undefined> {
  const [row] = await db.select().from(organisations).where(eq(organisations.id, id));
  return row;
}

/** One organisation by slug, or undefined. */
export async function getOrganisationBySlug(db: Database, slug: string): Promise<Organisation | undefined> {
  const [row] = await db.select().from(organisations).where(eq(organisations.slug, slug));
  return row;
}

/** The oldest organisation: the one a fresh install's bootstrap key belongs to. */
export async function firstOrganisation(db: Database): Promise<Organisation | undefined> {
  const [row] = await db.select().from(organisations).orderBy(organisations.createdAt).limit(1);
  return row;
}
