// @ts-check
// A page restored from the back/forward cache reads the visitor's title keys
// again (client/restore/index.js). Client code cannot import the server's
// routes, so its list is its own: it must be the keys the routes declare the
// visitor's (server/falcor/visitor-paths.js), or a new per-visitor field would
// show a stale value after Back.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { VISITOR_KEYS } from '../../../client/restore/index.js';
import { VISITOR_PATHS, visitorPathsOf } from '../../../server/falcor/visitor-paths.js';
import { ROUTES } from '../../../server/falcor/routes/index.js';

test("the restore's visitor keys are the title keys the routes declare the visitor's", () => {
  assert.deepEqual([...VISITOR_KEYS].sort(), [...VISITOR_PATHS.titleKeys].sort());
});

test("it can fail: a route declared the visitor's that the list lacks", () => {
  const withNewField = [...ROUTES, { route: 'titlesById[{keys:ids}].watchedAt', visitor: true }];
  const keys = visitorPathsOf(/** @type {any} */ (withNewField)).titleKeys;
  assert.notDeepEqual([...VISITOR_KEYS].sort(), [...keys].sort());
});
