// @ts-check
// The catalog's loader: cleaning of the messy films file, ids, lists, and a
// clear start-up error for a file that cannot serve a catalog.
import assert from 'node:assert/strict';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { TOP_RATED_MIN_VOTES } from '../../server/catalog/build-lists.js';
import { CatalogDataError, buildCatalog, loadCatalog } from '../../server/catalog/load-data.js';
import { startCatalog } from '../helpers/catalog.js';

const COUNTS_LINE = /^catalog: (\d+) records: (\d+) kept \((\d+) fixed\), (\d+) dropped$/m;

/** @param {Record<string, unknown>} fields */
const film = (fields) => ({
  Title: 'A Film',
  'Release Date': 'Jun 12 1998',
  'IMDB Rating': 7,
  'IMDB Votes': 1000,
  'Major Genre': 'Drama',
  Director: null,
  'Running Time min': null,
  'MPAA Rating': null,
  'Worldwide Gross': 100,
  ...fields,
});

describe('cleaning records', () => {
  const catalog = buildCatalog(
    [
      film({ Title: 1776, 'Release Date': 'Nov 09 1972' }),
      film({ Title: 'Gone with the Wind', 'Release Date': 'Dec 15 2039' }),
      film({ Title: 'Too Far Back', 'Release Date': 'Jan 01 1850' }),
      film({ Title: null }),
      film({ Title: '   ' }),
      film({ Title: 'No Date', 'Release Date': 'sometime' }),
      film({ Title: 'Feb 30', 'Release Date': 'Feb 30 2001' }),
      'not a record',
      film({ Title: 'Hamlet', 'Release Date': 'May 12 2000', 'Major Genre': null, 'IMDB Rating': null }),
      film({ Title: 'Hamlet', 'Release Date': 'Dec 25 2000' }),
      film({ Title: 'Secret, The' }),
    ],
    'inline',
  );
  const byName = new Map([...catalog.titles.values()].map((t) => [t.name, t]));

  test('numeric titles become strings and count as fixed', () => {
    const title = byName.get('1776');
    assert.ok(title, 'the numeric title 1776 should be kept as the string "1776"');
    assert.equal(title.id, '1776-1972');
    assert.equal(title.year, 1972);
  });

  test('a year after the plausible range moves back a century', () => {
    assert.equal(byName.get('Gone with the Wind')?.year, 1939);
  });

  test('"Secret, The" reads "The Secret"', () => {
    assert.ok(byName.has('The Secret'));
  });

  test('records without a usable title or year are dropped, with reasons', () => {
    assert.deepEqual(catalog.stats, {
      records: 11,
      kept: 5,
      fixed: 3,
      dropped: 6,
      dropReasons: { 'impossible year': 1, 'no title': 2, 'no release date': 2, 'not an object': 1 },
    });
    assert.equal(catalog.summary, 'catalog: 11 records: 5 kept (3 fixed), 6 dropped');
  });

  test('duplicate slugs get a suffix, in file order', () => {
    const hamlets = [...catalog.titles.values()].filter((t) => t.name === 'Hamlet').map((t) => t.id);
    assert.deepEqual(hamlets, ['hamlet-2000', 'hamlet-2000-2']);
  });

  test('nulls are kept as nulls and the tagline copes', () => {
    const hamlet = catalog.titles.get('hamlet-2000');
    assert.equal(hamlet?.genre, null);
    assert.equal(hamlet?.rating, null);
    assert.equal(hamlet?.tagline, 'A 2000 film.');
    assert.equal(hamlet?.boxart, '/art/hamlet-2000.svg');
  });

  test('shared data is frozen', () => {
    const title = catalog.titles.get('hamlet-2000');
    assert.ok(Object.isFrozen(title) && Object.isFrozen(catalog.listSummaries));
    assert.throws(() => {
      /** @type {any} */ (title).name = 'changed';
    }, TypeError);
  });
});

describe('mojibake repair', () => {
  const names = ['AstÈrix aux Jeux Olympiques', 'LÈon', 'CachÈ', 'MoliËre', 'Die F‰lscher', 'Alien³', 'Ri¢hie Ri¢h'];
  test('a file full of Mac Roman mojibake is repaired, other characters kept', () => {
    const catalog = buildCatalog(
      names.map((Title) => film({ Title })),
      'inline',
    );
    const fixedNames = [...catalog.titles.values()].map((t) => t.name);
    assert.deepEqual(fixedNames, [
      'Astérix aux Jeux Olympiques',
      'Léon',
      'Caché',
      'Molière',
      'Die Fälscher',
      'Alien³',
      'Ri¢hie Ri¢h',
    ]);
    assert.equal(catalog.titles.get('asterix-aux-jeux-olympiques-1998')?.name, 'Astérix aux Jeux Olympiques');
  });
  test('one odd name does not make a file suspect', () => {
    const catalog = buildCatalog([film({ Title: 'PokÈmon' }), film({ Title: 'Other' })], 'inline');
    assert.equal(catalog.titles.get('pokemon-1998')?.name, 'PokÈmon');
  });
});

