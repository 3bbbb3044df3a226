import type { Words } from '../evaluator/words.js';
import type { TablePlayer, TableController } from '../controller/table-controller.js';
import { ErasureRefused } from '../store/erasure.js';
import type { PlayerList } from './requests.js';

/**
 * A manager's erasure of a player's name from the table's screen, while the table runs (D114): the
 * store's erasure (D102) through the running table, which reads itself again after it. A refusal carries
 * the store's English words as they are (the CLI's too) and German ones made here — the one place the
 * screen's German for an erasure is kept.
 */
export function playerList(controller: TableController): PlayerList {
  return { players: controller.players(), erasable: controller.erasable };
}

type Erased = { ok: true; result: PlayerList } | { ok: false; code: string; words: Words };

/** Erases player `player`'s name, signed `by` at `at`; the list as it is after, or the refusal in words. */
export function erasePlayerName(controller: TableController, player: number, by: string, at: number): Erased {
  // Read before: what the German words say is what the store's refusal said, in the order it checks.
  const erasable = controller.erasable;
  const before = controller.players().find((listed) => listed.player === player);
  try {
    controller.erasePlayer(player, by, at);
  } catch (error) {
    if (!(error instanceof ErasureRefused)) throw error;
    return { ok: false, code: 'erasure-refused', words: { en: error.message, de: germanRefusal(erasable, player, before, error.message) } };
  }
  return { ok: true, result: playerList(controller) };
}

/**
 * The German for the refusal of an erasure (src/store/erasure.ts; the running table's own for an older table,
 * whose names move out of its rows only with felt players migrate, the table stopped: D113), from what the
 * list said before it.
 */
function germanRefusal(erasable: boolean, player: number, before: TablePlayer | undefined, english: string): string {
  if (!erasable) {
    return 'die älteren Zeilen dieses Tisches enthalten noch die Namen der Spieler (D103): ein Manager verschiebt sie mit felt players migrate, bei angehaltenem Tisch und mit jeder Zeile am Floor (D113); danach werden Namen hier gelöscht';
  }
  if (before === undefined) return `Dieser Tisch hat keinen Spieler ${player} (felt players list zeigt seine Spieler)`;
  if (before.erased !== null) return `Der Name von Spieler ${player} wurde schon gelöscht (in Zeile ${before.erased.row}, ${new Date(before.erased.at).toISOString()}, von ${before.erased.by})`;
  if (before.seat !== null) return `Spieler ${player} sitzt jetzt auf Platz ${before.seat}: sein Name steht auf dem Bildschirm des Croupiers und in der Hand — erst löschen, wenn er den Tisch verlassen hat`;
  // A refusal the store added since: its words, said to be a refusal.
  return `Löschen abgelehnt: ${english}`;
}
