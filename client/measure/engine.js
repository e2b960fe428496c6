// @ts-check
/**
 * The page's engine family for the beacon, from what the engine offers, not
 * from the user agent string alone (every engine's string claims the others:
 * "Mozilla/5.0 … AppleWebKit … like Gecko … Chrome … Safari"):
 * - blink: User-Agent Client Hints (navigator.userAgentData,
 *   https://wicg.github.io/ua-client-hints/), Chromium-only;
 * - gecko: window.mozInnerScreenX, Firefox-only;
 * - webkit: neither, and the WebKit-only video fullscreen API
 *   (HTMLVideoElement.webkitDisplayingFullscreen) that Safari and WebKitGTK keep;
 * - other: anything else.
 * @returns {'blink' | 'gecko' | 'webkit' | 'other'}
 */
export function engineFamily() {
  if ('userAgentData' in navigator) return 'blink';
  if ('mozInnerScreenX' in window) return 'gecko';
  if ('webkitDisplayingFullscreen' in HTMLVideoElement.prototype) return 'webkit';
  return 'other';
}
