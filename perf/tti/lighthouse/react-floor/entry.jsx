// @ts-check
// The React-only floor's browser entry (perf:tti --react-floor): the page's own
// components hydrate the server's HTML from its serialized cache, and nothing
// else runs: no Falcor, no measurement, no navigation, no keyboard code, no
// work at idle. What the page costs beyond this is Marquee's own code.
import { startTransition } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { App } from '../../../../shared/components/App.jsx';
import { DEFAULT_RENDER_SETTINGS } from '../../../../shared/components/RenderSettings.js';
import { loadPage, matchRoute } from '../../../../shared/pages/registry.js';
import { readHandoff } from '../../../../client/page-handoff.js';

const { cache, page } = readHandoff();
const options = page?.options ?? { rows: 0 };
const settings = { ...DEFAULT_RENDER_SETTINGS, posterTemplate: options.posters };
/** Rows below the fold and writes never come: their placeholders stay, as with no data layer. */
const never = () => new Promise(() => {});

/** @type {import('../../../../shared/components/App.jsx').AppServices} */
const services = {
  loadRow: never,
  changeMyList: never,
  rate: never,
  onCommit: () => performance.mark('marquee:interactive'),
  startNavigation: () => () => {},
  pageShown: () => {},
};

const route = matchRoute(location.pathname);
const root = document.getElementById('root');
if (route && root)
  loadPage(route.name).then((module) => {
    const initial = {
      Component: module.Component,
      props: module.props(cache, route.params, options),
      key: location.pathname,
    };
    // As client/index.jsx hydrates: in a transition, so the floor's tasks are sliced alike.
    startTransition(() => {
      hydrateRoot(root, <App initial={initial} services={services} settings={settings} />);
    });
  });
