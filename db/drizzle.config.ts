import { defineConfig } from 'drizzle-kit';

// `npm run db:generate` writes a new migration into db/drizzle from src/schema.ts. Migrations are never
// edited once merged: change the schema and generate another one.
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/schema.ts',
  out: './drizzle',
  casing: 'snake_case',
});
