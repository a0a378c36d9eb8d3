// Browser tests of Ouk Chatrang (Cambodian rules) on the page and the embed: the variant by
// link, by the new-game dialog against the engine, after a reload, by PGN, and in embed.html
// and <makruk-board variant>. The destinations are the board's marks (data-dest).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { openGame, moveCount, openPositionPanel, openPlayLink } from './ui.support.mjs';
import { SCREENSHOTS, screenshot, useBrowser } from './helpers.mjs';
import { LANGUAGES } from '../www/common/i18n/index.js';

const env = useBrowser({ dev: true }); // tests/embed-host.html, the host page of a <makruk-board>

const OUK_START = 'rnsmksnr/8/pppppppp/8/8/PPPPPPPP/8/RNSKMSNR w DEde - 0 1';
const hashParams = (page) => page.evaluate(() => Object.fromEntries(new URLSearchParams(location.hash.slice(1))));

/** The squares the board marks as destinations once `from` is selected (a click on it). */
async function destsFrom(root, from) {
  await root.locator(`[data-square=${from}]`).click();
  const dests = await root.locator('[data-square][data-dest]').evaluateAll((els) => els.map((e) => e.dataset.square).sort());
  return dests;
}

test('variant: a link with variant=cambodian opens Ouk Chatrang; the Khun leaps d1-f2; the link keeps the rights', async () => {
  const page = await openGame(env, null, { hash: '#variant=cambodian' });
  assert.match(await page.locator('#status').innerText(), /Ouk Chatrang/);
  assert.deepEqual(await destsFrom(page, 'd1'), ['b2', 'c2', 'd2', 'e2', 'f2'], 'the leap to b2 and f2 beside the steps');
  await page.click('[data-square=f2]');
  assert.equal(await page.getAttribute('[data-square=f2]', 'data-piece'), 'K');
  await page.waitForFunction(() => /moves=d1f2/.test(location.hash));
  const p = await hashParams(page);
  assert.equal(p.variant, 'cambodian');
  assert.equal(p.fen, OUK_START);
  await openPositionPanel(page);
  assert.equal((await page.inputValue('#fen-input')).split(' ')[2], 'Ede', 'the FEN panel: the leap used up');
  for (const [name, viewport] of SCREENSHOTS ? [['360x740', { width: 360, height: 740 }], ['1440x900', { width: 1440, height: 900 }]] : []) {
    await page.setViewportSize(viewport);
    await screenshot(page, `variant-${name}.png`);
  }
  assert.deepEqual(page.errors, []);
  await page.close();
});

test('variant: an unknown variant=chess is named in a message and Makruk opens', async () => {
  const page = await openGame(env, null, { hash: '#variant=chess' });
  await page.waitForFunction(() => /chess/.test(document.getElementById('message').textContent));
  assert.match(await page.locator('#message').innerText(), /variant.*“chess” is not a rule set/);
  assert.doesNotMatch(await page.locator('#status').innerText(), /Ouk Chatrang/);
  assert.deepEqual(await destsFrom(page, 'd1'), ['c2', 'd2', 'e2'], 'no leap in Makruk');
  const p = await hashParams(page);
  assert.equal(p.variant, undefined, 'a Makruk link has no variant');
  assert.equal(p.fen, 'rnsmksnr/8/pppppppp/8/8/PPPPPPPP/8/RNSKMSNR w - - 0 1');
  await page.close();
});

