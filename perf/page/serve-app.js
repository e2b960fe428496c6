// @ts-check
// An app made by createApp, listening on a free port of 127.0.0.1: its URL,
// and a close() that cuts its connections (keep-alive ones too, or close()
// would wait for them), stops the server and releases the app's own resources.
// perf:page's apps run in its own process this way (rounds.js), and so do the tests' (test/helpers/app.js).

/**
 * @param {ReturnType<typeof import('../../server/app.js').createApp>} built
 * @returns {Promise<{ url: string, close: () => Promise<void> }>}
 */
export async function serveApp(built) {
  const server = built.app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  const { port } = /** @type {import('node:net').AddressInfo} */ (server.address());
  return {
    url: `http://127.0.0.1:${port}`,
    async close() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      await built.close();
    },
  };
}
