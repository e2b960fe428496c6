// @ts-check
// The brand bar. On the home page the brand is the page's heading; elsewhere
// it is a link home (followed without a reload by the client's navigation).

// Constant elements are created once, not on every render (constant elements).
const HOME = (
  <header className="masthead">
    <h1 className="masthead__brand">Marquee</h1>
  </header>
);
const ELSEWHERE = (
  <header className="masthead">
    <a className="masthead__brand" href="/">
      Marquee
    </a>
  </header>
);

/** @param {{ home: boolean }} props */
export function Masthead({ home }) {
  return home ? HOME : ELSEWHERE;
}
