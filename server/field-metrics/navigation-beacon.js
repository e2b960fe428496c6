// @ts-check
// What the two navigation beacons share: ours (./navigation.js) and the
// browser's soft navigation (./soft-navigation.js) are each one object under
// one key, with only known fields and its from/to routes and cache state from
// fixed sets; each is aggregated per from/to route and cache state, into a
// histogram of the same buckets.
import client from 'prom-client';

/** Histogram bounds: a navigation is an interaction, most well under a second. */
export const NAV_BUCKETS = Object.freeze([
  10, 25, 50, 100, 200, 300, 500, 750, 1000, 1500, 2000, 3000, 5000, 10000, 30000, 60000,
]);

/**
 * The beacon's one object, its fields checked against `fields` and its labels
 * against `choices`; the rest of the checks are its module's.
 * @param {Record<string, unknown>} body
 * @param {{ key: string, label: string, fields: Set<string>, choices: (readonly [string, readonly string[]])[] }} shape
 *   key: the object's key in the body; label: the beacon's name in messages
 * @returns {{ ok: true, fields: Record<string, unknown>, error?: undefined } | { ok: false, error: string, fields?: undefined }}
 */
export function readNavigationObject(body, { key, label, fields, choices }) {
  const extra = Object.keys(body).find((name) => name !== key);
  if (extra !== undefined)
    return fail(`a ${label} beacon holds only "${key}", not ${JSON.stringify(extra.slice(0, 40))}`);
  const value = body[key];
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return fail(`${key} must be an object`);
  const object = /** @type {Record<string, unknown>} */ (value);
  const unknown = Object.keys(object).find((name) => !fields.has(name));
  if (unknown !== undefined) return fail(`unknown ${key} field ${JSON.stringify(unknown.slice(0, 40))}`);
  for (const [field, allowed] of choices) {
    if (typeof object[field] !== 'string' || !allowed.includes(/** @type {string} */ (object[field])))
      return fail(`${key}.${field} must be one of ${allowed.join(', ')}`);
  }
  return { ok: true, fields: object };
}

/**
 * `marquee_browser_<name>_ms{route,phase,cache}` (route: where it went) on the app's registry.
 * @param {import('prom-client').Registry} registry @param {string} name @param {string} help
 */
export function navigationHistogram(registry, name, help) {
  return new client.Histogram({
    name,
    help,
    labelNames: ['route', 'phase', 'cache'],
    buckets: [...NAV_BUCKETS],
    registers: [registry],
  });
}

/**
 * Groups keyed by from, to and cache (each from a fixed set, so few).
 * @template G
 * @param {(key: { from: string, to: string, cache: string }) => G} create a new group, from its key
 */
export function navigationGroups(create) {
  /** @type {Map<string, G>} */
  const groups = new Map();
  return {
    /** @param {{ from: string, to: string, cache: string }} beacon @returns {G} */
    of({ from, to, cache }) {
      const key = `${from} ${to} ${cache}`;
      let group = groups.get(key);
      if (!group) groups.set(key, (group = create({ from, to, cache })));
      return group;
    },
    values: () => [...groups.values()],
  };
}

/** @param {string} error @returns {{ ok: false, error: string }} */
export function fail(error) {
  return { ok: false, error };
}
