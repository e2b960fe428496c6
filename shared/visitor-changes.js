// @ts-check
// Changes the visitor made in this page's lifetime (optimistic, then kept or
// rolled back), laid over what the server said. Pure and immutable: each
// change returns new state, so React sees it and a rollback is one more change.

/** @typedef {import('./graph/types.js').Title} Title */
/** @typedef {import('./graph/types.js').Row} Row */
/**
 * @typedef {{
 *   myList: ReadonlyMap<string, { on: boolean, title: Title }>,
 *   ratings: ReadonlyMap<string, number | null>,
 *   notice: string,
 * }} VisitorChanges
 */

/** @type {VisitorChanges} */
export const NO_CHANGES = Object.freeze({ myList: new Map(), ratings: new Map(), notice: '' });

/** @param {VisitorChanges} changes @param {Title} title */
export function inMyList(changes, title) {
  return changes.myList.get(title.id)?.on ?? title.inMyList === true;
}

/** @param {VisitorChanges} changes @param {Title & { userRating?: number | null }} title */
export function ratingOf(changes, title) {
  return changes.ratings.has(title.id) ? (changes.ratings.get(title.id) ?? null) : (title.userRating ?? null);
}

/**
 * @param {VisitorChanges} changes
 * @param {Title} title
 * @param {boolean} on
 * @returns {VisitorChanges}
 */
export function setInMyList(changes, title, on) {
  const myList = new Map(changes.myList);
  // Re-inserted at the end: the newest change is the newest in the row.
  myList.delete(title.id);
  myList.set(title.id, { on, title });
  return { ...changes, myList };
}

/**
 * @param {VisitorChanges} changes
 * @param {string} id
 * @param {number | null} rating
 * @returns {VisitorChanges}
 */
export function setRating(changes, id, rating) {
  return { ...changes, ratings: new Map(changes.ratings).set(id, rating) };
}

/** @param {VisitorChanges} changes @param {string} notice @returns {VisitorChanges} */
export function setNotice(changes, notice) {
  return changes.notice === notice ? changes : { ...changes, notice };
}

/**
 * The "My list" row as the visitor now sees it: titles added here first
 * (newest first), then the server's, without those removed here.
 * @param {VisitorChanges['myList']} changed the visitor's changes to the list
 * @param {Row | null} row the server's row, null when it was empty
 * @param {number} maxCards
 * @returns {Row | null}
 */
export function applyToMyList(changed, row, maxCards) {
  if (changed.size === 0) return row;
  const serverTitles = row?.titles ?? [];
  const shown = new Set(serverTitles.map((t) => t.id));
  const added = [...changed.values()]
    .reverse()
    .filter((change) => change.on && !shown.has(change.title.id))
    .map((change) => change.title);
  const kept = serverTitles.filter((t) => changed.get(t.id)?.on !== false);
  const titles = [...added, ...kept].slice(0, maxCards);
  if (titles.length === 0) return null;
  return { index: row?.index ?? -1, id: row?.id ?? 'my-list', name: row?.name ?? 'My List', titles };
}
