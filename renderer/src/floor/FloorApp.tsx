import { type FormEvent, useEffect, useRef, useState } from 'react';
import type { Board, BoardRow } from '../../../src/floor/board';
import type { Words } from '../../../src/evaluator/words';
import { useLangSetting } from '../useLangSetting';
import type { Lang } from '../i18n';
import { type FloorSignIn, readBoard, signIn, signOut } from './floor-api';
import { RoomReports } from './RoomReports';
import { TableHands } from './TableHands';
import { chips, dayAndTime, FLOOR_WORDS, timeOfDay } from './words';

/** How often the board asks the floor: a table's change shows within a second (issue 25). */
const POLL_MS = 500;
const KEY = 'felt.floor.session';

function kept(): FloorSignIn | null {
  try {
    const text = window.sessionStorage.getItem(KEY);
    return text === null ? null : (JSON.parse(text) as FloorSignIn);
  } catch {
    return null;
  }
}

function keep(session: FloorSignIn | null): void {
  try {
    if (session === null) window.sessionStorage.removeItem(KEY);
    else window.sessionStorage.setItem(KEY, JSON.stringify(session));
  } catch {
    // Not kept: a reload asks to sign in again.
  }
}

/**
 * The floor's screens (D90): sign-in with the floor's staff (a floor supervisor or a manager), then the
 * floor board — every enrolled table live, from what each table says of itself (D89) and its log at the
 * floor. English and German, as the tables' screens.
 */
export function FloorApp() {
  const [lang, setLang] = useLangSetting();
  const [session, setSession] = useState<FloorSignIn | null>(kept);
  const [view, setView] = useState<'board' | 'reports'>('board');
  const [hands, setHands] = useState<{ readonly id: string; readonly name: string } | null>(null);
  const words = FLOOR_WORDS[lang];
  const other: Lang = lang === 'en' ? 'de' : 'en';
  const end = (): void => {
    if (session !== null) void signOut(session.token);
    keep(null);
    setSession(null);
  };
  return (
    <div className="floor" lang={lang}>
      <header className="floor-bar">
        <h1>{words.title}</h1>
        {session !== null && (
          <nav className="floor-tabs">
            <button type="button" data-testid="tab-board" aria-pressed={view === 'board'} onClick={() => setView('board')}>
              {words.title}
            </button>
            <button type="button" data-testid="tab-reports" aria-pressed={view === 'reports'} onClick={() => setView('reports')}>
              {words.reports}
            </button>
          </nav>
        )}
        {session !== null && <span data-testid="floor-who">{session.who[lang]}</span>}
        <button type="button" data-testid="floor-language" onClick={() => setLang(other)}>
          {words.language}
        </button>
        {session !== null && (
          <button type="button" data-testid="floor-sign-out" onClick={end}>
            {words.signOut}
          </button>
        )}
      </header>
      {session === null ? (
        <SignIn
          lang={lang}
          signedIn={(next) => {
            keep(next);
            setSession(next);
          }}
        />
      ) : view === 'board' ? (
        hands === null ? (
          <BoardView lang={lang} token={session.token} ended={end} openHands={setHands} />
        ) : (
          <TableHands lang={lang} token={session.token} table={hands} close={() => setHands(null)} />
        )
      ) : (
        <RoomReports lang={lang} token={session.token} />
      )}
    </div>
  );
}

function SignIn({ lang, signedIn }: { readonly lang: Lang; readonly signedIn: (session: FloorSignIn) => void }) {
  const words = FLOOR_WORDS[lang];
  const [number, setNumber] = useState('');
  const [pin, setPin] = useState('');
  const [problem, setProblem] = useState<Words | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = (event: FormEvent): void => {
    event.preventDefault();
    setBusy(true);
    void signIn(number.trim(), pin).then((answer) => {
      setBusy(false);
      setPin('');
      if (answer.ok) signedIn(answer.value);
      else setProblem(answer.words);
    });
  };
  return (
    <form className="floor-sign-in" data-testid="floor-sign-in" onSubmit={submit}>
      <h2>{words.signInTitle}</h2>
      <label>
        {words.number}
        <input data-testid="floor-number" inputMode="numeric" autoComplete="username" value={number} onChange={(event) => setNumber(event.target.value)} />
      </label>
      <label>
        {words.pin}
        <input data-testid="floor-pin" type="password" inputMode="numeric" autoComplete="current-password" value={pin} onChange={(event) => setPin(event.target.value)} />
      </label>
      <button type="submit" data-testid="floor-sign-in-button" disabled={busy || number.trim() === '' || pin === ''}>
        {words.signIn}
      </button>
      {problem !== null && (
        <p className="floor-error" role="alert" data-testid="floor-error">
          {problem[lang]}
        </p>
      )}
    </form>
  );
}

