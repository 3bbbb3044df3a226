/**
 * How a report names a player (D102): the log keeps a reference, `player:ID:DIGEST`, and the table's side
 * table the name (src/store/players.ts); a report is made with the names resolved, an erased player in the
 * report's words for one.
 */

/** What the reports and screens print for an erased player. */
export const ERASED_PLAYER = { en: 'erased player', de: 'gelöschter Spieler' } as const;

/** What the reports and screens print for a player whose name this database never had (the floor's copy: D99, D104). */
export const NUMBERED_PLAYER = { en: (player: number): string => `player ${player}`, de: (player: number): string => `Spieler ${player}` } as const;

/**
 * A name as the log keeps it, read: the player's name, or that it was erased. `player`: the reference's number,
 * null for a name an earlier Felt wrote into the log. `numbered`: no name is known here, only the number.
 */
export type PlayerName = { readonly name: string; readonly erased: boolean; readonly player: number | null; readonly numbered?: true };

/**
 * A player as a report carries them: `name` in English words when there is no name to print (erased, or known
 * by number only), with the flag that lets a screen or a PDF print those words in its own language.
 */
export type ReportedPlayer = { readonly name: string; /** The name was erased (D102). */ readonly erased?: true; /** Known by this number only (D104). */ readonly numbered?: number };

/** The name to print for a reported player, in the language's words for an erased or numbered one. */
export function printedName(player: ReportedPlayer, lang: keyof typeof ERASED_PLAYER): string {
  if (player.erased === true) return ERASED_PLAYER[lang];
  return player.numbered === undefined ? player.name : NUMBERED_PLAYER[lang](player.numbered);
}

/** Resolves a name as the log keeps it (a reference, or an earlier Felt's name) to the name to print. */
export type PlayerNames = (stored: string) => PlayerName;

const REFERENCE = /^player:([1-9]\d{0,15}):([0-9a-f]{64})$/;

/** The reference's number and digest, or null for a text that is none (a name an earlier Felt wrote). */
export function parseReference(text: string): { readonly player: number; readonly digest: string } | null {
  const match = REFERENCE.exec(text);
  return match === null ? null : { player: Number(match[1]), digest: match[2] as string };
}

/**
 * An erased player as the table holds them in memory (replayed, reopened): "erased player 7", the number
 * between the isolate marks U+2068 and U+2069 — which a name typed at the table cannot hold (the table
 * refuses them, `hasControlCharacter`), so no guest's name is ever taken for an erased player's. Reports
 * print it in their language.
 */
export function erasedToken(player: number): string {
  return `${ERASED_PLAYER.en} \u2068${player}\u2069`;
}

/** An erased player's token's number, or null. */
export function parseErasedToken(text: string): number | null {
  const match = /^erased player \u2068([1-9]\d{0,15})\u2069$/u.exec(text);
  return match === null ? null : Number(match[1]);
}

/**
 * A player whose name this table never had — named in rows restored from the floor's copy, which keeps no
 * names (D99) — as the table holds them in memory: "player 7" between the isolate marks, as `erasedToken`.
 */
export function unnamedToken(player: number): string {
  return `player \u2068${player}\u2069`;
}

/** An unnamed player's token's number, or null. */
function parseUnnamedToken(text: string): number | null {
  const match = /^player \u2068([1-9]\d{0,15})\u2069$/u.exec(text);
  return match === null ? null : Number(match[1]);
}

/**
 * A name as the table holds it (a seat's, a departure's), for a screen to print: an erased player's or an
 * unnamed player's token (the isolate marks around the number) as the flag and number, any other as the name.
 */
export function heldPlayer(name: string): ReportedPlayer {
  const erased = parseErasedToken(name);
  if (erased !== null) return { name: ERASED_PLAYER.en, erased: true };
  const unnamed = parseUnnamedToken(name);
  return unnamed === null ? { name } : { name: NUMBERED_PLAYER.en(unnamed), numbered: unnamed };
}

/** Without the side table (the floor's copy, a reader of another table): a reference is printed as its number. */
export const NUMBERED: PlayerNames = (stored) => {
  const erased = parseErasedToken(stored);
  if (erased !== null) return { name: ERASED_PLAYER.en, erased: true, player: erased };
  const unnamed = parseUnnamedToken(stored);
  if (unnamed !== null) return { name: NUMBERED_PLAYER.en(unnamed), erased: false, player: unnamed, numbered: true };
  const reference = parseReference(stored);
  return reference === null ? { name: stored, erased: false, player: null } : { name: NUMBERED_PLAYER.en(reference.player), erased: false, player: reference.player, numbered: true };
};

