import { csv } from './csv.js';
import type { FloorReport } from './floor-report.js';
import type { DealerShift } from './shifts.js';

type Cell = string | number | null;

/**
 * A floor report as one table a spreadsheet reads without guessing (RFC 4180): a header, then rows of as
 * many cells, each column holding one kind of value (amounts in chip units, as numbers). A report over a
 * period names it in two columns in front, `period from` and `period to`, on every row: a row then says
 * what it counts wherever it is pasted.
 */
export function reportCsv(report: FloorReport): string {
  const [header = [], ...rows] = rowsOf(report);
  const { from, to } = report.window;
  if (from === null && to === null) return csv([header, ...rows]);
  const period = [from === null ? null : iso(from), to === null ? null : iso(to)];
  return csv([['period from', 'period to', ...header], ...rows.map((row) => [...period, ...row])]);
}

function rowsOf(report: FloorReport): Cell[][] {
  switch (report.kind) {
    case 'session':
      return [
        ['measure', 'value'],
        ['hands played', report.handsPlayed],
        ['hands voided', report.handsVoided],
        ['pots awarded', report.potTotal],
        ['average pot', report.averagePot],
        ['largest pot', report.largestPot?.amount ?? null],
        ['largest pot, hand', report.largestPot?.hand ?? null],
        ['players per hand', report.playersPerHand.average],
        ['rake', report.rake],
        ['first hand', report.time.first === null ? null : iso(report.time.first)],
        ['last hand', report.time.last === null ? null : iso(report.time.last)],
        ['hands per hour', report.time.handsPerHour],
        ...report.time.byHour.flatMap(({ hour, hands, players, seated }): Cell[][] => [
          [`hands ${hour}`, hands],
          [`players per hand ${hour}`, players],
          [`seats taken ${hour}`, seated],
        ]),
        ...report.dealers.flatMap((dealer): Cell[][] => {
          const who = dealerName(dealer);
          return [
            [`dealer ${who}: hands`, dealer.hands],
            [`dealer ${who}: minutes on duty`, dealer.minutes],
            [`dealer ${who}: hands per hour`, dealer.handsPerHour],
          ];
        }),
      ];
    case 'collections': {
      // `by` says what a row counts by, and the column of that key holds it: an hour is never in the seat's column.
      const row = (collection: 'time' | 'rake', by: string, keys: { hour?: string; seat?: number; hand?: number }, amount: number): Cell[] => [collection, by, keys.hour ?? null, keys.seat ?? null, keys.hand ?? null, null, null, null, null, null, amount];
      const shiftRow = (collection: 'time' | 'rake', shift: DealerShift, amount: number): Cell[] => [collection, 'shift', null, null, null, shift.number, shift.name, shift.from === null ? null : iso(shift.from), shift.to === null ? null : iso(shift.to), shift.hands, amount];
      const { time, rake } = report;
      return [
        ['collection', 'by', 'hour', 'seat', 'hand', 'dealer number', 'dealer', 'shift from', 'shift to', 'hands', 'amount'],
        ...time.byHour.map(({ hour, amount }) => row('time', 'hour', { hour }, amount)),
        ...(time.untimed > 0 ? [row('time', 'untimed', {}, time.untimed)] : []),
        ...time.bySeat.map(({ seat, amount }) => row('time', 'seat', { seat }, amount)),
        ...report.shifts.map((shift) => shiftRow('time', shift, shift.timeCollected)),
        row('time', 'total', {}, time.total),
        ...rake.byHour.map(({ hour, amount }) => row('rake', 'hour', { hour }, amount)),
        ...rake.byHand.map(({ hand, amount }) => row('rake', 'hand', { hand }, amount)),
        ...report.shifts.map((shift) => shiftRow('rake', shift, shift.rake)),
        row('rake', 'total', {}, rake.total),
      ];
    }
    case 'cashflow': {
      // One column per amount: a player's stay fills the seat's columns, a summary line (the totals, the
      // reconciliation) its own `amount`, so no column holds two kinds of figure. A player seated before
      // the period has no buy-in in it (it is in the opening chips): empty, and `seated before` says why.
      const { totals } = report;
      const summary = (line: string, amount: number | null): Cell[] => [line, null, null, null, null, null, null, null, null, null, amount];
      return [
        ['line', 'seat', 'name', 'seated before', 'buy-in', 'top-ups', 'cash-out', 'time collected', 'corrections', 'time unpaid', 'amount'],
        ...report.stays.map((stay): Cell[] => ['stay', stay.seat, stay.name, stay.seatedBefore ? 'yes' : 'no', stay.seatedBefore ? null : stay.buyIn, stay.topUps, stay.cashOut, stay.timeCollected, stay.adjustments, stay.timeUnpaid, null]),
        summary('opening', totals.opening),
        summary('buy-ins', totals.buyIns),
        summary('top-ups', totals.topUps),
        summary('cash-outs', totals.cashOuts),
        summary('time collected', totals.timeCollected),
        summary('rake', totals.rake),
        summary('corrections', totals.adjustments),
        summary('expected on the table', totals.expected),
        summary('chips on the table', totals.onTable),
        summary('unexplained', totals.unexplained),
        summary('time left unpaid', totals.timeUnpaid),
        ...(report.count === null ? [] : [summary('counted', report.count.counted), summary('difference', report.count.difference)]),
      ];
    }
    case 'incidents':
      // `after_hand`: it came between hands, after `hand` had ended.
      return [
        ['row', 'at', 'kind', 'hand', 'after_hand', 'by', 'chips', 'what'],
        ...report.incidents.map((incident): Cell[] => [incident.row, incident.at === null ? null : iso(incident.at), incident.kind, incident.hand, incident.afterHand ? 'yes' : 'no', incident.by, incident.chips, incident.words.en]),
      ];
    case 'standings':
      // One layout: places with no chips, the players still in with theirs and no place.
      return [
        ['place', 'name', 'seat', 'chips'],
        ...report.places.map((place): Cell[] => [place.place, place.name, place.seat, null]),
        ...report.playing.map((player): Cell[] => [null, player.name, player.seat, player.chips]),
      ];
  }
}

function dealerName(dealer: { readonly number: string | null; readonly name: string | null }): string {
  return dealer.number === null ? 'no dealer recorded' : `${dealer.name ?? ''} #${dealer.number}`;
}

function iso(at: number): string {
  return new Date(at).toISOString();
}
