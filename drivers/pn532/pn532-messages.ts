import { hexOf } from './pn532-frame.js';
import { type TagUid, tagUidFromBytes } from '../rfid/tag-uid.js';

/** BrTy of InListPassiveTarget: 106 kbps ISO/IEC 14443 type A, the card inlays' interface (UM0701 §7.3.5). */
export const BAUD_106_TYPE_A = 0x00;
/** A PN532 lists at most two targets at once (MaxTg, UM0701 §7.3.5). */
export const MAX_TARGETS = 2;
/** SEL_RES (SAK) bit 5: the target speaks ISO/IEC 14443-4, and its answer carries an ATS. */
const SAK_ISO14443_4 = 0x20;

/** A type A target as InListPassiveTarget lists it: its number, SENS_RES (ATQA), SEL_RES (SAK) and UID (NFCID1). */
export type ListedTarget = { readonly tg: number; readonly sensRes: number; readonly selRes: number; readonly uid: TagUid; readonly ats?: Uint8Array };

/**
 * The targets in InListPassiveTarget's answer at 106 kbps type A (UM0701 §7.3.5), from its data after the
 * response code 4B: NbTg, then for each target Tg, SENS_RES (2 bytes), SEL_RES, NFCIDLength, NFCID1 and,
 * for an ISO/IEC 14443-4 target, ATS (its first byte its length, itself included). A string names what
 * was wrong with bytes that do not fit.
 */
export function decodeListedTargets(answer: Uint8Array): ListedTarget[] | string {
  const count = answer[0];
  if (count === undefined) return 'InListPassiveTarget answered with no NbTg';
  if (count > MAX_TARGETS) return `InListPassiveTarget answered NbTg ${count}: a PN532 lists at most ${MAX_TARGETS}`;
  const targets: ListedTarget[] = [];
  let at = 1;
  for (let index = 0; index < count; index++) {
    if (at + 5 > answer.length) return `target ${index + 1} of ${count} cut short: ${hexOf(answer)}`;
    const tg = answer[at] ?? 0;
    const sensRes = ((answer[at + 1] ?? 0) << 8) | (answer[at + 2] ?? 0);
    const selRes = answer[at + 3] ?? 0;
    const uidLength = answer[at + 4] ?? 0;
    if (uidLength !== 4 && uidLength !== 7 && uidLength !== 10) return `target ${index + 1}: a UID of ${uidLength} bytes (ISO/IEC 14443A UIDs are 4, 7 or 10)`;
    at += 5;
    if (at + uidLength > answer.length) return `target ${index + 1}: its UID is cut short: ${hexOf(answer)}`;
    const uid = tagUidFromBytes(answer, at, uidLength);
    at += uidLength;
    let ats: Uint8Array | undefined;
    if ((selRes & SAK_ISO14443_4) !== 0) {
      const atsLength = answer[at] ?? 0;
      if (atsLength < 1 || at + atsLength > answer.length) return `target ${index + 1}: its ATS is cut short: ${hexOf(answer)}`;
      ats = answer.slice(at, at + atsLength);
      at += atsLength;
    }
    targets.push({ tg, sensRes, selRes, uid, ...(ats === undefined ? {} : { ats }) });
  }
  if (at !== answer.length) return `${answer.length - at} byte(s) after the last target: ${hexOf(answer)}`;
  return targets;
}

/** InListPassiveTarget's answer data (after 4B) for these targets: what a PN532 sends (the simulator's). */
export function encodeListedTargets(targets: readonly ListedTarget[]): number[] {
  const bytes = [targets.length];
  for (const target of targets) {
    const uid = target.uid.match(/../g)?.map((pair) => parseInt(pair, 16)) ?? [];
    bytes.push(target.tg, target.sensRes >> 8, target.sensRes & 0xff, target.selRes, uid.length, ...uid);
    if (target.ats !== undefined) bytes.push(...target.ats);
  }
  return bytes;
}

/**
 * The SENS_RES (ATQA) and SEL_RES (SAK) a card inlay of this UID length answers with: NTAG 21x (7 bytes)
 * 00 44 / 00, MIFARE Classic 1K (4 bytes) 00 04 / 08, a triple-size UID 00 84 / 00 (bits 7–6 of the
 * ATQA give the UID size: ISO/IEC 14443-3 §6.5.2.1).
 */
export function typicalAnswer(uid: TagUid): { sensRes: number; selRes: number } {
  if (uid.length === 8) return { sensRes: 0x0004, selRes: 0x08 };
  if (uid.length === 20) return { sensRes: 0x0084, selRes: 0x00 };
  return { sensRes: 0x0044, selRes: 0x00 };
}
