// @ts-check
// Deterministic posters drawn from the title id: no image store, no network,
// and a fixed size so cards never shift the layout.
import { boxartSvg } from '../../shared/boxart.js';

const FILE = /^([a-z0-9-]{1,80})\.svg$/;

/** @returns {import('express').RequestHandler} */
export function boxartImage() {
  return (req, res, next) => {
    const match = FILE.exec(String(req.params.file));
    if (!match) return next();
    // The drawing depends only on the id, so browsers may keep it for a day.
    res.set('Cache-Control', 'public, max-age=86400');
    res.type('image/svg+xml').send(boxartSvg(match[1]));
  };
}
