// @ts-check
/**
 * A circuit breaker for one upstream origin (ADR 014). After `failures`
 * failed attempts in a row it opens: calls fail at once, without a socket or
 * a wait, for `coolDownMs`. Then one call goes through as a probe
 * (half-open): its success closes the breaker, its failure opens it again
 * for another cool-down. No timers: the state is read from the clock when a
 * call asks to go.
 * Pitfall: without it, every page of a catalog that is down waits out the full
 * upstream deadline, and the pool fills with calls bound to fail (Nygard,
 * "Release It!", Circuit Breaker).
 */

/** @typedef {'closed' | 'open' | 'half-open'} BreakerState */

/**
 * @param {{
 *   failures: number,
 *   coolDownMs: number,
 *   now?: () => number,
 *   onChange?: (state: BreakerState) => void,
 * }} options failures: 0 turns the breaker off (it never opens)
 */
export function createBreaker({ failures, coolDownMs, now = () => performance.now(), onChange = () => {} }) {
  if (!Number.isInteger(failures) || failures < 0)
    throw new TypeError(`failures must be an integer of 0 or more, got ${failures}`);
  if (!(coolDownMs >= 0)) throw new TypeError(`coolDownMs must be 0 or more, got ${coolDownMs}`);
  /** @type {BreakerState} */
  let state = 'closed';
  let failedInARow = 0;
  let openedAt = 0;
  let probing = false;

  /** @param {BreakerState} next */
  const become = (next) => {
    if (next === state) return;
    state = next;
    onChange(next);
  };
  const open = () => {
    openedAt = now();
    probing = false;
    become('open');
  };

  return {
    /** @returns {BreakerState} */
    get state() {
      // An open breaker whose cool-down is over reads half-open, probe or not.
      if (state === 'open' && now() - openedAt >= coolDownMs) return 'half-open';
      return state;
    },
    /**
     * May a call go now? When it returns true the call must end in exactly
     * one success() or failure() (a probe left unsettled would hold the
     * breaker half-open for ever).
     */
    admit() {
      if (state === 'closed') return true;
      if (state === 'open') {
        if (now() - openedAt < coolDownMs) return false;
        become('half-open');
      }
      // Half-open: one probe at a time; the others fail fast until it is back.
      if (probing) return false;
      probing = true;
      return true;
    },
    success() {
      failedInARow = 0;
      // A call let through before the breaker opened says little about now: the probe decides.
      if (state === 'open') return;
      probing = false;
      become('closed');
    },
    failure() {
      failedInARow += 1;
      if (state === 'half-open') return open();
      if (failures > 0 && state === 'closed' && failedInARow >= failures) open();
    },
  };
}
