// @ts-check
// The root both sides render: the page being shown, inside the contexts its
// components read (render settings, row loader, visitor state), and the status
// line where failures are announced. The server passes no services; the client
// passes its own (Falcor model, navigation). Each side passes the settings of
// its app (server) or page (client). Contexts add no DOM, so the markup is the
// same on both sides.
import { useEffect, useLayoutEffect, useMemo, useState, useSyncExternalStore } from 'react';
import { createVisitorStore } from '../visitor-store.js';
import { DEFAULT_RENDER_SETTINGS, RenderSettings, RowLoader } from './RenderSettings.js';
import { SERVER_STORE, Visitor } from './Visitor.js';

/**
 * @typedef {{
 *   Component: import('react').ComponentType<any>,
 *   props: object,
 *   key: string,
 *   title?: string,
 *   scrollY?: number,
 * }} ShownPage key: the page's path (a new path starts its components afresh)
 * @typedef {import('../visitor-store.js').VisitorServices & {
 *   loadRow: import('./RenderSettings.js').LoadRow,
 *   onCommit: () => void,
 *   startNavigation: (show: (page: ShownPage) => void) => () => void,
 *   pageShown: (page: ShownPage) => void,
 * }} AppServices
 */

/**
 * @param {{ initial: ShownPage, services?: AppServices | null, settings?: import('./RenderSettings.js').Settings }} props
 *   settings: made once per app or page (a new value re-renders every card)
 */
export function App({ initial, services = null, settings = DEFAULT_RENDER_SETTINGS }) {
  const [page, setPage] = useState(initial);
  const visitor = useMemo(() => (services ? createVisitorStore(services) : SERVER_STORE), [services]);
  const notice = useSyncExternalStore(visitor.subscribe, visitor.notice, SERVER_STORE.notice);
  // A layout effect runs in the commit that ends hydration: from then on the
  // handlers are attached (the app's "interactive" moment). Not a timeout,
  // which would measure the scheduler instead. Never runs on the server.
  useLayoutEffect(() => {
    services?.onCommit();
  }, []);
  useEffect(() => services?.startNavigation(setPage), [services]);
  // Before paint: a restored scroll position never shows the top first.
  useLayoutEffect(() => {
    services?.pageShown(page);
  }, [page]);
  const { Component, props } = page;
  return (
    <RenderSettings.Provider value={settings}>
      <RowLoader.Provider value={services?.loadRow ?? null}>
        <Visitor.Provider value={visitor}>
          <Component key={page.key} {...props} />
          <p className="notice" role="status">
            {notice}
          </p>
        </Visitor.Provider>
      </RowLoader.Provider>
    </RenderSettings.Provider>
  );
}
