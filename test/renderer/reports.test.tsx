// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { FloorReport, ReportKind } from '../../src/reports/floor-report';
import { App } from '../../renderer/src/App';
import { startView } from './fixtures';
import { FakeCore, cleanup, render, settle, withCore } from './support';

beforeEach(() => window.localStorage.clear());
afterEach(cleanup);

const FIRST = Date.UTC(2026, 10, 29, 18, 5);
const LAST = Date.UTC(2026, 10, 29, 20, 40);
const clock = (at: number, lang = 'en') => new Date(at).toLocaleTimeString(lang, { hour: '2-digit', minute: '2-digit' });

const SESSION: FloorReport = {
  kind: 'session',
  window: { from: null, to: null },
  handsPlayed: 42,
  handsVoided: 3,
  potTotal: 5481,
  averagePot: 130,
  largestPot: { hand: 17, amount: 905 },
  playersPerHand: { average: 6.5, hands: { '6': 21, '7': 21 } },
  rake: 0,
  time: {
    first: FIRST,
    last: LAST,
    handsPerHour: 16.26,
    byHour: [
      { hour: '2026-11-29T18:00Z', hands: 14, players: 6.5, seated: 7 },
      { hour: '2026-11-29T19:00Z', hands: 19, players: 6.26, seated: 7.5 },
      { hour: '2026-11-29T20:00Z', hands: 9, players: 7, seated: 8 },
    ],
    untimed: 0,
  },
  dealers: [
    { number: null, name: null, shifts: 1, hands: 2, minutes: 4, handsPerHour: 30 },
    { number: '12', name: 'Dana', shifts: 2, hands: 40, minutes: 150, handsPerHour: 16 },
  ],
};

const COLLECTIONS: FloorReport = {
  kind: 'collections',
  window: { from: null, to: null },
  time: {
    total: 360,
    byHour: [
      { hour: '2026-11-29T18:00Z', amount: 200 },
      { hour: '2026-11-29T19:00Z', amount: 160 },
    ],
    bySeat: [
      { seat: 3, amount: 120 },
      { seat: 6, amount: 240 },
    ],
    untimed: 0,
  },
  rake: { total: 15, byHand: [{ hand: 4, amount: 15 }], byHour: [] },
  shifts: [
    { number: '12', name: 'Dana', from: FIRST, to: FIRST + 3_600_000, hands: 20, timeCollected: 200, rake: 15 },
    { number: '20', name: 'Sam', from: FIRST + 3_600_000, to: null, hands: 22, timeCollected: 160, rake: 0 },
  ],
};

function cashflow(count: number | null): FloorReport {
  return {
    kind: 'cashflow',
    stays: [
      { seat: 3, name: 'Bo', seatedBefore: false, buyIn: 500, topUps: 0, cashOut: 610, timeCollected: 40, timeUnpaid: 15, adjustments: 0 },
      { seat: 6, name: 'Di', seatedBefore: false, buyIn: 1000, topUps: 200, cashOut: null, timeCollected: 80, timeUnpaid: 0, adjustments: -40 },
    ],
    window: { from: null, to: null },
    totals: { opening: 0, buyIns: 1500, topUps: 200, cashOuts: 610, timeCollected: 120, rake: 0, adjustments: -40, expected: 930, onTable: 1300, unexplained: 370, timeUnpaid: 15 },
    count: count === null ? null : { counted: count, difference: count - 1300 },
  };
}

const INCIDENTS: FloorReport = {
  kind: 'incidents',
  window: { from: null, to: null },
  incidents: [
    { row: 12, at: null, kind: 'misdeal', hand: 5, afterHand: false, by: 'Mara', who: { en: 'Mara', de: 'Mara' }, chips: 0, words: { en: 'Misdeal: Fouled deck', de: 'Fehlgeben: Fehlerhaftes Deck' } },
    { row: 30, at: FIRST, kind: 'stack-corrected', hand: null, afterHand: false, by: 'Jo', who: { en: 'Jo', de: 'Jo' }, chips: -40, words: { en: 'Seat 6’s stack corrected by -40: found chips', de: 'Stapel von Platz 6 um -40 berichtigt: found chips' } },
    { row: 41, at: FIRST, kind: 'unplugged', hand: 7, afterHand: true, by: 'shoe-1', who: { en: 'Shoe', de: 'Kartenschlitten' }, chips: 0, words: { en: 'The shoe was unplugged', de: 'Der Kartenschlitten wurde ausgesteckt' } },
  ],
};

