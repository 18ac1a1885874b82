// Column helpers shared by the tables of the schema.
import { timestamp } from 'drizzle-orm/pg-core';

/** A creation time: with time zone, set by the database. */
export const now = () => timestamp({ withTimezone: true, mode: 'date' }).notNull().defaultNow();
