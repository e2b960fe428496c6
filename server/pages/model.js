// @ts-check
// A Falcor Model over the per-request router: the page asks the same JSON
// Graph the browser asks through /model.json, with no HTTP hop in between.
import falcor from 'falcor';

/**
 * @param {(req: import('express').Request) => object} createRouterFor
 */
export function createModelFor(createRouterFor) {
  /** @param {import('express').Request} req */
  return (req) =>
    // Errors come back as values so one failed row leaves a placeholder the
    // client refills, instead of failing the whole page.
    new falcor.Model({ source: /** @type {any} */ (createRouterFor(req)) }).treatErrorsAsValues();
}
