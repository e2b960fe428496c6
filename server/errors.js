// @ts-check
// The errors the app raises on purpose, in one place for its code to import
// from. They are the catalog's too, so they are written once in shared/ (the
// catalog, a separate service, may import shared/ but never the app).
export { ConfigError, DuplicateRouteError, HttpError } from '../shared/errors.js';
