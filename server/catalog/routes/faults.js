// @ts-check
// Run-time control of the process-wide faults, for tests and workshops:
// PUT /_faults {"latency": 250, "error": 0.1} replaces them all, GET reads them.
import { NO_FAULTS, parseFaults } from '../faults.js';
import { readJsonBody } from '../read-body.js';
import { HttpError } from '../respond.js';

/**
 * @param {ReturnType<typeof import('../router.js').createRouter>} router
 * @param {{ get(): Readonly<import('../faults.js').Faults>,
 *   set(faults: Readonly<import('../faults.js').Faults>): void }} faults
 */
export function addFaultRoutes(router, faults) {
  router.add('GET', '/_faults', () => faults.get());

  router.add('PUT', '/_faults', async ({ req }) => {
    const body = await readJsonBody(req);
    if (body === null || typeof body !== 'object' || Array.isArray(body)) {
      throw new HttpError(400, 'expected a JSON object like {"latency": 250, "error": 0.1}');
    }
    const { faults: parsed, problems } = parseFaults(Object.entries(body));
    if (problems.length > 0) throw new HttpError(400, problems.join('; '));
    // Replaces, not merges: what the body leaves out is switched off.
    const next = Object.freeze({ ...NO_FAULTS, ...parsed });
    faults.set(next);
    return next;
  });
}
