// @ts-check
// Exercise 04 (perf/exercises/04-route-table): EXERCISE=04 starts a refresh
// that re-registers a static handler every millisecond on a router ahead of every
// route, past the start-up duplicate check, as Netflix's did ("Node.js in
// Flames", 2014). Behaviour, not speed: the table grows, every request's
// route sits behind it, and marquee_routes_registered shows it.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { setTimeout as sleep } from 'node:timers/promises';
import express from 'express';
import { loadConfig } from '../../server/config/load.js';
import { createRouteTable } from '../../server/route-table.js';
import { DuplicateRouteError } from '../../server/errors.js';
import { startApp } from '../helpers/app.js';
import { startAppOnFake } from '../helpers/app-on-fake.js';

/** @param {import('express').Express} app @returns {any[]} the app router's layers, in the order a request walks them */
const layers = (app) => /** @type {any} */ (app).router.stack;

test('EXERCISE=04: the table grows ahead of every route, and only add() still refuses a duplicate', async () => {
  const { reRegisterRouteEveryMs } = loadConfig({ EXERCISE: '04' }).exercise;
  assert.ok(reRegisterRouteEveryMs > 0);
  const app = express();
  const routes = createRouteTable(app, { reRegisterEveryMs: reRegisterRouteEveryMs });
  after(() => routes.close());
  routes.add('get', '/', (_req, res) => res.end('home'));
  const start = routes.size;
  await sleep(150);
  assert.ok(routes.size > start + 10, `the table grew from ${start} to ${routes.size}`);
  const refreshed = layers(app).findIndex((layer) => Array.isArray(layer.handle?.stack));
  const home = layers(app).findIndex((layer) => layer.route?.path === '/');
  assert.ok(refreshed !== -1 && refreshed < home, 'GET / is walked after the growing router');
  assert.ok(layers(app)[refreshed].handle.stack.length > 10, 'which holds the same handler again and again');
  assert.throws(() => routes.add('get', '/', () => {}), DuplicateRouteError);
});

test('without the exercise the table stays as registered', async () => {
  assert.equal(loadConfig({}).exercise.reRegisterRouteEveryMs, 0);
  const routes = createRouteTable(express());
  routes.add('get', '/', (_req, res) => res.end('home'));
  await sleep(50);
  assert.equal(routes.size, 1);
});

/**
 * Every layer a request may walk, nested routers' included.
 * @param {any[]} stack
 * @returns {number}
 */
const layerCount = (stack) =>
  stack.reduce((n, layer) => n + 1 + (Array.isArray(layer.handle?.stack) ? layerCount(layer.handle.stack) : 0), 0);

test('the normal app: its routing table stays as the app made it', async () => {
  const app = await startAppOnFake();
  after(() => app.close());
  const made = layerCount(layers(app.app));
  await sleep(100);
  assert.equal(layerCount(layers(app.app)), made, 'nothing registered after start, anywhere a request walks');
});

test('EXERCISE=04 in the app: marquee_routes_registered climbs while pages still answer', async () => {
  // A busy shared machine must not shed the page this test asks for.
  const app = await startApp({ env: { EXERCISE: '04', OVERLOAD_EVENT_LOOP_DELAY_MS: '0' } });
  after(() => app.close());
  const registered = async () => {
    const text = await (await fetch(`${app.url}/metrics`)).text();
    return Number(/^marquee_routes_registered (\d+)/m.exec(text)?.[1]);
  };
  const first = await registered();
  await sleep(300);
  const later = await registered();
  assert.ok(later > first + 20, `marquee_routes_registered ${first} → ${later}`);
  const res = await fetch(`${app.url}/`);
  assert.equal(res.status, 200);
  assert.match(await res.text(), /<li class="card"/);
});
