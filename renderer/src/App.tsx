import { useEffect, useMemo, useRef, useState } from 'react';
import type { WireCommand } from '../../src/api/requests';
import type { Decision } from '../../src/controller/view-model';
import { StatusBar } from './components/StatusBar';
import { useFloor } from './core/useFloor';
import { useTable } from './core/useTable';
import { LanguageContext, language, useLanguage } from './i18n';
import { HandsScreen } from './screens/HandsScreen';
import { type Overlay, TableScreen } from './screens/TableScreen';
import { useLangSetting } from './useLangSetting';

/** The croupier's screen; the core comes from a CoreContext provider (main.tsx, or a test's fake). */
export function App() {
  const [lang, setLang] = useLangSetting();
  const value = useMemo(() => language(lang), [lang]);
  // Screen readers and hyphenation follow the page's language.
  useEffect(() => {
    document.documentElement.lang = lang;
  }, [lang]);
  return (
    <LanguageContext.Provider value={value}>
      <Screens onLang={setLang} />
    </LanguageContext.Provider>
  );
}

function Screens({ onLang }: { readonly onLang: (lang: 'en' | 'de') => void }) {
  const { t } = useLanguage();
  const session = useTable();
  const floor = useFloor();
  const [screen, setScreen] = useState<'table' | 'hands'>('table');
  const [overlay, setOverlay] = useState<Overlay>(null);
  const { view, connection } = session;
  // The floor's session ends with the floor's work (D60): when its dialogs (the functions, the reports, a
  // manager's players) close, whatever closed them.
  const floorWork = overlay?.kind === 'floor' || overlay?.kind === 'reports' || overlay?.kind === 'players';
  const wasFloorWork = useRef(false);
  useEffect(() => {
    if (wasFloorWork.current && !floorWork && floor.status?.unlocked === true) void floor.lock();
    wasFloorWork.current = floorWork;
  }, [floorWork, floor]);

  const openFloor = (needed: boolean) => {
    // The floor's dialog belongs to the table screen: go there, from the hand list too.
    setScreen('table');
    setOverlay({ kind: 'floor', needed });
    void floor.refresh();
  };

  /** Sends a command (a player's action with its decision); true when the table took it, so a dialog may close. */
  const onCommand = async (command: WireCommand, decision?: Decision): Promise<boolean> => {
    const reply = await session.submit(command, decision);
    // A floor command on a locked session: ask for the PIN at once (the notice says why).
    if (!reply.ok && reply.error.code === 'floor-locked') openFloor(true);
    // A floor decision taken ends the floor's session at the core: the status bar follows.
    if (reply.ok && floor.status?.unlocked === true) void floor.refresh();
    return reply.ok;
  };

  return (
    // The log row the screen shows: a test waits for it to know the screen has caught up with the table.
    <div className="app" data-log-row={view?.logRow}>
      <StatusBar
        devices={view?.devices ?? []}
        connection={connection}
        handNumber={view?.handNumber ?? null}
        stakes={view?.stakes ?? null}
        floorHeldBy={floor.status?.unlocked === true ? (floor.status.name ?? '') : null}
        dealer={view?.dealer ?? null}
        onDealer={() => {
          setScreen('table');
          setOverlay({ kind: 'dealer' });
        }}
        onLang={onLang}
        onFloor={() => openFloor(false)}
        onHands={() => {
          setOverlay(null);
          setScreen('hands');
        }}
      />
      {(connection === 'lost' || connection === 'no-key') && (
        <div className="banner" role="alert" data-testid="connection-banner">
          {connection === 'lost' ? t.connectionLost : t.noKey}
        </div>
      )}
      {/* An update or a restart waits for the hand in play: the croupier plays it out, the controls stay free. */}
      {view?.stopping === true && (
        <p className="stopping" role="status" data-testid="stopping">
          {view.handInPlay ? t.stoppingAfterHand : t.stopped}
        </p>
      )}
      {screen === 'hands' ? (
        <HandsScreen onClose={() => setScreen('table')} floor={floor} />
      ) : view === null ? (
        <main className="table-screen">
          <p className="prompt">{t.loading}</p>
        </main>
      ) : (
        <TableScreen view={view} session={session} floor={floor} overlay={overlay} setOverlay={setOverlay} onCommand={onCommand} />
      )}
    </div>
  );
}
