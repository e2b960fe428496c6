// @ts-check
// Returning visitors for the load runner: real traffic is mostly people who
// come back with a list, not first visits. Each gets the app's own signed
// cookie and a few titles in My List, made through the real `myList.add` call
// before the run, so a page reads their list as it would in production.

const COOKIE = /marquee_visitor=[^;]+/;
const TITLES_PER_VISITOR = 3;

/**
 * @param {string} url the app's origin
 * @param {number} count visitors to make (one per connection, up to this many)
 * @returns {Promise<string[]>} their Cookie headers
 */
export async function returningVisitors(url, count) {
  const ids = await someTitleIds(url, TITLES_PER_VISITOR * 4);
  // All at once, as the run's connections will be: one after another, 20
  // visitors against a 250 ms catalog held every perf:load run 5.5 s per app.
  return Promise.all(Array.from({ length: count }, (_, i) => returningVisitor(url, ids, i)));
}

/**
 * @param {string} url
 * @param {string[]} ids titles to put in lists
 * @param {number} i the visitor's place: which titles it lists
 * @returns {Promise<string>} its Cookie header
 */
async function returningVisitor(url, ids, i) {
  const first = await fetchUnlessShed(new URL('/healthz', url));
  await first.arrayBuffer();
  const cookie = COOKIE.exec(first.headers.get('set-cookie') ?? '')?.[0];
  if (!cookie) throw new Error(`${url} handed out no visitor cookie: cannot make returning visitors`);
  const mine = Array.from({ length: TITLES_PER_VISITOR }, (_, k) => ids[(i + k) % ids.length]);
  const res = await fetchUnlessShed(new URL('/model.json', url), {
    method: 'POST',
    headers: { cookie, 'content-type': 'application/x-www-form-urlencoded' },
    body: `method=call&callPath=${encodeURIComponent('["myList","add"]')}&arguments=${encodeURIComponent(JSON.stringify(mine))}`,
  });
  const body = await res.text();
  if (!res.ok || body.includes('"$type":"error"'))
    throw new Error(`myList.add for a returning visitor failed: ${res.status} ${body.slice(0, 200)}`);
  return cookie;
}

/**
 * Title ids from the first catalog row, through the app's own graph.
 * @param {string} url
 * @param {number} count
 */
async function someTitleIds(url, count) {
  const paths = JSON.stringify([['lists', 0, { from: 0, to: count - 1 }]]);
  const res = await fetchUnlessShed(new URL(`/model.json?method=get&paths=${encodeURIComponent(paths)}`, url));
  const row = (await res.json())?.jsonGraph?.lists?.[0] ?? {};
  const ids = Object.values(row)
    .map((ref) => (ref?.$type === 'ref' ? ref.value?.[1] : null))
    .filter((id) => typeof id === 'string');
  if (ids.length === 0) throw new Error(`${url} answered no titles for lists[0]: cannot make returning visitors`);
  return ids;
}

/**
 * fetch, asked again while the app sheds load (503 with Retry-After): on a
 * busy machine the overload guard may refuse the set-up calls of a run.
 * @param {URL} url @param {RequestInit} [init]
 */
export async function fetchUnlessShed(url, init) {
  for (let attempt = 1; ; attempt++) {
    const res = await fetch(url, init);
    const retryAfter = Number(res.headers.get('retry-after'));
    if (res.status !== 503 || !(retryAfter > 0) || attempt === 5) return res;
    await res.arrayBuffer();
    await new Promise((resolve) => setTimeout(resolve, retryAfter * 1000));
  }
}
