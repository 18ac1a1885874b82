// How a server is named in a page's URL: its id or its slug (the API's routes take either; the slug is the
// one links use). Anything else is not a server's page (a 404 without asking the API).
/** An id (a UUID, any case). */
export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** A server slug (the API's SlugSchema, by shape). */
const SLUG = /^[a-z0-9][a-z0-9-]{1,62}$/;

/** Whether a URL segment can name a server (by id or slug). */
export const isServerRef = (segment: string): boolean => UUID.test(segment) || SLUG.test(segment);
