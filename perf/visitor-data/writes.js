// @ts-check
// The visitor writes of perf/visitor-data/index.js, as the browser sends them to
// /model.json (call myList.add, set userRating), what counts as acknowledged,
// and cookies signed like the app's for visitors made straight in the
// database (cookie-parser's `s:<value>.<HMAC-SHA256, base64, no padding>`).
import { createHmac } from 'node:crypto';

const FORM = { 'content-type': 'application/x-www-form-urlencoded' };

/** @param {string} id */
export function addBody(id) {
  return `method=call&callPath=${encodeURIComponent('["myList","add"]')}&arguments=${encodeURIComponent(JSON.stringify([id]))}`;
}

/** @param {string} id @param {number} rating */
export function rateBody(id, rating) {
  const envelope = {
    jsonGraph: { titlesById: { [id]: { userRating: rating } } },
    paths: [['titlesById', id, 'userRating']],
  };
  return `method=set&jsonGraph=${encodeURIComponent(JSON.stringify(envelope))}`;
}

/**
 * One write through the app; acknowledged only by an answer that says it was
 * done (a 200 whose graph carries the new value, no error atom).
 * @returns {Promise<string | null>} null when acknowledged, else what came back
 * @param {string} appUrl
 * @param {string} cookie
 * @param {{ kind: 'add' | 'rate', id: string, rating?: number }} write
 */
export async function writeThroughApp(appUrl, cookie, write) {
  const res = await fetch(`${appUrl}/model.json`, {
    method: 'POST',
    headers: { ...FORM, cookie },
    body: write.kind === 'add' ? addBody(write.id) : rateBody(write.id, /** @type {number} */ (write.rating)),
  });
  const text = await res.text();
  if (res.status !== 200 || text.includes('"$type":"error"')) return `${res.status} ${text.slice(0, 120)}`;
  const graph = JSON.parse(text).jsonGraph;
  const done =
    write.kind === 'add'
      ? graph?.titlesById?.[write.id]?.inMyList === true
      : graph?.titlesById?.[write.id]?.userRating === write.rating;
  return done ? null : `200 without the new value: ${text.slice(0, 120)}`;
}

/**
 * @param {string} appUrl
 * @param {string} cookie
 * @param {unknown[][]} paths
 */
export async function readThroughApp(appUrl, cookie, paths) {
  const res = await fetch(`${appUrl}/model.json?method=get&paths=${encodeURIComponent(JSON.stringify(paths))}`, {
    headers: { cookie },
  });
  if (res.status !== 200) throw new Error(`GET /model.json answered ${res.status}`);
  return (await res.json()).jsonGraph;
}

/**
 * The Cookie header the app would have set for `visitorId`.
 * @param {string} visitorId [A-Za-z0-9_-]{22}
 * @param {string} secret COOKIE_SECRET
 */
export function signedCookie(visitorId, secret) {
  const signature = createHmac('sha256', secret).update(visitorId).digest('base64').replace(/=+$/, '');
  return `marquee_visitor=${encodeURIComponent(`s:${visitorId}.${signature}`)}`;
}