function BoardView({ lang, token, ended, openHands }: { readonly lang: Lang; readonly token: string; readonly ended: () => void; readonly openHands: (table: { readonly id: string; readonly name: string }) => void }) {
  const words = FLOOR_WORDS[lang];
  const [board, setBoard] = useState<Board | null>(null);
  const [problem, setProblem] = useState<Words | null>(null);
  // `ended` is a new function at every render of the app: the board asks anew only for another token.
  const endedNow = useRef(ended);
  endedNow.current = ended;
  useEffect(() => {
    let stopped = false;
    let timer: number | undefined;
    const ask = async (): Promise<void> => {
      const answer = await readBoard(token);
      if (stopped) return;
      if (answer.ok) {
        setBoard(answer.value);
        setProblem(null);
      } else if (answer.status === 401) {
        endedNow.current();
        return;
      } else setProblem(answer.words);
      timer = window.setTimeout(() => void ask(), POLL_MS);
    };
    void ask();
    return () => {
      stopped = true;
      window.clearTimeout(timer);
    };
  }, [token]);
  return (
    <main className="floor-board" data-testid="floor-board">
      {problem !== null && (
        <p className="floor-error" role="alert" data-testid="floor-problem">
          {words.unreachable} ({problem[lang]})
        </p>
      )}
      {board !== null && (
        <p className="floor-summary" data-testid="floor-summary">
          {words.tables(board.tables.length)} · {words.updated(timeOfDay(lang, board.at))}
        </p>
      )}
      {board !== null && board.tables.length === 0 && <p data-testid="floor-no-tables">{words.noTables}</p>}
      <ul className="floor-tables">
        {board?.tables.map((row) => <TableCard key={row.id} lang={lang} row={row} openHands={() => openHands({ id: row.id, name: row.name })} />)}
      </ul>
    </main>
  );
}

function TableCard({ lang, row, openHands }: { readonly lang: Lang; readonly row: BoardRow; readonly openHands: () => void }) {
  const words = FLOOR_WORDS[lang];
  const status = row.status;
  const calling = status?.devices.some((device) => device.incident === 'floor-call') ?? false;
  const faults = status?.devices.filter((device) => device.state !== 'connected') ?? [];
  const oldPc = row.replaced?.oldPc ?? null;
  const alarm = row.link.state !== 'live' || calling || faults.length > 0 || row.clockOff || row.log.forks > 0 || oldPc !== null;
  return (
    <li className={`floor-table${alarm ? ' floor-table-alarm' : ''}`} data-testid="floor-table" data-table={row.name}>
      <h2>
        {row.name}
        {status !== null && <span className="floor-game"> · {status.game[lang]}</span>}
      </h2>
      <p data-testid="table-link" className={row.link.state === 'live' ? '' : 'floor-warn'}>
        {words.link(row.link.state, timeOfDay(lang, row.link.since))}
      </p>
      {calling && (
        <p className="floor-warn" data-testid="table-call">
          {words.floorCall}
        </p>
      )}
      {status !== null && (
        <>
          <p data-testid="table-hand">
            {words.hand(status.handNumber, status.handInPlay)} · {words.pot(chips(lang, status.pot))}
          </p>
          <p data-testid="table-seats">{words.seats(status.seats.taken, status.seats.count)}</p>
          <p data-testid="table-dealer">{words.dealer(status.dealer === null ? null : `${status.dealer.name} #${status.dealer.number}`)}</p>
          {(status.time.collectNow > 0 || status.time.owed > 0) && (
            <p data-testid="table-time">
              {status.time.collectNow > 0 && words.collectNow(chips(lang, status.time.collectNow))} {status.time.owed > 0 && words.owed(chips(lang, status.time.owed))}
            </p>
          )}
          <p data-testid="table-devices" className={faults.length > 0 ? 'floor-warn' : ''}>
            {faults.length === 0
              ? words.devicesFine
              : faults.map((device) => `${words.device[device.kind] ?? device.kind} ${device.id}: ${words.deviceState[device.state] ?? device.state}${device.words === null ? '' : ` (${device.words[lang]})`}`).join(' · ')}
          </p>
          {/* Which software decides this table's hands (D87): an update that reached some tables shows. */}
          <p className="floor-muted" data-testid="table-software">
            {words.software(status.software.version, status.software.build)}
          </p>
        </>
      )}
      {row.clockOffsetMs !== null && (
        <p data-testid="table-clock" className={row.clockOff ? 'floor-warn' : ''}>
          {row.clockOff ? `${words.clockOff}: ` : ''}
          {words.clock(Math.round(row.clockOffsetMs / 1000))}
        </p>
      )}
      <p className="floor-muted" data-testid="table-log">
        {words.rows(chips(lang, row.log.rows))}{' '}
        <button type="button" data-testid="table-hands-open" onClick={openHands}>
          {words.hands}
        </button>
      </p>
      {row.log.forks > 0 && (
        <p className="floor-warn" data-testid="table-forks">
          {words.forks(row.log.forks)}
        </p>
      )}
      {row.replaced !== null && (
        <p className="floor-muted" data-testid="table-replaced">
          {words.replaced(dayAndTime(lang, row.replaced.at))}
        </p>
      )}
      {oldPc !== null && (
        <p className="floor-warn" data-testid="table-old-pc">
          {words.oldPc(oldPc.times, dayAndTime(lang, oldPc.seenAt))}
        </p>
      )}
    </li>
  );
}
