// @ts-check
// How a placeholder row gets its data: a function handed down by context, so
// the components stay pure. The server provides none (null): nothing is
// fetched there. The client provides one backed by its Falcor model.
import { createContext } from 'react';

/** @typedef {import('../graph/types.js').Row} Row */
/** @typedef {(index: number) => Promise<Row | null>} LoadRow */

/** @type {import('react').Context<LoadRow | null>} */
export const RowLoader = createContext(/** @type {LoadRow | null} */ (null));