const STANDINGS: FloorReport = {
  kind: 'standings',
  window: { from: null, to: null },
  tournament: true,
  level: 3,
  winner: null,
  places: [
    { place: 5, name: 'Eve', seat: 2 },
    { place: 6, name: 'Fay', seat: 9 },
  ],
  playing: [
    { seat: 4, name: 'Cy', chips: 12_400 },
    { seat: 1, name: 'Ada', chips: 6_100 },
  ],
};

/** A core whose floor is open and that answers every report from the fixtures above. */
function reportingCore(view = startView()): FakeCore {
  const core = new FakeCore(view);
  core.floor = { unlocked: true, who: { en: 'supervisor', de: 'Supervisor' }, name: 'Sam', role: 'supervisor', until: null };
  core.on('floor-report', ({ kind, count }) => {
    const reports: Record<ReportKind, FloorReport> = { session: SESSION, collections: COLLECTIONS, cashflow: cashflow(count ?? null), incidents: INCIDENTS, standings: STANDINGS };
    return { ok: true, result: reports[kind] };
  });
  return core;
}

async function openReports(core: FakeCore) {
  const rendered = await render(withCore(core, <App />));
  await settle();
  await rendered.click('floor-open');
  await settle();
  await rendered.click('floor-reports');
  await settle();
  return rendered;
}

const bars = (chart: HTMLElement) => Array.from(chart.querySelectorAll<HTMLElement>('[class="bar-chart-column"]'));

