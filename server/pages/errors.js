// @ts-check
// The 404 and 500 pages: a plain message for the visitor, details to the log
// only, never a stack trace on the page; not cached.

/** @typedef {(name: string, data: object) => string} RenderTemplate */

/** @param {RenderTemplate} render @returns {import('express').RequestHandler} */
export function notFoundPage(render) {
  return (_req, res) => {
    res.status(404).set('Cache-Control', 'no-store').type('html');
    res.send(
      render('error', {
        title: 'Page not found',
        message: 'There is nothing at this address.',
        nonce: res.locals.nonce,
      }),
    );
  };
}

/**
 * @param {RenderTemplate} render
 * @param {import('pino').Logger} log
 * @returns {import('express').ErrorRequestHandler}
 */
export function errorPage(render, log) {
  return (error, req, res, next) => {
    const status = Number.isInteger(error?.status) && error.status >= 400 && error.status < 600 ? error.status : 500;
    if (status >= 500) log.error({ err: error, url: req.originalUrl }, 'request failed');
    if (res.headersSent) return next(error);
    res.status(status).set('Cache-Control', 'no-store');
    if (!req.accepts('html')) {
      res.json({ error: status >= 500 ? 'Internal error' : String(error.expose ? error.message : 'Bad request') });
      return;
    }
    const title = status >= 500 ? 'Something went wrong' : 'Bad request';
    const message =
      status >= 500
        ? 'We could not show this page. Please try again in a moment.'
        : 'This request could not be understood.';
    res.type('html').send(render('error', { title, message, nonce: res.locals.nonce }));
  };
}