test('variant: a new game in Ouk Chatrang against the engine: it replies; a reload keeps the rules', async () => {
  const page = await openGame(env, null, { ready: 'engine' });
  await page.click('#btn-new');
  await page.check('input[name=mode][value=engine]');
  await page.check('input[name=color][value=white]');
  await page.selectOption('#ng-variant', 'cambodian');
  // the handicap starts are Makruk's
  assert.equal(await page.locator('#ng-start option[value=noMet]').isDisabled(), true);
  await page.selectOption('#ng-level', '1');
  await page.click('#ng-start-btn');
  assert.match(await page.locator('#status').innerText(), /Ouk Chatrang/);
  await page.click('[data-square=d1]');
  await page.click('[data-square=f2]');
  // the worker reads the rights field only in Ouk Chatrang: without the variant it would refuse the FEN
  await page.waitForFunction(() => document.querySelectorAll('#moves button.move').length === 2, null, { timeout: 20000 });
  assert.equal((await hashParams(page)).variant, 'cambodian');
  await page.reload();
  await page.waitForSelector('body[data-ready]');
  assert.equal(await moveCount(page), 2);
  assert.match(await page.locator('#status').innerText(), /Ouk Chatrang.* · Your move/);
  assert.equal(await page.getAttribute('[data-square=f2]', 'data-piece'), 'K');
  assert.ok((await destsFrom(page, 'e1')).includes('d2'));
  assert.deepEqual(page.errors, []);
  await page.close();
});

test('variant: a game by link in Ouk Chatrang: the friend\'s link carries the variant and opens in it', async () => {
  const page = await openGame(env, null, { hash: '#play=friend&variant=cambodian' });
  assert.match(await page.locator('#status').innerText(), /Ouk Chatrang/);
  await page.click('#btn-new');
  await page.check('input[name=mode][value=correspondence]');
  await page.check('input[name=color][value=white]');
  assert.equal(await page.inputValue('#ng-variant'), 'cambodian', 'the dialog opens on the current rules');
  await page.click('#ng-start-btn');
  await page.click('[data-square=d1]');
  await page.click('[data-square=b2]');
  const link = await page.inputValue('#corr-link');
  const p = new URLSearchParams(new URL(link).hash.slice(1));
  assert.deepEqual([p.get('variant'), p.get('fen'), p.get('moves'), p.get('play')], ['cambodian', OUK_START, 'd1b2', 'correspondence']);
  const friend = await openGame(env, null, { hash: new URL(link).hash });
  assert.match(await friend.locator('#status').innerText(), /Ouk Chatrang/);
  assert.equal(await friend.getAttribute('[data-square=b2]', 'data-piece'), 'K');
  assert.ok((await destsFrom(friend, 'e8')).includes('g7'), 'Black\'s Khun may still leap');
  await friend.close();
  await page.close();
});

test('variant: a PGN of Ouk Chatrang is imported in its rules and exported with its Variant tag', async () => {
  const page = await openGame(env, { mode: 'two' });
  await openPositionPanel(page);
  await page.fill('#pgn-text', '[Variant "cambodian"]\n[Result "*"]\n\n1. Kf2 Kc7 2. e4 e5 3. Me3 *');
  await page.click('#pgn-import');
  await page.waitForFunction(() => document.querySelectorAll('#moves button.move').length === 5);
  const p = await hashParams(page);
  assert.deepEqual([p.variant, p.fen, p.moves], ['cambodian', OUK_START, 'd1f2 e8c7 e3e4 e6e5 e1e3']);
  assert.equal(await page.getAttribute('[data-square=e3]', 'data-piece'), 'M');
  await page.fill('#pgn-text', '');
  await page.click('#pgn-export');
  await page.waitForFunction(() => document.querySelector('#pgn-text').value !== ''); // the PGN module loads first
  const pgn = await page.inputValue('#pgn-text');
  assert.match(pgn, /\[Variant "cambodian"\]/);
  assert.match(pgn, /1\. Kf2 Kc7 2\. e4 e5 3\. Me3/);
  await page.close();
});

