// @ts-check
// INP attribution in the page (client/measure/inp-attribution.js): the
// target label from the closest link or button, pointer or keyboard, and the
// three phases of INP's longest Event Timing entry; then the store and the
// beacon carry them, and the server's schema admits every label it can make.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { inpAttribution } from '../../../client/measure/inp-attribution.js';
import { createPerfStore } from '../../../client/measure/store.js';
import { parseBeacon, INP_TARGETS } from '../../../server/field-metrics/beacon-schema.js';
import { validBeacon } from '../../helpers/beacons.js';

/**
 * A made-up element: enough DOM for closest('a,button') and className.
 * @param {string} localName
 * @param {string | object} className
 * @param {any} [parent]
 * @returns {any}
 */
function element(localName, className = '', parent = null) {
  const node = {
    localName,
    className,
    parent,
    /** @param {string} selectors */
    closest(selectors) {
      const names = selectors.split(',');
      for (let at = node; at; at = at.parent) if (names.includes(at.localName)) return at;
      return null;
    },
  };
  return node;
}

/** An Event Timing entry as the browser hands it to web-vitals. */
function entry({
  name = 'click',
  target = /** @type {any} */ (null),
  start = 1000,
  ps = 1004,
  pe = 1050,
  duration = 72,
}) {
  return /** @type {PerformanceEventTiming} */ (
    /** @type {unknown} */ ({ name, target, startTime: start, processingStart: ps, processingEnd: pe, duration })
  );
}

test('the target is the class of the closest link or button the app gives it, else its tag, else other', () => {
  const card = element('li', 'card');
  const cardLink = element('a', 'card__link', card);
  /** @type {[any, string][]} */
  const cases = [
    [element('img', 'card__art', cardLink), 'card__link'], // the poster inside the card's link
    [element('span', 'card__name', cardLink), 'card__link'],
    [element('button', 'card__info', card), 'card__info'],
    [element('button', 'mylist mylist--card', card), 'mylist--card'],
    [element('button', 'mylist mylist--page'), 'mylist--page'],
    [element('button', 'rating__star'), 'rating__star'],
    [element('a', 'row__link', element('h2', 'row__name')), 'row__link'],
    [element('a', 'masthead__brand'), 'a'],
    [element('button', 'row__retry'), 'button'],
    [element('a', { baseVal: 'card__link' }), 'a'], // an SVG link: className is no string
    [element('div', 'rows'), 'other'],
    [null, 'other'], // the node left the document before the entry was read
  ];
  for (const [target, label] of cases) {
    const [labels] = inpAttribution(entry({ target }));
    assert.equal(labels.inpTarget, label, `${target?.localName}.${target?.className}`);
    assert.ok(INP_TARGETS.includes(labels.inpTarget), `${labels.inpTarget} is in the server's fixed set`);
  }
});

test('pointer or keyboard, from the entry name', () => {
  for (const name of ['pointerdown', 'pointerup', 'click', 'mousedown'])
    assert.equal(inpAttribution(entry({ name }))[0].inpType, 'pointer', name);
  for (const name of ['keydown', 'keyup', 'keypress'])
    assert.equal(inpAttribution(entry({ name }))[0].inpType, 'keyboard', name);
});

test('the phases split the entry: input delay, processing, presentation, adding up to its duration', () => {
  const [, phases] = inpAttribution(entry({ start: 1000, ps: 1004, pe: 1050, duration: 72 }));
  assert.deepEqual(phases, { inpInputDelay: 4, inpProcessing: 46, inpPresentation: 22 });
  // Event Timing rounds duration to 8 ms: the paint can seem to come before processing ended.
  const [, early] = inpAttribution(entry({ start: 1000, ps: 1001, pe: 1019, duration: 16 }));
  assert.equal(early.inpPresentation, 0, 'never negative');
});

test('the store keeps the labels apart and the phases beside INP; the beacon the server accepts', () => {
  const store = createPerfStore();
  store.setMetric('inp', 72);
  store.setINP(inpAttribution(entry({ name: 'pointerdown', target: element('button', 'mylist mylist--card') })));
  const snapshot = store.snapshot();
  assert.deepEqual(snapshot.inp, { inpTarget: 'mylist--card', inpType: 'pointer' });
  assert.deepEqual(snapshot.metrics, { inp: 72, inpInputDelay: 4, inpProcessing: 46, inpPresentation: 22 });
  const beacon = { ...validBeacon({ metrics: snapshot.metrics }), ...snapshot.inp };
  const result = parseBeacon(JSON.stringify(beacon));
  assert.equal(result.ok, true, result.error);
  assert.equal(result.beacon?.inpTarget, 'mylist--card');
  assert.equal(result.beacon?.metrics.inpProcessing, 46);
});
