// A crafted template-heavy surface (issue 12): create/get/list/update/delete over 24 resources with one
// description template per operation (the way generated servers write them), a Docker note pasted into
// every tool, and a handful of tools whose confusability is known: true pairs (synonym verbs, a deprecated
// alias, list vs search, screenshot vs capture) and look-alikes that are not pairs (opposites, HTTP verbs).
import type { Tool } from '../../../contracts/tool.js';
import { objectSchema, tool } from './helpers.js';

export const RESOURCES = [
  'invoice', 'customer', 'product', 'coupon', 'order', 'refund', 'payment', 'subscription', 'plan', 'webhook', 'shipment', 'warehouse',
  'supplier', 'employee', 'team', 'project', 'ticket', 'comment', 'attachment', 'report', 'dashboard', 'alert', 'secret', 'domain',
];

/** The Docker note every tool carries (a paragraph of three sentences, one with a constraint cue). */
export const DOCKER_NOTE =
  'Note: this server runs inside a Docker container, so every path is a path inside the container. ' +
  'The host folder /srv/data is mounted at /data. Rate limits apply to every call.';

const TEMPLATES: Record<string, (r: string) => string> = {
  create: (r) => `Create a new ${r} in the account. Use this for a new resource; choose the corresponding update tool when the resource already exists.`,
  get: (r) => `Get one ${r} by its ID. Use this for a known resource; choose the corresponding list tool when you need to discover several.`,
  list: (r) => `List ${r}s in the account with pagination. Use this for a collection of resources; choose the corresponding get tool when you know the one you need.`,
  update: (r) => `Update an existing ${r} in the account. Use this for an existing resource; choose the corresponding create tool for a new one.`,
  delete: (r) => `Delete a ${r} from the account. This cannot be undone. Use this only after verifying the target with the corresponding get tool.`,
};

const idSchema = (r: string) => objectSchema({ id: { type: 'string', description: `ID of the ${r}, e.g. "${r}_123".`, pattern: '^[a-z]+_\\d+$' } }, { required: ['id'], additionalProperties: false });

/** The true confusable pairs of the surface, as `a & b` (sorted names), with their kind. */
export const TRUE_PAIRS: Record<string, string> = {
  'cancel_job & stop_job': 'synonym',
  'fetch_page & get_page': 'alias',
  'list_orders & search_orders': 'synonym',
  'capture_page & take_screenshot': 'variant',
};

/** Tools that look alike but a model tells apart (opposites on one object, HTTP verbs). */
const LOOK_ALIKES: Tool[] = [
  tool({ name: 'start_recording', description: 'Starts recording the dashboard screen to a video file in the workspace.' }),
  tool({ name: 'stop_recording', description: 'Stops recording the dashboard screen to a video file in the workspace.' }),
  tool({ name: 'enable_rule', description: 'Enables the alerting rule so that it fires on matching events.' }),
  tool({ name: 'disable_rule', description: 'Disables the alerting rule so that it fires on matching events.' }),
  tool({ name: 'http_get', description: 'Sends an HTTP GET request to the given URL with the given headers and returns the response.' }),
  tool({ name: 'http_delete', description: 'Sends an HTTP DELETE request to the given URL with the given headers and returns the response.' }),
];

const TRUE_PAIR_TOOLS: Tool[] = [
  tool({ name: 'stop_job', description: 'Stops a running export job.' }),
  tool({ name: 'cancel_job', description: 'Cancels a queued or running export job; it cannot be resumed.' }),
  tool({ name: 'get_page', description: 'Gets a wiki page by its id, with its blocks and properties.' }),
  tool({ name: 'fetch_page', description: 'Deprecated alias of get_page: fetches a wiki page by its id.' }),
  tool({ name: 'search_orders', description: 'Searches orders by customer name, status or date.' }),
  tool({ name: 'take_screenshot', description: 'Takes a screenshot of the current dashboard page and returns it as a PNG image.' }),
  tool({ name: 'capture_page', description: 'Captures the visible page as a PNG image.' }),
];

/**
 * 120 template tools + 7 true-pair tools + 6 look-alikes = 133 tools, each with the Docker note appended
 * (`withNote: false` leaves it out).
 */
export function templateSurface({ withNote = true } = {}): Tool[] {
  const templated = RESOURCES.flatMap((r) =>
    Object.entries(TEMPLATES).map(([verb, text]) =>
      tool({ name: `${verb}_${r}${verb === 'list' ? 's' : ''}`, description: text(r), inputSchema: verb === 'list' || verb === 'create' ? objectSchema({}) : idSchema(r) }),
    ),
  );
  const all = [...templated, ...TRUE_PAIR_TOOLS, ...LOOK_ALIKES];
  return withNote ? all.map((t) => ({ ...t, description: `${t.description}\n\n${DOCKER_NOTE}` })) : all;
}
