// @ts-check
// The keys no request may name, written once beside the id shapes
// (./ids.js): the app's /model.json refuses them (server/falcor/validate-request.js)
// and its pages answer 404 for an address that names one
// (server/pages/page-handler.js).

/**
 * Keys that must never reach an object: falcor-router's cache merge does
 * `next = curr[key] || (curr[key] = {})`, so `__proto__` writes into
 * Object.prototype and an inherited name like `hasOwnProperty` writes onto a
 * builtin function shared by the whole process. Rejected as object keys and
 * as path keys (strings) alike.
 */
export const FORBIDDEN_KEYS = new Set([...Object.getOwnPropertyNames(Object.prototype), 'prototype']);
