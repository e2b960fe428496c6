// @ts-check
// nginx's view of a chaos run through the fleet: its access log in
// ACCESS_LOG_FORMAT (deploy/lib/render.js), one line per request. For the
// pages served, how long each took in nginx (first byte read to last byte
// sent) and the instance's part of it: what the client waited beyond nginx's
// time was spent before nginx read the request (accept queue, the generator).
import { readFileSync } from 'node:fs';
import { percentile } from '../lib/cannon.js';

/**
 * @param {string} file
 * @param {string} path the page the load asked for
 * @param {number} fromLine lines before it (the warm-up's) are left out
 * @returns {{ p50: number, p99: number, upstreamP50: number, upstreamP99: number, count: number } | null}
 */
export function nginxPageTimes(file, path, fromLine = 0) {
  const total = [];
  const upstream = [];
  for (const line of readLines(file).slice(fromLine)) {
    const [status, method, uri, requestTime, ...tried] = line.split(' ');
    if (status !== '200' || method !== 'GET' || uri !== path) continue;
    total.push(Number(requestTime) * 1000);
    // "a, b" when nginx tried a second instance: the last answered.
    upstream.push(Number(tried.join('').split(',').pop()) * 1000);
  }
  if (total.length === 0) return null;
  const at = (/** @type {number[]} */ values, /** @type {number} */ p) =>
    Math.round(
      percentile(
        [...values].sort((a, b) => a - b),
        p,
      ),
    );
  return {
    p50: at(total, 50),
    p99: at(total, 99),
    upstreamP50: at(upstream, 50),
    upstreamP99: at(upstream, 99),
    count: total.length,
  };
}

/** @param {string} file @returns {string[]} its whole lines (none if it is not there) */
export function readLines(file) {
  try {
    return readFileSync(file, 'utf8').split('\n').filter(Boolean);
  } catch {
    return [];
  }
}
