// @ts-check
import { test } from 'node:test';
import assert from 'node:assert/strict';
import express from 'express';
import { createRouteTable } from '../../server/route-table.js';
import { DuplicateRouteError } from '../../server/errors.js';

test('createRouteTable: registering the same method and path twice is a start-up error', () => {
  const routes = createRouteTable(express());
  routes.add('get', '/healthz', (_req, res) => res.end());
  assert.throws(() => routes.add('get', '/healthz', (_req, res) => res.end()), DuplicateRouteError);
  assert.equal(routes.size, 1, 'the duplicate must not be registered');
});

test('createRouteTable: the same path with another method is allowed', () => {
  const routes = createRouteTable(express());
  routes.add('get', '/model.json', (_req, res) => res.end());
  routes.add('post', '/model.json', (_req, res) => res.end());
  assert.equal(routes.size, 2);
});