test('variant: embed.html#variant=cambodian and <makruk-board variant="cambodian"> offer the Met\'s double step e1-e3', async () => {
  const context = await env.browser.newContext({ viewport: { width: 400, height: 400 } });
  const page = await context.newPage();
  await page.goto(`${env.base}/embed.html#variant=cambodian&moves=e3e4+e6e5`);
  await page.waitForSelector('body[data-ready]');
  assert.ok((await destsFrom(page, 'e1')).includes('e3'), 'the double step over the empty e2');
  await page.click('[data-square=e3]');
  assert.equal(await page.getAttribute('[data-square=e3]', 'data-piece'), 'M');
  assert.equal((await hashParams(page)).variant, 'cambodian');

  await page.goto(`${env.base}/tests/embed-host.html?board=${encodeURIComponent(env.base)}`);
  await page.evaluate((base) => {
    const s = document.createElement('script');
    s.src = `${base}/www/embed.js`;
    document.body.append(s);
    const mb = document.createElement('makruk-board');
    mb.id = 'mb';
    mb.setAttribute('variant', 'cambodian');
    mb.setAttribute('moves', 'e3e4 e6e5');
    document.getElementById('slot').append(mb);
  }, env.base);
  await page.waitForFunction(() => customElements.get('makruk-board'));
  const st = await page.evaluate(() => document.getElementById('mb').getState());
  assert.equal(st.variant, 'cambodian');
  assert.equal(st.startFen, OUK_START);
  const frame = page.frameLocator('#mb iframe');
  assert.ok((await destsFrom(frame, 'e1')).includes('e3'));
  await context.close();
});

// Makpong and Kar Ouk beside Ouk Chatrang: each variant's name and what differs, by link and
// in the new-game dialog in every language; Ouk Chatrang's Cambodian count; the two tie-break
// games' own rules on the page.
const NAMES = { cambodian: 'variantCambodian', makpong: 'variantMakpong', karouk: 'variantKarouk' };
const KAROUK_START = 'rnsmksnr/8/pppppppp/8/8/PPPPPPPP/8/RNSKMSNR w DEde - 1+1 0 1';
const catalogue = async (code) => (await LANGUAGES.find((l) => l.code === code).load());

test('variant: a link to each variant opens it under a heading with its name and what differs', async () => {
  const en = await catalogue('en');
  for (const [variant, key] of Object.entries(NAMES)) {
    const page = await openGame(env, null, { hash: `#variant=${variant}` });
    assert.equal(await page.locator('#variant-heading').isVisible(), true, variant);
    assert.equal(await page.locator('#variant-heading h2').innerText(), en[key]);
    assert.equal(await page.locator('#variant-heading p').innerText(), en[`${key}Desc`]);
    assert.match(await page.locator('#status').innerText(), new RegExp(`^${en[`${key}Short`]} · `));
    assert.equal((await hashParams(page)).variant, variant, 'the link keeps the variant');
    assert.deepEqual(page.errors, []);
    await page.close();
  }
  const page = await openGame(env, null, { hash: '#variant=makruk' });
  assert.equal(await page.locator('#variant-heading').isVisible(), false, 'Makruk needs no heading');
  await page.close();
});

test('variant: the new-game dialog offers every variant with what differs, in every language', async () => {
  const page = await openGame(env, null, { viewport: { width: 1440, height: 900 } });
  for (const { code } of LANGUAGES) {
    const t = await catalogue(code);
    await page.selectOption('#lang', code);
    await page.waitForFunction((text) => document.querySelector('#btn-new').textContent === text, t.newGame);
    await page.click('#btn-new');
    await page.waitForSelector('#newgame[open]');
    const options = await page.locator('#ng-variant option').evaluateAll((os) => os.map((o) => [o.value, o.textContent]));
    assert.deepEqual(options, ['makruk', ...Object.keys(NAMES)].map((v) => [v, t[`variant${v[0].toUpperCase()}${v.slice(1)}`]]), code);
    for (const [value] of options) {
      await page.selectOption('#ng-variant', value);
      const key = `variant${value[0].toUpperCase()}${value.slice(1)}Desc`;
      assert.equal(await page.locator('#ng-variant-desc').innerText(), t[key], `${code} ${value}`);
    }
    await page.selectOption('#ng-variant', 'makpong');
    if (SCREENSHOTS && (code === 'en' || code === 'th')) {
      for (const [name, viewport] of [['360x740', { width: 360, height: 740 }], ['1440x900', { width: 1440, height: 900 }]]) {
        await page.setViewportSize(viewport);
        await page.locator('#ng-variant').scrollIntoViewIfNeeded();
        await screenshot(page, `variant-dialog-${code}-${name}.png`);
      }
    }
    await page.keyboard.press('Escape');
  }
  assert.deepEqual(page.errors, []);
  await page.close();
});

