import { csv } from './csv.js';
import type { Window } from './facts.js';
import type { FloorReport } from './floor-report.js';

type Cell = string | number | null;

/** A floor report as CSV rows a spreadsheet reads (RFC 4180); the period first, amounts in chip units. */
export function reportCsv(report: FloorReport): string {
  return csv([...periodRows(report.window), ...rowsOf(report)]);
}

function periodRows(window: Window): Cell[][] {
  if (window.from === null && window.to === null) return [];
  return [['period', `${window.from === null ? '' : iso(window.from)}/${window.to === null ? '' : iso(window.to)}`]];
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
    case 'collections':
      return [
        ['collection', 'period or seat or hand', 'amount'],
        ...report.time.byHour.map(({ hour, amount }): Cell[] => ['time', hour, amount]),
        ...(report.time.untimed > 0 ? [['time', 'untimed', report.time.untimed]] : []),
        ...report.time.bySeat.map(({ seat, amount }): Cell[] => ['time', `seat ${seat}`, amount]),
        ['time', 'total', report.time.total],
        ...report.rake.byHand.map(({ hand, amount }): Cell[] => ['rake', `hand ${hand}`, amount]),
        ['rake', 'total', report.rake.total],
        ...report.shifts.flatMap((shift): Cell[][] => {
          const when = `${dealerName(shift)} ${shift.from === null ? '' : iso(shift.from)}/${shift.to === null ? '' : iso(shift.to)}`;
          return [
            ['shift hands', when, shift.hands],
            ['shift time', when, shift.timeCollected],
            ['shift rake', when, shift.rake],
          ];
        }),
      ];
    case 'cashflow': {
      const { totals } = report;
      const total = (label: string, amount: number | null): Cell[] => [label, '', amount, '', '', '', '', ''];
      return [
        ['seat', 'name', 'buy-in', 'top-ups', 'cash-out', 'time collected', 'corrections', 'time unpaid'],
        ...report.stays.map((stay): Cell[] => [stay.seat, stay.name, stay.seatedBefore ? 'before the period' : stay.buyIn, stay.topUps, stay.cashOut, stay.timeCollected, stay.adjustments, stay.timeUnpaid]),
        total('opening', totals.opening),
        ['total', '', totals.buyIns, totals.topUps, totals.cashOuts, totals.timeCollected, totals.adjustments, ''],
        total('rake', totals.rake),
        total('expected on the table', totals.expected),
        total('chips on the table', totals.onTable),
        total('unexplained', totals.unexplained),
        total('time left unpaid', totals.timeUnpaid),
        ...(report.count === null ? [] : [total('counted', report.count.counted), total('difference', report.count.difference)]),
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
