import { csv } from '../../reports/csv.js';
import { reportCsv } from '../../reports/report-csv.js';
import type { RoomReport } from './room-report.js';

/**
 * A room report as CSV: the room's totals first (per hour, per dealer across tables), then each table's
 * own report exactly as `felt report --format csv` writes it at the table, each row led by the table's
 * name — so a spreadsheet filters one table, or sums a column over all.
 */
export function roomCsv(room: RoomReport): string {
  const { totals } = room;
  const rows: (string | number | null)[][] = [
    ['table', 'measure', 'value'],
    ['(room)', 'hands played', totals.handsPlayed],
    ['(room)', 'hands voided', totals.handsVoided],
    ['(room)', 'pots awarded', totals.potTotal],
    ['(room)', 'rake', totals.rake],
    ['(room)', 'time collected', totals.timeCollected],
    ['(room)', 'incidents', totals.incidents],
    ...totals.byHour.map((hour) => ['(room)', `hour ${hour.hour}`, `${hour.hands} hands, ${hour.rake} rake, ${hour.timeCollected} time`]),
    ...totals.byDealer.map((dealer) => ['(room)', `dealer ${dealer.name ?? '(none)'} #${dealer.number ?? ''}`, `${dealer.tables} tables, ${dealer.hands} hands, ${dealer.minutes} min, ${dealer.rake} rake, ${dealer.timeCollected} time`]),
  ];
  let text = csv(rows);
  for (const table of room.tables) {
    const own = reportCsv(table.report).split('\r\n').filter((line) => line !== '');
    const name = csv([[table.name]]).trimEnd();
    text += own.map((line) => `${name},${line}`).join('\r\n') + '\r\n';
  }
  return text;
}