test('variant: Ouk Chatrang counts by the Cambodian table, from the core, and says so', async () => {
  // two Ruea against a bare Khun: pieces' honour, 7 moves in Ouk Chatrang, 8 in Makruk,
  // counted from the 4 pieces on the board
  const fen = '8/8/4k3/8/8/8/8/R2K3R w - - 0 1';
  const counts = {};
  let page = null;
  for (const variant of ['cambodian', 'makruk']) {
    const hash = `#variant=${variant}&fen=${encodeURIComponent(fen)}&moves=a1a2&play=friend`;
    if (page) await openPlayLink(page, hash);
    else page = await openGame(env, null, { hash });
    const count = page.locator('.player[data-color=black] .count');
    counts[variant] = [await count.getAttribute('data-count'), await count.innerText(), await page.locator('#count-rule').isVisible()];
    if (SCREENSHOTS && variant === 'cambodian') {
      for (const [name, viewport] of [['360x740', { width: 360, height: 740 }], ['1440x900', { width: 1440, height: 900 }]]) {
        await page.setViewportSize(viewport);
        await screenshot(page, `variant-count-${name}.png`, { fullPage: true });
      }
    }
    assert.deepEqual(page.errors, []);
  }
  await page.close();
  assert.deepEqual(counts.cambodian, ['pieces 8 14', 'Count 4 / 7 (pieces\' honour, Cambodian)', true]);
  assert.deepEqual(counts.makruk, ['pieces 8 16', 'Counting (pieces\' honour): 4 / 8', false]);
});

test('variant: counting on request in Ouk Chatrang: a side with three pieces may count, Bia or not', async () => {
  // Black: Khun, Khon and a Bia; White more. Makruk allows no count while a Bia is left.
  const fen = '8/2sk4/4p3/8/3P4/1PRS4/3K2N1/8 b - - 0 1';
  const offered = {};
  let page = null;
  for (const [variant, turn] of [['cambodian', 'b'], ['cambodian', 'w'], ['makruk', 'b']]) {
    const hash = `#variant=${variant}&fen=${encodeURIComponent(fen.replace(' b ', ` ${turn} `))}&counting=request&play=friend`;
    if (page) await openPlayLink(page, hash);
    else page = await openGame(env, null, { hash });
    offered[`${variant} ${turn}`] = await page.locator('[data-action=count-start]').isVisible();
    if (variant === 'cambodian' && turn === 'b') {
      assert.equal(await page.locator('#count-request p').innerText(), (await catalogue('en')).countHelpCambodian);
      await page.click('[data-action=count-start]');
      const count = page.locator('.player[data-color=black] .count');
      assert.equal(await count.getAttribute('data-count'), 'board 0 126');
      assert.equal(await count.innerText(), 'Count 0 / 63 (board\'s honour, Cambodian)');
    }
    assert.deepEqual(page.errors, []);
  }
  await page.close();
  // White, with more than three pieces, may not count in Ouk Chatrang
  assert.deepEqual(offered, { 'cambodian b': true, 'cambodian w': false, 'makruk b': false });
});

test('variant: Makpong and Kar Ouk by PGN, back with their Variant tags; Kar Ouk\'s FEN counts the checks', async () => {
  const page = await openGame(env, { mode: 'two' });
  await openPositionPanel(page);
  for (const [variant, pgn, fen, moves] of [
    ['makpong', '1. e4 e5 2. Ne2', 'rnsmksnr/8/pppppppp/8/8/PPPPPPPP/8/RNSKMSNR w - - 0 1', 'e3e4 e6e5 g1e2'],
    ['karouk', '1. Kf2 Kc7 2. e4 e5 3. Me3', KAROUK_START, 'd1f2 e8c7 e3e4 e6e5 e1e3'],
  ]) {
    await page.fill('#pgn-text', `[Variant "${variant}"]\n[Result "*"]\n\n${pgn} *`);
    await page.click('#pgn-import');
    await page.waitForFunction((v) => new URLSearchParams(location.hash.slice(1)).get('variant') === v, variant);
    const p = await hashParams(page);
    assert.deepEqual([p.variant, p.fen, p.moves], [variant, fen, moves]);
    await page.fill('#pgn-text', '');
    await page.click('#pgn-export');
    await page.waitForFunction(() => document.querySelector('#pgn-text').value !== '');
    const out = await page.inputValue('#pgn-text');
    assert.match(out, new RegExp(`\\[Variant "${variant}"\\]`));
    assert.match(out, new RegExp(pgn.replace(/\./g, '\\.')));
  }
  assert.deepEqual(page.errors, []);
  await page.close();
});

