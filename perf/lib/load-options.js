// @ts-check
/** Options every tool that puts the app under load takes (perf:load, perf:flame). */
export const LOAD_OPTIONS = /** @type {const} */ ({
  path: { type: 'string', default: '/' },
  duration: { type: 'string', default: '10' },
  'upstream-latency': { type: 'string', default: '0' },
  'upstream-jitter': { type: 'string', default: '0' },
  env: { type: 'string', default: '' },
});
