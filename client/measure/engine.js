// @ts-check
/**
 * The page's engine family for the beacon, from what the engine offers, not
 * from the user agent string alone (every engine's string claims the others:
 * "Mozilla/5.0 … AppleWebKit … like Gecko … Chrome … Safari"):
 * - blink: User-Agent Client Hints (navigator.userAgentData,
 *   https://wicg.github.io/ua-client-hints/, secure contexts only) or the
 *   prefixed File System API (webkitRequestFileSystem) that only Chromium kept;
 * - gecko: mozInnerScreenX, Firefox-only;
 * - webkit: the video fullscreen API of Safari and WebKitGTK
 *   (HTMLVideoElement.webkitDisplayingFullscreen), which Chromium dropped;
 * - other: anything else.
 * Checked 2026-11-27 in Chromium 156, Firefox ESR 153 and WebKitGTK 2.50.
 * @returns {'blink' | 'gecko' | 'webkit' | 'other'}
 */
export function engineFamily() {
  const g = /** @type {any} */ (globalThis);
  if ('userAgentData' in (g.navigator ?? {}) || 'webkitRequestFileSystem' in g) return 'blink';
  if ('mozInnerScreenX' in g) return 'gecko';
  if (g.HTMLVideoElement && 'webkitDisplayingFullscreen' in g.HTMLVideoElement.prototype) return 'webkit';
  return 'other';
}
