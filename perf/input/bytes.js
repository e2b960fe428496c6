// @ts-check
/* global document, window -- the page-side functions run in the page */
// Bytes of the posters a visitor sees first: a fresh load of the page at a
// given pixel ratio, every card poster wholly or partly in the first
// viewport once they have all loaded, and their bodies as they came over the
// network (Resource Timing's encodedBodySize: after any HTTP compression).

/** Poster <img>s in view, all loaded (or failed). */
function postersInViewDone() {
  const inView = [...document.querySelectorAll('img.card__art')].filter((img) => {
    const box = img.getBoundingClientRect();
    return box.bottom > 0 && box.top < window.innerHeight && box.right > 0 && box.left < window.innerWidth;
  });
  // A placeholder waiting for its row's observer is complete too, with no source.
  return (
    inView.length > 0 &&
    inView.every(
      (img) => /** @type {HTMLImageElement} */ (img).complete && /** @type {HTMLImageElement} */ (img).currentSrc,
    )
  );
}

/** @returns {{ images: number, bytes: number, unknown: number, types: string[] }} */
function posterBytesInView() {
  const seen = new Set();
  let bytes = 0;
  let unknown = 0;
  for (const element of document.querySelectorAll('img.card__art')) {
    const img = /** @type {HTMLImageElement} */ (element);
    const box = img.getBoundingClientRect();
    if (!(box.bottom > 0 && box.top < window.innerHeight && box.right > 0 && box.left < window.innerWidth)) continue;
    seen.add(img.currentSrc);
  }
  const types = new Set();
  for (const url of seen) {
    const entry = /** @type {PerformanceResourceTiming | undefined} */ (performance.getEntriesByName(url)[0]);
    // 0 for another origin without Timing-Allow-Origin: counted as unknown, not as free.
    if (entry && entry.encodedBodySize > 0) bytes += entry.encodedBodySize;
    else unknown += 1;
    types.add(new URL(url).pathname.split('.').pop());
  }
  return { images: seen.size, bytes, unknown, types: [...types] };
}

/**
 * @param {import('playwright-core').Browser} browser
 * @param {{ url: string, viewport: { width: number, height: number }, dpr: number }} options
 */
export async function measurePosterBytes(browser, { url, viewport, dpr }) {
  const context = await browser.newContext({ viewport, deviceScaleFactor: dpr });
  try {
    const page = await context.newPage();
    await page.goto(url, { waitUntil: 'load' });
    await page.waitForFunction(postersInViewDone, null, { timeout: 20_000, polling: 100 });
    return await page.evaluate(posterBytesInView);
  } finally {
    await context.close();
  }
}
