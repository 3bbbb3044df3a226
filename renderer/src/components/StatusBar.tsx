import type { DeviceStatus, Stakes } from '../../../src/controller/view-model';
import type { ConnectionState } from '../core/core';
import { LANGS, type Lang, useLanguage } from '../i18n';

type Props = {
  readonly devices: readonly DeviceStatus[];
  readonly connection: ConnectionState;
  readonly handNumber: number | null;
  readonly stakes: Stakes | null;
  /** Who holds the floor's session open (their name), or null while it is locked. */
  readonly floorHeldBy: string | null;
  readonly dealer: { readonly number: string; readonly name: string } | null;
  readonly onDealer: () => void;
  readonly onLang: (lang: Lang) => void;
  readonly onFloor: () => void;
  readonly onHands: () => void;
};

/** The top line: the game, the hand, the dealer on duty (a tap to change), the devices and the line to the core; language, hands and floor. */
export function StatusBar({ devices, connection, handNumber, stakes, floorHeldBy, dealer, onDealer, onLang, onFloor, onHands }: Props) {
  const { lang, t, words } = useLanguage();
  return (
    <header className="status-bar">
      {stakes !== null && (
        <span className="stakes" data-testid="stakes">
          <span className="stakes-game">{words(stakes.words)}</span>
          {/* A tournament's level under the stakes, smaller: the bar keeps its height and its neighbours their room. */}
          {stakes.level !== null && (
            <span className="stakes-level" data-testid="level">
              {t.level(stakes.level.number)}
              {stakes.level.next !== null &&
                ` · ${'at' in stakes.level.next ? t.nextLevelAt(new Date(stakes.level.next.at).toLocaleTimeString(lang, { hour: '2-digit', minute: '2-digit' })) : t.nextLevelAtHand(stakes.level.next.hand)}`}
            </span>
          )}
        </span>
      )}
      {handNumber !== null && <span className="hand-no">{t.hand(handNumber)}</span>}
      <button type="button" className={`button button-small dealer${dealer === null ? ' dealer-none' : ''}`} data-testid="dealer" onClick={onDealer}>
        {dealer === null ? t.noDealer : t.dealerOnDuty(dealer.name, dealer.number)}
      </button>
      <ul className="devices">
        {devices.map((device) => (
          <li key={device.id} className={`device device-${device.state}`} data-testid={`device-${device.id}`}>
            <span className="device-dot" aria-hidden="true" />
            {t.deviceKind[device.kind]}
            {/* A working device is a word and a tick; a problem is spelled out. */}
            {device.state === 'connected' ? <span className="device-ok"> ✓</span> : `: ${t.deviceState[device.state]}`}
            {device.detail !== null && <span className="device-detail"> — {words(device.detail)}</span>}
          </li>
        ))}
      </ul>
      <span className={`connection connection-${connection}`} data-testid="connection">
        {t.connection[connection]}
      </span>
      <span className="status-buttons">
        <button type="button" className="button button-small" data-testid="hands-open" onClick={onHands}>
          {t.hands}
        </button>
        {/* While the floor's session is open it names who holds it: a correction signed in their name is theirs. */}
        <button type="button" className={`button button-small${floorHeldBy !== null ? ' button-on' : ''}`} data-testid="floor-open" onClick={onFloor}>
          {floorHeldBy === null ? t.floor : t.floorHeld(floorHeldBy)}
        </button>
        <span className="lang-switch" role="group" aria-label={t.language}>
          {LANGS.map((code) => (
            <button type="button" key={code} className={`button button-small${code === lang ? ' button-on' : ''}`} aria-pressed={code === lang} data-testid={`lang-${code}`} onClick={() => onLang(code)}>
              {code.toUpperCase()}
            </button>
          ))}
        </span>
      </span>
    </header>
  );
}