describe('the real films file', () => {
  /** @type {import('../../server/catalog/load-data.js').Catalog} */
  let catalog;
  before(async () => {
    catalog = await loadCatalog();
  });

  test('keeps nearly every record and says what it did', () => {
    const [, records, kept, fixed, dropped] = COUNTS_LINE.exec(catalog.summary) ?? [];
    assert.equal(Number(records), 3201);
    assert.equal(Number(kept) + Number(dropped), 3201);
    assert.ok(Number(kept) >= 3150, `only ${kept} films kept: the cleaning drops too much`);
    assert.ok(Number(fixed) >= 31, `expected at least 9 numeric titles and 22 century fixes, got ${fixed} fixes`);
  });

  test('every title has the contract shape', () => {
    const keys = ['id', 'name', 'year', 'rating', 'genre', 'director', 'runtime', 'mpaa', 'tagline', 'boxart'];
    for (const title of catalog.titles.values()) {
      assert.deepEqual(Object.keys(title), keys);
      assert.match(title.id, /^[a-z0-9-]{1,80}$/);
      assert.equal(typeof title.name, 'string');
      assert.ok(title.year >= 1888 && title.year <= 2012, `${title.id}: year ${title.year}`);
      assert.ok(title.rating === null || (title.rating >= 0 && title.rating <= 10), `${title.id}: rating`);
      assert.match(title.tagline, /^A \d{4} .+\.$/);
    }
  });

  test('keeps films without a genre', () => {
    const noGenre = [...catalog.titles.values()].filter((t) => t.genre === null).length;
    assert.ok(noGenre >= 270, `${noGenre} films without genre: they should be kept, not dropped`);
  });

  test('lists: at least 12, in display order, all ids known', () => {
    const ids = catalog.listSummaries.map((l) => l.id);
    assert.ok(ids.length >= 12);
    assert.deepEqual(ids.slice(0, 3), ['top-rated', 'highest-grossing', 'recent']);
    const rank = /** @type {Record<string, number>} */ ({ genre: 0, decade: 1, director: 2 });
    const ranks = ids.slice(3).map((id) => rank[id.split('-')[0]]);
    assert.deepEqual(
      ranks,
      [...ranks].sort((a, b) => a - b),
      'genres, then decades, then directors',
    );
    for (const id of ['genre-drama', 'genre-thriller-suspense', 'decade-1990s', 'director-steven-spielberg']) {
      assert.ok(catalog.lists.has(id), `missing list ${id}`);
    }
    for (const list of catalog.lists.values()) {
      assert.ok(list.ids.length >= 10, `${list.id} has only ${list.ids.length} titles`);
      for (const titleId of list.ids) assert.ok(catalog.titles.has(titleId), `${list.id} lists unknown ${titleId}`);
    }
  });

  test('top-rated is by rating, highest-grossing starts with Avatar, recent with the newest', () => {
    const ratings = catalog.lists.get('top-rated')?.ids.map((id) => catalog.titles.get(id)?.rating ?? -1) ?? [];
    assert.deepEqual(
      ratings,
      [...ratings].sort((a, b) => b - a),
    );
    assert.ok(TOP_RATED_MIN_VOTES >= 1000, 'a minimum vote count keeps obscure films out of top-rated');
    assert.equal(catalog.lists.get('highest-grossing')?.ids[0], 'avatar-2009');
    const years = catalog.lists.get('recent')?.ids.map((id) => catalog.titles.get(id)?.year ?? 0) ?? [];
    assert.deepEqual(
      years,
      [...years].sort((a, b) => b - a),
    );
  });
});

describe('a file that cannot serve a catalog', () => {
  /** @type {string} */
  let dir;
  before(async () => {
    dir = await mkdtemp(join(tmpdir(), 'marquee-catalog-'));
  });
  after(() => rm(dir, { recursive: true, force: true }));

  /** @param {string} name @param {string} text */
  const fileWith = async (name, text) => {
    const file = join(dir, name);
    await writeFile(file, text);
    return file;
  };

  for (const [name, text, problem] of [
    ['not-json.json', '{"Title": ', /not JSON/],
    ['object.json', '{"Title": "One"}', /not an array of film records \(found object\)/],
    ['unusable.json', '[{"Title": null}, 42]', /no usable film records \(2 records: 1 no title, 1 not an object\)/],
  ]) {
    test(`${name}: ${String(problem)}`, async () => {
      const file = await fileWith(String(name), String(text));
      await assert.rejects(loadCatalog(file), (error) => {
        assert.ok(error instanceof CatalogDataError);
        assert.ok(error.message.includes(file), 'the message names the file');
        assert.match(error.message, /** @type {RegExp} */ (problem));
        return true;
      });
    });
  }

  test('a missing file is named too', async () => {
    await assert.rejects(loadCatalog(join(dir, 'nope.json')), /nope\.json: cannot read it \(ENOENT\)/);
  });

  test('the process refuses to start, naming file and problem', async () => {
    const file = await fileWith('broken.json', 'not json at all');
    await assert.rejects(startCatalog({ env: { CATALOG_DATA: file } }), (/** @type {Error} */ error) => {
      assert.match(error.message, /exited before it was ready \(code 1/);
      assert.ok(error.message.includes(`cannot use data file ${file}: not JSON`), error.message);
      return true;
    });
  });

  test('the process prints the counts line, then the URL', async () => {
    const catalog = await startCatalog();
    try {
      const { stdout } = catalog.output();
      assert.match(stdout, COUNTS_LINE);
      assert.ok(stdout.includes(`catalog: listening on ${catalog.url}`), stdout);
    } finally {
      await catalog.stop();
    }
  });
});
