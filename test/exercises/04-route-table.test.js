// @ts-check
// Exercise 04 (perf/exercises/04-route-table): the app's routing table stays
// as the app made it at start, and marquee_routes_registered says so (Netflix's
// refresh re-registered a static handler ahead of every route, "Node.js in
// Flames", 2014). Behaviour, not speed: it fails with the unfixed patch in.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import express from 'express';
import { createRouteTable } from '../../server/route-table.js';
import { DuplicateRouteError } from '../../server/errors.js';
import { startAppOnFake } from '../helpers/app-on-fake.js';

/**
 * Every layer a request may walk, nested routers' included.
 * @param {any[]} stack
 * @returns {number}
 */
const layerCount = (stack) =>
  stack.reduce((n, layer) => n + 1 + (Array.isArray(layer.handle?.stack) ? layerCount(layer.handle.stack) : 0), 0);

test('the route table refuses a duplicate, and counts the routes really in the router, nested ones too', () => {
  const app = express();
  const routes = createRouteTable(app);
  routes.add('get', '/', (_req, res) => res.end('home'));
  assert.throws(() => routes.add('get', '/', () => {}), DuplicateRouteError);
  const nested = express.Router();
  app.use(nested);
  nested.get('/robots.txt', (_req, res) => res.end(''));
  assert.equal(routes.size, 2, 'a route added past add() is counted: the metric shows any growth');
});

test('the app: its routing table and marquee_routes_registered stay as made while it serves pages', async () => {
  const app = await startAppOnFake();
  after(() => app.close());
  const walked = () => layerCount(/** @type {any} */ (app.app).router.stack);
  const registered = async () => {
    const text = await (await fetch(`${app.url}/metrics`)).text();
    return Number(/^marquee_routes_registered (\d+)/m.exec(text)?.[1]);
  };
  const [layersAtStart, routesAtStart] = [walked(), await registered()];
  // Pages served one after another: whatever a running app does between requests has had its turns.
  for (let i = 0; i < 5; i++) {
    const res = await fetch(`${app.url}/`);
    assert.equal(res.status, 200);
    await res.text();
  }
  assert.equal(walked(), layersAtStart, 'nothing registered after start, anywhere a request walks');
  assert.equal(await registered(), routesAtStart, 'marquee_routes_registered flat');
});