describe('the floor reports', () => {
  it('are among the floor functions, behind the unlocked floor session', async () => {
    const core = new FakeCore(startView());
    const { click, query, get } = await render(withCore(core, <App />));
    await settle();
    await click('floor-open');
    await settle();
    // Locked: the PIN pad, no reports.
    expect(query('floor-pin')).not.toBeNull();
    expect(query('floor-reports')).toBeNull();
    core.floor = { unlocked: true, who: { en: 'supervisor', de: 'Supervisor' }, name: 'Sam', role: 'supervisor', until: null };
    core.on('floor-unlock', () => ({ ok: true, result: core.floor }));
    await click('keypad-1');
    await click('floor-next');
    await click('keypad-1');
    await click('floor-unlock');
    await settle();
    expect(get('floor-reports').textContent).toBe('Reports');
    expect(core.sent('floor-report')).toEqual([]);
  });

  it('open on the session: one request, its numbers, and one bar per clock hour', async () => {
    const core = reportingCore();
    const { get, query, text } = await openReports(core);
    expect(query('reports-dialog')).not.toBeNull();
    expect(query('floor-dialog')).toBeNull();
    expect(core.sent('floor-report')).toEqual([{ kind: 'session' }]);
    expect(get('reports-tab-session').getAttribute('aria-selected')).toBe('true');
    expect(text('stat-handsPlayed')).toBe('42');
    expect(text('stat-handsVoided')).toBe('3');
    expect(text('stat-averagePot')).toBe('130');
    expect(text('stat-largestPot')).toBe('905 (hand 17)');
    expect(text('stat-playersPerHand')).toBe('6.5');
    expect(text('stat-rake')).toBe('0');
    expect(text('stat-firstHand')).toBe(clock(FIRST));
    expect(text('stat-lastHand')).toBe(clock(LAST));
    expect(text('stat-handsPerHour')).toBe('16.26');
    // Whose clock the times are on, with its zone: the printed report's are UTC.
    expect(text('report-clock')).toMatch(/^Times on this screen's clock \(.+\); the PDF gives them in UTC$/);
    const chart = get('chart-hands-per-hour');
    expect(get('report-session').contains(chart)).toBe(true);
    const columns = bars(chart);
    expect(columns.map((column) => column.querySelector('.bar-chart-value')?.textContent)).toEqual(['14', '19', '9']);
    expect(columns.map((column) => column.querySelector('.bar-chart-label')?.textContent)).toEqual([FIRST, FIRST + 3_600_000, FIRST + 7_200_000].map((at) => clock(at - 5 * 60_000)));
    // The tallest hour fills its track; the others in proportion.
    expect(columns.map((column) => column.querySelector<HTMLElement>('.bar-chart-bar')?.style.height)).toEqual([`${(14 * 100) / 19}%`, '100%', `${(9 * 100) / 19}%`]);
    // The seats' occupancy per hour, and the hands per dealer.
    expect(bars(get('chart-seated-per-hour')).map((column) => column.querySelector('.bar-chart-value')?.textContent)).toEqual(['7', '7.5', '8']);
    const dealers = [...get('session-by-dealer').querySelectorAll('tbody tr')].map((row) => [...row.querySelectorAll('td')].map((cell) => cell.textContent));
    expect(dealers).toEqual([
      ['none recorded', '1', '2', '4', '30'],
      ['Dana #12', '2', '40', '150', '16'],
    ]);
  });

  it('ask for each tab’s report when it is shown, and show it', async () => {
    const core = reportingCore();
    const { click, get, query, text } = await openReports(core);
    await click('reports-tab-collections');
    await settle();
    expect(query('report-session')).toBeNull();
    expect(text('stat-timeCollected')).toBe('360');
    expect(text('stat-rakeTotal')).toBe('15');
    expect(bars(get('chart-collections')).map((column) => column.querySelector('.bar-chart-value')?.textContent)).toEqual(['200', '160']);
    expect(text('collections-by-seat')).toContain('6240');
    expect(text('collections-rake-by-hand')).toContain('415');
    const shifts = [...get('collections-by-shift').querySelectorAll('tbody tr')].map((row) => [...row.querySelectorAll('td')].map((cell) => cell.textContent));
    expect(shifts).toEqual([
      ['Dana #12', clock(FIRST), clock(FIRST + 3_600_000), '20', '200', '15'],
      ['Sam #20', clock(FIRST + 3_600_000), '—', '22', '160', '0'],
    ]);

    await click('reports-tab-cashflow');
    await settle();
    expect(text('stay-0')).toBe('3Bo500061040015');
    expect(text('stay-1')).toContain('still seated');
    expect(text('stat-onTable')).toBe('1,300');
    expect(text('stat-unexplained')).toBe('+370');
    expect(text('stat-timeUnpaid')).toBe('15');
    expect(get('stat-unexplained').parentElement?.classList.contains('report-alert')).toBe(true);
    expect(get('stat-onTable').parentElement?.classList.contains('report-alert')).toBe(false);
    expect(query('stat-difference')).toBeNull();

    await click('reports-tab-incidents');
    await settle();
    expect(text('incident-12')).toBe('12—5MisdealMaraMisdeal: Fouled deck');
    expect(text('incident-30')).toContain(clock(FIRST));
    expect(text('incident-30')).toContain('Stack corrected');
    // Between hands: after the hand, not in it.
    expect(text('incident-41')).toContain('after 7');

    await click('reports-tab-session');
    await settle();
    expect(core.sent('floor-report')).toEqual([{ kind: 'session' }, { kind: 'collections' }, { kind: 'cashflow' }, { kind: 'incidents' }, { kind: 'session' }]);
    expect(text('stat-handsPlayed')).toBe('42');
  });

  it('compare the croupier’s count with the chips on the table', async () => {
    const core = reportingCore();
    const { click, fill, get, text } = await openReports(core);
    await click('reports-tab-cashflow');
    await settle();
    await fill('report-count-input', '1290');
    await click('report-count-apply');
    await settle();
    expect(core.sent('floor-report').at(-1)).toEqual({ kind: 'cashflow', count: 1290 });
    expect(text('stat-counted')).toBe('1,290');
    expect(text('stat-difference')).toBe('-10');
    expect(get('stat-difference').parentElement?.classList.contains('report-alert')).toBe(true);
    // A count that matches: no highlight. The keypad types too.
    await click('keypad-clear');
    for (const digit of '1300') await click(`keypad-${digit}`);
    await click('report-count-apply');
    await settle();
    expect(core.sent('floor-report').at(-1)).toEqual({ kind: 'cashflow', count: 1300 });
    expect(text('stat-difference')).toBe('0');
    expect(get('stat-difference').parentElement?.classList.contains('report-alert')).toBe(false);
  });

  it('refuse a count that is not a whole number, without asking the core', async () => {
    const core = reportingCore();
    const { click, fill, get, query, text } = await openReports(core);
    await click('reports-tab-cashflow');
    await settle();
    const before = core.sent('floor-report').length;
    // Refused as it is typed (the button goes grey), a point or a comma included: "2.815" is no count.
    for (const typed of ['12a', '12.5', '2.815', '-3']) {
      await fill('report-count-input', typed);
      expect(text('report-count-error')).toBe('Enter the count as a whole number of chips (digits only)');
      expect(get('report-count-apply').hasAttribute('disabled')).toBe(true);
    }
    // Nothing typed: refused when tapped.
    await fill('report-count-input', '');
    expect(query('report-count-error')).toBeNull();
    await click('report-count-apply');
    await settle();
    expect(text('report-count-error')).toBe('Enter the count as a whole number of chips (digits only)');
    expect(core.sent('floor-report')).toHaveLength(before);
    await fill('report-count-input', '7');
    expect(query('report-count-error')).toBeNull();
  });

  it('show a floor-locked refusal in its words, and offer the PIN pad', async () => {
    const core = reportingCore();
    core.on('floor-report', () => ({ ok: false, error: { code: 'floor-locked', words: { en: 'The floor must unlock first', de: 'Erst muss der Floor entsperren' } } }));
    const { click, query, text } = await openReports(core);
    expect(text('reports-error')).toBe('The floor must unlock first');
    expect(query('stat-handsPlayed')).toBeNull();
    expect(query('chart-hands-per-hour')).toBeNull();
    core.floor = { unlocked: false, who: null, name: null, role: null, until: null };
    await click('reports-unlock');
    await settle();
    expect(query('reports-dialog')).toBeNull();
    expect(query('floor-dialog')).not.toBeNull();
    expect(query('floor-pin')).not.toBeNull();
  });

  it("give a tournament's standings at a tournament's table only: the places so far and the players still in by chips", async () => {
    const cash = await openReports(reportingCore());
    expect(cash.query('reports-tab-standings')).toBeNull();
    await cash.unmount();
    const view = startView();
    const { click, text, get } = await openReports(reportingCore({ ...view, stakes: { ...view.stakes, mode: 'tournament' } }));
    await click('reports-tab-standings');
    await settle();
    expect(text('standings-state')).toBe('Blind level 3: the places so far');
    expect(text('place-5-2')).toBe('5Eve2');
    expect(Array.from(get('standings-playing').querySelectorAll('tbody tr')).map((row) => row.textContent)).toEqual(['4Cy12,400', '1Ada6,100']);
  });

  it('give a shift on request: the period goes with every report asked for after it, the PDF too, and its start is shown', async () => {
    const core = reportingCore();
    core.on('floor-report', ({ kind, hours }) => {
      const reports: Record<ReportKind, FloorReport> = { session: SESSION, collections: COLLECTIONS, cashflow: cashflow(null), incidents: INCIDENTS, standings: STANDINGS };
      return { ok: true, result: { ...reports[kind], window: { from: hours === undefined ? null : FIRST, to: null } } };
    });
    core.on('floor-report-pdf', () => ({ ok: true, result: { fileName: 'felt-session.pdf', base64: btoa('%PDF-1.4 test') } }));
    const { click, get, text } = await openReports(core);
    expect(get('reports-period-all').getAttribute('aria-pressed')).toBe('true');
    expect(text('report-clock')).not.toContain('From');
    await click('reports-period-8');
    await settle();
    expect(get('reports-period-8').getAttribute('aria-pressed')).toBe('true');
    // Its time, with its date when that is not today (a day's period begins yesterday).
    expect(text('report-clock')).toMatch(new RegExp(`^From (\\d\\d/\\d\\d, )?${clock(FIRST)} · `));
    await click('reports-tab-incidents');
    await settle();
    await click('reports-period-all');
    await settle();
    expect(core.sent('floor-report')).toEqual([{ kind: 'session' }, { kind: 'session', hours: 8 }, { kind: 'incidents', hours: 8 }, { kind: 'incidents' }]);
    await click('reports-period-24');
    await settle();
    const save = HTMLAnchorElement.prototype.click;
    HTMLAnchorElement.prototype.click = () => undefined;
    try {
      await click('report-pdf');
      await settle();
    } finally {
      HTMLAnchorElement.prototype.click = save;
    }
    expect(core.sent('floor-report-pdf')).toEqual([{ kind: 'incidents', lang: 'en', hours: 24 }]);
  });

  it('hand the shown report to the browser as a PDF in the screen’s language, with the count given', async () => {
    const core = reportingCore();
    core.on('floor-report-pdf', () => ({ ok: true, result: { fileName: 'felt-cashflow-20261129-1800.pdf', base64: btoa('%PDF-1.4 test') } }));
    const clicked: { download: string; href: string }[] = [];
    const click = HTMLAnchorElement.prototype.click;
    HTMLAnchorElement.prototype.click = function record(this: HTMLAnchorElement) {
      clicked.push({ download: this.download, href: this.href });
    };
    try {
      const rendered = await openReports(core);
      await rendered.click('reports-tab-cashflow');
      await settle();
      await rendered.fill('report-count-input', '1250');
      await rendered.click('report-count-apply');
      await settle();
      await rendered.click('lang-de');
      await settle();
      await rendered.click('report-pdf');
      await settle();
      expect(core.sent('floor-report-pdf')).toEqual([{ kind: 'cashflow', lang: 'de', count: 1250 }]);
      expect(clicked).toEqual([{ download: 'felt-cashflow-20261129-1800.pdf', href: expect.stringMatching(/^blob:/) }]);
    } finally {
      HTMLAnchorElement.prototype.click = click;
    }
  });

  it('close with the dialog’s close button', async () => {
    const core = reportingCore();
    const { click, query } = await openReports(core);
    // One dialog at a time: the control panel is not drawn behind it.
    expect(query('start-hand')).toBeNull();
    await click('modal-close');
    expect(query('reports-dialog')).toBeNull();
    expect(query('start-hand')).not.toBeNull();
  });

  it("word an erased player and one known by number only in the screen's language, never the report's English (D102, D104)", async () => {
    const core = reportingCore({ ...startView(), stakes: { ...startView().stakes, mode: 'tournament' } });
    const stays = cashflow(null) as Extract<FloorReport, { kind: 'cashflow' }>;
    const [first, second] = stays.stays as [(typeof stays.stays)[0], (typeof stays.stays)[0]];
    const named: FloorReport = { ...stays, stays: [{ ...first, name: 'erased player', erased: true }, { ...second, name: 'player 7', numbered: 7 }] };
    const places: FloorReport = { ...(STANDINGS as Extract<FloorReport, { kind: 'standings' }>), winner: 'erased player', places: [{ place: 1, name: 'erased player', erased: true, seat: 2 }, { place: 2, name: 'player 7', numbered: 7, seat: 9 }], playing: [] };
    core.on('floor-report', ({ kind }) => ({ ok: true, result: kind === 'standings' ? places : kind === 'cashflow' ? named : SESSION }));
    const { click, text } = await openReports(core);
    await click('reports-tab-cashflow');
    await settle();
    expect(text('stay-0')).toContain('erased player');
    expect(text('stay-1')).toContain('player 7');
    await click('lang-de');
    await settle();
    expect(text('stay-0')).toContain('gelöschter Spieler');
    expect(text('stay-0')).not.toContain('erased');
    expect(text('stay-1')).toContain('Spieler 7');
    expect(text('stay-1')).not.toContain('player');
    await click('reports-tab-standings');
    await settle();
    expect(text('standings-state')).toBe('Gewonnen von gelöschter Spieler');
    expect(text('place-1-2')).toBe('1gelöschter Spieler2');
    expect(text('place-2-9')).toBe('2Spieler 79');
  });

  it('speak German after switching the language', async () => {
    const core = reportingCore();
    const { click, get, text } = await openReports(core);
    await click('lang-de');
    expect(text('reports-tab-session')).toBe('Sitzung');
    expect(text('reports-tab-collections')).toBe('Einnahmen');
    expect(text('reports-tab-cashflow')).toBe('Geldfluss');
    expect(text('reports-tab-incidents')).toBe('Vorfälle');
    expect(get('reports-dialog').getAttribute('aria-label')).toBe('Floor-Berichte');
    expect(text('report-session')).toContain('Gespielte Hände');
    expect(text('stat-playersPerHand')).toBe('6,5');
    expect(text('stat-largestPot')).toBe('905 (Hand 17)');
    await click('reports-tab-cashflow');
    await settle();
    expect(text('stay-1')).toContain('sitzt noch');
    expect(text('report-cashflow')).toContain('Chips auf dem Tisch');
    expect(text('report-count-apply')).toBe('Zählung vergleichen');
    await click('reports-tab-incidents');
    await settle();
    expect(text('incident-12')).toContain('Fehlgeben: Fehlerhaftes Deck');
    expect(text('incident-12')).toContain('Misdeal');
    expect(text('incident-30')).toContain('Stack korrigiert');
    expect(text('incident-30')).toContain('—');
    expect(text('incident-41')).toContain('nach 7');
  });
});
