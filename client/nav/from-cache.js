// @ts-check
// A page for a client navigation, answered from the Falcor cache first: what
// the cache already holds (a card's name, year, poster, facts; the rows of a
// page seen before) is shown at once, and the page's query runs after it,
// filling in the rest. Pitfall: waiting for the network before showing what
// the client already has makes every click cost a round trip (or two).
/** @typedef {import('../../shared/pages/registry.js').PageModule} PageModule */
/** @typedef {import('../../shared/pages/registry.js').PageOptions} PageOptions */
/** @typedef {import('../../shared/pages/registry.js').RouteMatch} RouteMatch */
/** @typedef {import('../../shared/components/App.jsx').ShownPage} ShownPage */
/**
 * @typedef {{ page: ShownPage, update?: Promise<ShownPage>, cache: 'all' | 'heading' | 'none' }} Answer
 *   update: the page again once its query has settled; cache: what the cache held (client/nav/timing.js)
 */

/**
 * @param {any} model the client's Falcor model, errors as errors (a get rejects with the paths that failed)
 * @param {PageModule} module
 * @param {RouteMatch} route
 * @param {string} key the page's path
 * @param {PageOptions} options what the server rendered with
 * @param {PageOptions} everyRow the same reading every row this visit may have loaded (client/services.js)
 * @param {object} [previous] the props this path was last shown with, if any
 * @returns {Promise<Answer>}
 */
export async function pageFromCache(model, module, route, key, options, everyRow, previous) {
  const { params } = route;
  // Read every row this visit has loaded, not only the server's first ones:
  // going back home shows them at once, at the same height.
  const read = everyRow;
  const paths = () => module.query(params, read, {});
  const shown = (/** @type {object} */ props) => ({
    Component: module.Component,
    props,
    key,
    title: module.documentTitle(props),
  });
  const loading = fetchPage(model, module, params, options);
  // Everything already in the cache (a title prefetched on hover, or seen
  // before): one render, without placeholders.
  const settledAtOnce = await Promise.race([loading.then(yes, yes), nextTask().then(no)]);
  const early = settledAtOnce ? null : module.fromCache?.(model.getCache(...paths()), params, read, previous);
  const settle = loading.then(
    () => module.props(model.getCache(...paths()), params, read),
    (error) => {
      // Nothing shown yet: the caller lets the server render the page (its 503 or 404).
      if (!early) throw error;
      // What did come is in the cache; the rest says it could not be loaded.
      return { ...module.props(model.getCache(...paths()), params, read), state: 'failed' };
    },
  );
  if (!early) return { page: shown(await settle), cache: settledAtOnce ? 'all' : 'none' };
  return { page: shown({ ...early, state: 'loading' }), update: settle.then(shown), cache: 'heading' };
}

/**
 * The page's head query, then its query: only what the cache lacks is asked for.
 * @param {any} model
 * @param {PageModule} module
 * @param {import('../../shared/pages/registry.js').Params} params
 * @param {PageOptions} options
 */
async function fetchPage(model, module, params, options) {
  const headPaths = module.headQuery?.(params, options) ?? [];
  // Head and page query in the same tick: the batched model sends them as one
  // request (a head-then-body waterfall would cost a second round trip).
  const guess = module.query(params, options, {});
  await Promise.all([headPaths.length > 0 ? model.get(...headPaths) : null, model.get(...guess)]);
  if (headPaths.length === 0) return;
  // A query that depends on the head's answer (the home page's rows: 'all') asks again for what it lacks.
  const paths = module.query(params, options, model.getCache(...headPaths));
  if (JSON.stringify(paths) !== JSON.stringify(guess)) await model.get(...paths);
}

const yes = () => true;
const no = () => false;
/** A macrotask: a query the cache answers has settled by then, one that needs the network has not. */
const nextTask = () => new Promise((resolve) => setTimeout(resolve, 0));