test('variant: Kar Ouk ends on the first check, shown as a win by it', async () => {
  const page = await openGame(env, null, { hash: '#variant=karouk&moves=g1e2+a6a5+e2d4+a5a4+d4f5+h6h5&play=friend' });
  await page.click('[data-square=f5]');
  await page.click('[data-square=d6]');
  await page.waitForSelector('#banner:not([hidden])');
  assert.equal(await page.getAttribute('#banner', 'data-result'), '1-0');
  const en = await catalogue('en');
  assert.equal(await page.locator('.banner-reason').innerText(), en[`reason${(await page.getAttribute('#banner', 'data-reason')).replace(/^./, (c) => c.toUpperCase())}`]);
  assert.match(await page.locator('#status').innerText(), /^1-0 · /);
  assert.deepEqual(await destsFrom(page, 'e8'), [], 'no more moves');
  assert.deepEqual(page.errors, []);
  await page.close();
});

test('variant: a game opened by link in the open page starts with no piece picked up', async () => {
  const page = await openGame(env, null, { hash: '#play=friend' });
  await page.click('[data-square=e3]');
  assert.equal(await page.getAttribute('[data-square=e3]', 'aria-selected'), 'true');
  // another game, where the Bia on e3 could still be picked up
  await openPlayLink(page, `#fen=${encodeURIComponent('rnsmksnr/8/ppppppp1/7p/8/PPPPPPPP/8/RNSKMSNR w - - 0 1')}&play=friend`);
  assert.equal(await page.locator('[data-square][aria-selected=true]').count(), 0);
  assert.deepEqual(page.errors, []);
  await page.close();
});

test('variant: in Makpong a Khun in check is offered only the capture of the checker', async () => {
  const dests = {};
  let page = null;
  for (const variant of ['makpong', 'makruk']) {
    for (const fen of ['4k3/r7/8/8/8/8/8/3KR3 b - - 0 1', '4k3/r3R3/8/8/8/8/8/3K4 b - - 0 1']) {
      const hash = `#variant=${variant}&fen=${encodeURIComponent(fen)}&play=friend`;
      if (page) await openPlayLink(page, hash);
      else page = await openGame(env, null, { hash });
      dests[`${variant} ${fen}`] = await destsFrom(page, 'e8');
    }
  }
  assert.deepEqual(page.errors, []);
  await page.close();
  assert.deepEqual(Object.values(dests), [[], ['e7'], ['d7', 'd8', 'f7', 'f8'], ['d8', 'e7', 'f8']]);
});

test('variant: Kar Ouk\'s move numbers come from the core: move 20 in the move list and the analysis lines', async () => {
  // issue 44: the page read the FEN's sixth field, in Kar Ouk the half-move clock (3)
  const fen = 'rnsmksnr/8/ppppppp1/7p/2N5/PPPPPPPP/8/R1SKMSNR b DEde - 1+1 3 20';
  const page = await openGame(env, null, { hash: `#variant=karouk&fen=${encodeURIComponent(fen)}&moves=h5h4+a3a4&ply=1`, ready: 'engine' });
  const numbers = await page.locator('#moves .move-no').allInnerTexts();
  assert.deepEqual(numbers, ['20.', '21.']);
  // at the cursor after 20... h4 White is to move: its lines start at 21.
  await page.waitForFunction(() => document.querySelector('#lines li'), null, { timeout: 30_000 });
  assert.match(await page.locator('#lines li').first().innerText(), /^\S+ 21\. /);
  await page.click('#nav-next');
  await page.waitForFunction(() => /21…/.test(document.querySelector('#lines li')?.textContent), null, { timeout: 30_000 });
  assert.deepEqual(page.errors, []);
  await page.close();
});
