// @ts-check
/**
 * What a checked /model.json request is answered with: its JSON Graph
 * envelope, from the request's own router (get, set or call), or for a get
 * the graph cache can split, through the page graph (catalog data from the
 * process-wide cache, the visitor's from their router).
 */

/**
 * @param {import('../page-data/index.js').PageData} graph
 * @param {any[]} paths
 * @returns {Promise<{ jsonGraph: object, paths: any[] }>}
 */
export async function readThroughGraph(graph, paths) {
  await graph.get(...paths);
  return { jsonGraph: graph.getCache(), paths };
}

/**
 * @param {any} router
 * @param {import('./validate-request.js').FalcorRequest} request
 * @returns {Promise<unknown>} the JSON Graph envelope
 */
export function runOnRouter(router, request) {
  if (request.method === 'get') router.readAhead?.(request.paths);
  const source =
    request.method === 'get'
      ? router.get(request.paths)
      : request.method === 'set'
        ? router.set(request.jsonGraph)
        : router.call(request.callPath, request.args, request.pathSuffixes, request.paths);
  return new Promise((resolve, reject) => {
    /** @type {unknown} */
    let envelope;
    source.subscribe(
      (/** @type {unknown} */ value) => {
        envelope = value;
      },
      reject,
      () => resolve(envelope),
    );
  });
}
