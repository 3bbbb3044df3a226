// @vitest-environment happy-dom
import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { FloorStatus, HandReplay, HandSummary } from '../../src/api/requests';
import type { ViewModel } from '../../src/controller/view-model';
import { App } from '../../renderer/src/App';
import { card, dealView, flopView, startView } from './fixtures';
import { FakeCore, cleanup, render, settle, withCore } from './support';

beforeEach(() => window.localStorage.clear());
afterEach(cleanup);

async function app(core: FakeCore) {
  const rendered = await render(withCore(core, <App />));
  await settle();
  return rendered;
}

describe('the screen and the core', () => {
  it("words a player the table knows by number only (restored from the floor's copy: D104) in the screen's language", async () => {
    const view = flopView();
    const core = new FakeCore({ ...view, seats: view.seats.map((seat) => (seat.seat === 4 ? { ...seat, name: 'player \u20687\u2069' } : seat)) });
    const { text, click } = await app(core);
    expect(text('seat-4')).toContain('player 7');
    expect(text('seat-4')).not.toContain('\u2068');
    await click('lang-de');
    expect(text('seat-4')).toContain('Spieler 7');
    expect(text('seat-4')).not.toContain('player');
    expect(text('seat-6')).toContain(view.seats.find((seat) => seat.seat === 6)?.name ?? '?');
  });

  it('asks for the view and what the core is, and shows the prompt, stakes, hand and devices', async () => {
    const core = new FakeCore(flopView());
    const { text } = await app(core);
    expect(core.requests.map((request) => request.name)).toEqual(expect.arrayContaining(['table-view', 'app-info']));
    expect(text('prompt')).toBe('Action on seat 4');
    expect(text('connection')).toBe('Connected');
    expect(text('device-shoe-1')).toBe('Shoe ✓');
    expect(text('device-rfid-1')).toContain('fault');
    expect(text('device-rfid-1')).toContain('antenna 3 silent');
    expect(text('action-call')).toBe('Call 20');
  });

  it('says under the status bar that the table stops after the hand in play, and after it that no hand starts', async () => {
    const core = new FakeCore(flopView());
    const { text, query } = await app(core);
    expect(query('stopping')).toBeNull();
    await core.push({ ...flopView(), stopping: true });
    expect(text('stopping')).toBe('The table stops after this hand (an update or a restart): play the hand to its end; no new hand starts.');
    // The hand is played on meanwhile: its controls are not covered or taken away.
    expect(text('action-call')).toBe('Call 20');
    await core.push({ ...startView(), stopping: true });
    expect(text('stopping')).toBe('The table is stopping (an update or a restart): no new hand starts until it is back.');
  });

  it('takes pushed views', async () => {
    const core = new FakeCore(flopView());
    const { text } = await app(core);
    await core.push(dealView());
    expect(text('prompt')).toBe('Deal the burn card');
  });

  it('sends each command under a fresh id', async () => {
    const core = new FakeCore(flopView());
    const { click } = await app(core);
    await click('action-call');
    await click('action-fold');
    const ids = core.sent('table-submit').map((args) => args.commandId);
    expect(ids).toHaveLength(2);
    expect(ids[0]).not.toBe(ids[1]);
    expect(ids.every((id) => /^[0-9a-f]{32}$/.test(id))).toBe(true);
    // Each names the seat it is for: a late tap can never act for the next player (the core refuses it).
    expect(core.commands()).toEqual([{ type: 'call', seat: 4 }, { type: 'fold', seat: 4 }]);
  });
});

describe('one command at a time', () => {
  it('locks the controls while a command is on its way: a double tap sends one command', async () => {
    const core = new FakeCore(flopView());
    let answer: (reply: unknown) => void = () => undefined;
    core.on('table-submit', () => new Promise((resolve) => (answer = resolve)) as never);
    const { click, get } = await app(core);
    await click('action-call');
    expect(get('action-fold').closest('fieldset')?.disabled).toBe(true);
    // A tap that still gets through (faster than the screen redraws) is dropped, not sent.
    get('action-fold').removeAttribute('disabled');
    await click('action-fold');
    expect(core.commands()).toEqual([{ type: 'call', seat: 4 }]);
    answer({ ok: true, result: flopView() });
    await settle();
    expect(get('action-fold').closest('fieldset')?.disabled).toBe(false);
    await click('action-fold');
    expect(core.commands()).toEqual([{ type: 'call', seat: 4 }, { type: 'fold', seat: 4 }]);
  });
});

describe('refusals and errors are shown, never swallowed', () => {
  it('a refusal of this screen’s command shows in red here only, stays while other screens’ views arrive, and the next action dismisses it', async () => {
    const refusal = { en: 'Seat 4 cannot check: 20 to call', de: 'Platz 4 kann nicht checken: 20 zu zahlen' };
    const core = new FakeCore(flopView());
    core.on('table-submit', () => ({ ok: false, error: { code: 'cannot-check', words: refusal } }));
    const { click, text, query } = await app(core);
    expect(query('last-error')).toBeNull();
    await click('action-call');
    await settle();
    expect(text('last-error')).toContain('Seat 4 cannot check: 20 to call');
    // Another screen's command taken: the view every screen gets carries no error, and this one's stays.
    await core.push(flopView({ logRow: 2 }));
    expect(text('last-error')).toContain('Seat 4 cannot check: 20 to call');
    core.on('table-submit', () => ({ ok: true, result: flopView() }));
    await click('action-fold');
    await settle();
    expect(query('last-error')).toBeNull();
  });

  it('sends a player’s action with the decision the screen showed, and nothing else with one', async () => {
    const core = new FakeCore(flopView());
    const { click } = await app(core);
    await click('action-fold');
    await settle();
    expect(core.sent('table-submit').map(({ command, decision }) => ({ command, decision }))).toEqual([{ command: { type: 'fold', seat: 4 }, decision: { hand: 7, actions: 5, seat: 4, step: 40 } }]);
  });

  it('a device’s refusal (the view’s lastError) shows on every screen, until the next command is taken', async () => {
    const refusal = { en: 'That card is not the one expected', de: 'Diese Karte ist nicht die erwartete' };
    const core = new FakeCore(dealView());
    const { text, query } = await app(core);
    await core.push(dealView({ lastError: refusal }));
    expect(text('last-error')).toContain('That card is not the one expected');
    await core.push(dealView({ lastError: null, logRow: 3 }));
    expect(query('last-error')).toBeNull();
  });

  it('a refusal can be dismissed by hand and does not come back with the same view pushed again', async () => {
    const refusal = { en: 'That card is already in play', de: 'Diese Karte ist schon im Spiel' };
    const core = new FakeCore(dealView());
    const { click, text, query } = await app(core);
    await core.push(dealView({ lastError: refusal }));
    expect(text('last-error')).toContain('That card is already in play');
    await click('last-error-dismiss');
    expect(query('last-error')).toBeNull();
    await core.push(dealView({ lastError: refusal }));
    expect(query('last-error')).toBeNull();
  });

  it('a protocol error shows its words', async () => {
    const core = new FakeCore(flopView());
    core.on('table-submit', () => ({ ok: false, error: { code: 'storage', words: { en: 'The table’s log cannot be written', de: 'Das Protokoll kann nicht geschrieben werden' } } }));
    const { click, text, query } = await app(core);
    await click('action-fold');
    await settle();
    expect(text('last-error')).toContain('The table’s log cannot be written');
    core.on('table-submit', () => ({ ok: true, result: flopView() }));
    await click('action-call');
    await settle();
    expect(query('last-error')).toBeNull();
  });

  it('floor-locked opens the floor PIN pad', async () => {
    const core = new FakeCore(flopView());
    core.on('table-submit', () => ({ ok: false, error: { code: 'floor-locked', words: { en: 'The floor must unlock first', de: 'Erst muss der Floor entsperren' } } }));
    const { click, query } = await app(core);
    await click('action-fold');
    await settle();
    expect(query('floor-dialog')).not.toBeNull();
    expect(query('floor-pin')).not.toBeNull();
    // The panel behind the dialog is not drawn: one keypad only.
    expect(query('action-fold')).toBeNull();
  });
});

describe('language', () => {
  it('switches every label and the core’s words, and remembers the choice', async () => {
    const core = new FakeCore(flopView());
    const { click, text } = await app(core);
    expect(text('action-fold')).toBe('Fold');
    await click('lang-de');
    expect(text('action-fold')).toBe('Passen');
    expect(text('action-call')).toBe('Mitgehen 20');
    expect(text('action-raise')).toBe('Erhöhen auf 40');
    expect(text('prompt')).toBe('Platz 4 ist am Zug');
    expect(text('pot-main')).toContain('Hauptpot');
    expect(text('connection')).toBe('Verbunden');
    expect(window.localStorage.getItem('felt.lang')).toBe('de');
    await cleanup();
    const again = await app(new FakeCore(flopView()));
    expect(again.text('action-fold')).toBe('Passen');
    await again.click('lang-en');
    expect(again.text('action-fold')).toBe('Fold');
  });
});

describe('card entry', () => {
  it('deals the picked card, or an unread one', async () => {
    const core = new FakeCore(dealView());
    const { click, text } = await app(core);
    expect(text('deal-target')).toContain('Burn card');
    await click('card-Ah');
    await click('deal-unread');
    // Each names where it goes: a double tap cannot put a card in the next place.
    expect(core.commands()).toEqual([
      { type: 'deal', card: card('Ah'), to: 'burn' },
      { type: 'deal', card: null, to: 'burn' },
    ]);
  });

  it('never marks the board cards in the picker', async () => {
    const core = new FakeCore(dealView());
    const { get } = await app(core);
    const buttons = Array.from(get('card-picker').querySelectorAll('button'));
    const board = buttons.filter((button) => ['card-Ah', 'card-Kd', 'card-7c'].includes(button.getAttribute('data-testid') ?? ''));
    const others = buttons.filter((button) => !board.includes(button));
    expect(board).toHaveLength(3);
    const ace = board[0];
    const redOther = others.find((button) => button.classList.contains('red'));
    expect(ace?.className).toBe(redOther?.className);
    expect(buttons.every((button) => !button.disabled)).toBe(true);
  });

  it('hides the simulated shoe on real hardware', async () => {
    const { query } = await app(new FakeCore(dealView()));
    expect(query('sim-deal')).toBeNull();
    expect(query('sim-deal-step')).toBeNull();
  });

  it('with simulated hardware, deals one card or to the end of the step', async () => {
    const core = new FakeCore(dealView());
    core.appInfo = { hardware: 'sim', version: 'test', build: 'test' };
    // The flop: burn and three board cards, then the betting.
    const steps: ViewModel[] = [dealView({ prompt: { kind: 'deal', target: 'board', words: { en: 'Deal the flop', de: 'Flop' } } }), dealView(), dealView(), flopView()];
    core.on('sim-deal', () => ({ ok: true, result: steps.shift() ?? flopView() }));
    const { click, query } = await app(core);
    await click('sim-deal');
    await settle();
    expect(core.sent('sim-deal')).toHaveLength(1);
    await click('sim-deal-step');
    await settle();
    expect(core.sent('sim-deal')).toHaveLength(4);
    expect(query('action-fold')).not.toBeNull();
  });

  it('at the showdown: a hand read is shown as read, or mucked; no card is asked for', async () => {
    const core = new FakeCore(flopView({ actor: null, prompt: { kind: 'show', seat: 6, unread: 0, muck: true, words: { en: 'Seat 6 shows or mucks', de: 'Platz 6 zeigt oder wirft ab' } } }));
    const { click, query } = await app(core);
    expect(query('show-confirm')).toBeNull();
    await click('show');
    await click('muck');
    expect(core.commands()).toEqual([{ type: 'show', seat: 6 }, { type: 'muck', seat: 6 }]);
  });

  it('at the showdown: no muck is offered where the rules do not allow one (first to show, or someone all-in)', async () => {
    const core = new FakeCore(flopView({ actor: null, prompt: { kind: 'show', seat: 6, unread: 0, muck: false, words: { en: 'Seat 6 shows', de: 'Platz 6 zeigt' } } }));
    const { click, query } = await app(core);
    expect(query('muck')).toBeNull();
    await click('show');
    expect(core.commands()).toEqual([{ type: 'show', seat: 6 }]);
  });

  it('at the showdown: the cards dealt unread are picked, and only those', async () => {
    const twoUnread = new FakeCore(flopView({ actor: null, prompt: { kind: 'show', seat: 6, unread: 2, muck: true, words: { en: 'Seat 6 shows or mucks', de: 'Platz 6 zeigt oder wirft ab' } } }));
    const two = await app(twoUnread);
    expect(two.query('show')).toBeNull();
    expect(two.get('show-confirm').hasAttribute('disabled')).toBe(true);
    await two.click('card-Qs');
    expect(two.get('show-confirm').hasAttribute('disabled')).toBe(true);
    await two.click('card-Th');
    expect(two.get('show-chosen').textContent).toBe('Q♠10♥');
    await two.click('show-confirm');
    expect(twoUnread.commands()).toEqual([{ type: 'show', seat: 6, cards: [card('Qs'), card('Th')] }]);
    await two.unmount();
    const oneUnread = new FakeCore(flopView({ actor: null, prompt: { kind: 'show', seat: 6, unread: 1, muck: true, words: { en: 'Seat 6 shows or mucks', de: 'Platz 6 zeigt oder wirft ab' } } }));
    const one = await app(oneUnread);
    expect(one.container.textContent).toContain('One card was read: pick the other');
    await one.click('card-Qs');
    await one.click('show-confirm');
    expect(oneUnread.commands()).toEqual([{ type: 'show', seat: 6, cards: [card('Qs')] }]);
  });
});

describe('between hands', () => {
  it('starts the next hand with one button', async () => {
    const core = new FakeCore(startView());
    const { click, text } = await app(core);
    expect(text('prompt')).toContain('Post blinds');
    await click('start-hand');
    expect(core.commands()).toEqual([{ type: 'start-hand' }]);
  });

  it('draws for the button: a card for each listed seat', async () => {
    const core = new FakeCore(startView({ button: null, blinds: null, prompt: { kind: 'draw-for-button', seats: [1, 4], words: { en: 'Draw for the button: seat 1, 4', de: 'Button auslosen: Platz 1, 4' } } }));
    const { click } = await app(core);
    await click('card-Ks');
    await click('draw-seat-4');
    await click('card-9d');
    expect(core.commands()).toEqual([
      { type: 'draw', seat: 1, card: card('Ks') },
      { type: 'draw', seat: 4, card: card('9d') },
    ]);
  });
});

describe('seats', () => {
  it('seats a player at an empty seat with a name and a buy-in within the range', async () => {
    const core = new FakeCore(startView());
    const { click, fill, get, query, text } = await app(core);
    await click('seat-2');
    expect(query('seat-dialog')).not.toBeNull();
    await fill('seat-name', 'Ada');
    await fill('seat-buyin', '150');
    expect(get('seat-confirm').hasAttribute('disabled')).toBe(true); // below the minimum of 200
    expect(text('seat-buyin-outside')).toBe('Below the table’s minimum of 200');
    // Above the maximum the table decides (a player back within the hour brings what they left with): said, not blocked.
    await fill('seat-buyin', '1200');
    expect(text('seat-buyin-outside')).toBe('Above the table’s maximum of 1,000: only for a player coming back with what they left with');
    expect(get('seat-confirm').hasAttribute('disabled')).toBe(false);
    await click('keypad-clear');
    await click('keypad-5');
    await click('keypad-0');
    await click('keypad-0');
    await click('seat-confirm');
    expect(core.commands()).toEqual([{ type: 'sit', seat: 2, name: 'Ada', buyIn: 500 }]);
    expect(query('seat-dialog')).toBeNull();
  });

  it('the seat menu sends top-up, sit-out and leave for the tapped seat; leaving is asked again with the chips taken', async () => {
    const core = new FakeCore(startView());
    const { click, fill, query, text } = await app(core);
    await click('seat-4');
    expect(query('seat-menu-come-back')).toBeNull();
    await click('seat-menu-sit-out');
    await click('seat-6');
    await click('seat-menu-top-up');
    await fill('seat-topup-amount', '250');
    await click('seat-topup-confirm');
    await click('seat-3');
    await click('seat-menu-leave');
    expect(core.commands()).toHaveLength(2);
    expect(text('leave-confirm')).toContain('Bo leaves the table and takes 580 in chips. The floor cannot undo this.');
    await click('leave-back');
    expect(query('leave-confirm')).toBeNull();
    await click('seat-menu-leave');
    await click('leave-confirm-yes');
    expect(core.commands()).toEqual([
      { type: 'sit-out', seat: 4 },
      { type: 'top-up', seat: 6, amount: 250 },
      { type: 'leave', seat: 3 },
    ]);
  });

  it('the top-up shows the amounts allowed: the stack after it within the buy-in limits (200–1000)', async () => {
    const view = startView();
    const core = new FakeCore({ ...view, seats: view.seats.map((seat) => (seat.seat === 1 ? { ...seat, stack: 0 } : seat)) });
    const { click, fill, get, text } = await app(core);
    await click('seat-6'); // 400 in front of Di
    await click('seat-menu-top-up');
    expect(text('seat-topup-range')).toBe('Top-up from 1 to 600 (stack 400)');
    await fill('seat-topup-amount', '1500');
    expect(get('seat-topup-confirm').hasAttribute('disabled')).toBe(true); // 400 + 1500 is over 1000
    await click('topup-max');
    expect(text('seat-topup-confirm')).toBe('Top up 600');
    await click('seat-topup-confirm');
    expect(core.commands()).toEqual([{ type: 'top-up', seat: 6, amount: 600 }]);
    await click('seat-1'); // broke: at least back to the minimum
    await click('seat-menu-top-up');
    expect(text('seat-topup-range')).toBe('Top-up from 200 to 1,000 (stack 0)');
    await fill('seat-topup-amount', '150');
    expect(get('seat-topup-confirm').hasAttribute('disabled')).toBe(true);
  });

  it('a player dealt into the hand is offered no top-up and no leaving until it is over, folded too', async () => {
    const core = new FakeCore(flopView());
    const { click, query, text } = await app(core);
    for (const seat of [4, 3]) {
      await click(`seat-${seat}`);
      expect(query('seat-menu-top-up')).toBeNull();
      expect(query('seat-menu-leave')).toBeNull();
      expect(query('seat-menu-sit-out')).not.toBeNull();
      expect(text('seat-menu-in-hand')).toBe('In the hand: a top-up or leaving waits until it is over');
      await click('modal-close');
    }
  });

  it('a player in the hand who asked to sit out is offered coming back, which is sent for the seat', async () => {
    const view = flopView();
    const core = new FakeCore({ ...view, seats: view.seats.map((seat) => (seat.seat === 4 ? { ...seat, sitsOutNext: true } : seat)) });
    const { click, query } = await app(core);
    await click('seat-4');
    expect(query('seat-menu-sit-out')).toBeNull();
    await click('seat-menu-come-back');
    expect(core.commands().at(-1)).toEqual({ type: 'come-back', seat: 4 });
  });

  it('a tournament offers no top-up and no sitting out; once under way, no leaving with chips either', async () => {
    const view = startView();
    const core = new FakeCore({ ...view, stakes: { ...view.stakes, mode: 'tournament' }, seatsOpen: false });
    const { click, query, text } = await app(core);
    await click('seat-6');
    expect(query('seat-menu-top-up')).toBeNull();
    expect(query('seat-menu-leave')).toBeNull();
    // Sitting out is a cash table's: the menu says what a tournament does with an absent player instead.
    expect(query('seat-menu-sit-out')).toBeNull();
    expect(text('seat-menu-tournament')).toMatch(/^Tournament: an absent player is dealt in and blinded off/);
  });

  it('a tournament’s status bar says the blind level and when the next one begins', async () => {
    const view = startView();
    const at = Date.UTC(2026, 10, 29, 18, 40);
    const byTime = new FakeCore({ ...view, stakes: { ...view.stakes, mode: 'tournament', level: { number: 2, next: { at } } } });
    const first = await app(byTime);
    expect(first.text('stakes')).toContain('No limit 5/10');
    expect(first.text('level')).toBe(`Level 2 · next level ${new Date(at).toLocaleTimeString('en', { hour: '2-digit', minute: '2-digit' })}`);
    await cleanup();
    const byHands = new FakeCore({ ...view, stakes: { ...view.stakes, mode: 'tournament', level: { number: 7, next: { hand: 71 } } } });
    expect((await app(byHands)).text('level')).toBe('Level 7 · next level at hand 71');
  });

  it('a tournament seats a player with its starting stack: shown, not asked for', async () => {
    const view = startView();
    const core = new FakeCore({ ...view, stakes: { ...view.stakes, mode: 'tournament' }, buyIn: { min: 5000, max: 5000 } });
    const { click, fill, query, text } = await app(core);
    await click('seat-2');
    expect(text('seat-buyin-fixed')).toBe('Every player starts with 5,000');
    expect(query('seat-buyin')).toBeNull();
    expect(query('buyin-min')).toBeNull();
    await fill('seat-name', 'Ada');
    await click('seat-confirm');
    expect(core.commands()).toEqual([{ type: 'sit', seat: 2, name: 'Ada', buyIn: 5000 }]);
  });

  it('once a tournament is under way, an empty seat is drawn but offers no seating', async () => {
    const view = startView();
    const core = new FakeCore({ ...view, stakes: { ...view.stakes, mode: 'tournament' }, seatsOpen: false });
    const { click, get, query, text } = await app(core);
    expect(get('seat-2').tagName).toBe('DIV');
    expect(text('seat-2')).toContain('Empty — closed for the tournament');
    await click('seat-2');
    expect(query('seat-dialog')).toBeNull();
  });

  it('a stack at or above the maximum (pots won): the top-up says so, with nothing to type or confirm', async () => {
    const view = startView();
    const stacks = new Map([
      [3, 1000],
      [6, 1100],
    ]);
    const core = new FakeCore({ ...view, seats: view.seats.map((seat) => ({ ...seat, stack: stacks.get(seat.seat) ?? seat.stack })) });
    const { click, query, text, container } = await app(core);
    for (const seat of stacks.keys()) {
      await click(`seat-${seat}`);
      await click('seat-menu-top-up');
      expect(text('seat-topup-range')).toBe('The stack is at or above the table’s maximum of 1,000: no top-up');
      expect(query('topup-max')).toBeNull();
      expect(query('seat-topup-amount')).toBeNull();
      expect(query('seat-topup-confirm')).toBeNull();
      expect(container.ownerDocument.querySelector('[data-testid^="keypad-"]')).toBeNull();
      await click('modal-close');
    }
    expect(core.commands()).toEqual([]);
  });

  it('offers come back to a seat sitting out and post to a waiting one', async () => {
    const view = startView();
    const seats = view.seats.map((seat) => (seat.seat === 3 ? { ...seat, status: 'sitting-out' as const, timeDue: 15 } : seat.seat === 6 ? { ...seat, status: 'waiting' as const, owes: { small: false, big: true } } : seat));
    const core = new FakeCore({ ...view, seats });
    const { click, text } = await app(core);
    expect(text('seat-6-status')).toBe('Waiting · Owes BB');
    expect(text('seat-3-status')).toBe('Sitting out · Owes time 15');
    await click('seat-3');
    await click('seat-menu-come-back');
    await click('seat-6');
    await click('seat-menu-post');
    expect(core.commands()).toEqual([
      { type: 'come-back', seat: 3 },
      { type: 'post', seat: 6 },
    ]);
  });
});

describe('the dealer on duty', () => {
  it('shows the dealer on the status bar; a new dealer signs in by badge, and a wrong PIN is named', async () => {
    const core = new FakeCore(flopView({ dealer: null }));
    core.on('dealer-sign-in', (credentials) => {
      if ('badge' in credentials && credentials.badge === 'BADGE0012') {
        core.view = flopView({ dealer: { number: '12', name: 'Dana' } });
        return { ok: true, result: core.view };
      }
      return { ok: false, error: { code: 'floor-pin-wrong', words: { en: 'Wrong staff number or PIN', de: 'Falsche Personalnummer oder PIN' } } };
    });
    const { click, fill, text, query, get } = await app(core);
    expect(text('dealer')).toBe('No dealer signed in');
    await click('dealer');
    await fill('dealer-staff', '12');
    await click('dealer-next');
    await fill('dealer-pin', '999999');
    await click('dealer-unlock');
    await settle();
    expect(text('dialog-error')).toContain('Wrong staff number or PIN');
    await fill('dealer-badge', 'BADGE-0012');
    await act(async () => {
      get('dealer-badge').dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true }));
    });
    await settle();
    expect(core.sent('dealer-sign-in')).toEqual([{ staff: '12', pin: '999999' }, { badge: 'BADGE0012' }]);
    expect(query('dealer-dialog')).toBeNull();
    expect(text('dealer')).toBe('Dealer: Dana #12');
  });
});

describe('the floor', () => {
  it('unlocks with a staff number and PIN (a leading 0 kept), then undoes the last step with a reason', async () => {
    const core = new FakeCore(flopView());
    core.on('floor-unlock', (credentials) =>
      'pin' in credentials && credentials.staff === '20' && credentials.pin === '024680'
        ? { ok: true, result: { unlocked: true, who: { en: 'Sam, floor supervisor #20', de: 'Sam, Floor-Supervisor #20' }, name: 'Sam', role: 'supervisor', until: null } }
        : { ok: false, error: { code: 'floor-pin-wrong', words: { en: 'Wrong staff number or PIN', de: 'Falsche Personalnummer oder PIN' } } },
    );
    const { click, fill, text, query, get } = await app(core);
    await click('floor-open');
    await settle();
    await fill('floor-staff', '20');
    await click('floor-next');
    // A letter typed on a keyboard: said as such (not as chips), and nothing is sent.
    await fill('floor-pin', '11a1');
    expect(text('floor-pin-invalid')).toBe('Digits only');
    expect(get('floor-unlock').hasAttribute('disabled')).toBe(true);
    await fill('floor-pin', '1111');
    await click('floor-unlock');
    await settle();
    expect(text('floor-problem')).toBe('Wrong staff number or PIN');
    // After a refusal the pad starts again at the staff number.
    await click('keypad-2');
    await click('keypad-0');
    await click('floor-next');
    for (const digit of '024680') await click(`keypad-${digit}`);
    await click('floor-unlock');
    await settle();
    expect(core.sent('floor-unlock')).toEqual([{ staff: '20', pin: '1111' }, { staff: '20', pin: '024680' }]);
    expect(text('floor-who')).toContain('Sam, floor supervisor #20');
    expect(query('floor-pin')).toBeNull();
    expect(text('floor-undo')).toContain('Seat 6 bets 20');
    await click('floor-undo');
    expect(query('floor-confirm')?.hasAttribute('disabled')).toBe(true);
    await fill('floor-reason', 'Wrong button');
    await click('floor-confirm');
    expect(core.commands()).toEqual([{ type: 'undo', reason: 'Wrong button' }]);
  });

  it('offers a misdeal only while a hand is in play', async () => {
    const core = new FakeCore(startView());
    core.floor = { unlocked: true, who: { en: 'supervisor', de: 'Supervisor' }, name: 'Sam', role: 'supervisor', until: null };
    const { click, query, text } = await app(core);
    await click('floor-open');
    await settle();
    expect(query('floor-misdeal')?.hasAttribute('disabled')).toBe(true);
    expect(text('floor-misdeal')).toContain('during a hand');
  });

  it('declares a misdeal with a reason; the session ends with it, and a stack correction needs a sign-in of its own', async () => {
    const core = new FakeCore(flopView());
    const open: FloorStatus = { unlocked: true, who: { en: 'supervisor', de: 'Supervisor' }, name: 'Sam', role: 'supervisor', until: null };
    const locked: FloorStatus = { unlocked: false, who: null, name: null, role: null, until: null };
    core.floor = open;
    // As the core does: a floor decision taken ends the session (D60), and so does a lock.
    core.on('table-submit', () => {
      core.floor = locked;
      return { ok: true, result: flopView() };
    });
    core.on('floor-lock', () => {
      core.floor = locked;
      return { ok: true, result: locked };
    });
    core.on('floor-unlock', () => {
      core.floor = open;
      return { ok: true, result: open };
    });
    const { click, fill, text, query } = await app(core);
    await click('floor-open');
    await settle();
    expect(text('floor-open')).toBe('Floor: Sam');
    await click('floor-misdeal');
    await click('misdeal-reason-cards-exposed');
    await click('floor-confirm');
    await settle();
    expect(text('floor-open')).toBe('Floor');
    await click('floor-open');
    await settle();
    expect(query('floor-adjust')).toBeNull();
    await fill('floor-staff', '20');
    await click('floor-next');
    await fill('floor-pin', '202020');
    await click('floor-unlock');
    await settle();
    await click('floor-adjust');
    await click('adjust-seat-6');
    await click('adjust-remove');
    await fill('floor-amount', '40');
    await fill('floor-reason', 'Chips found under a card');
    await click('floor-confirm');
    await settle();
    expect(core.commands()).toEqual([
      { type: 'misdeal', reason: 'cards-exposed' },
      { type: 'adjust-stack', seat: 6, amount: -40, reason: 'Chips found under a card' },
    ]);
    expect(text('floor-open')).toBe('Floor');
  });

  it('ends the floor’s session when its dialog closes without a decision', async () => {
    const core = new FakeCore(flopView());
    core.floor = { unlocked: true, who: { en: 'supervisor', de: 'Supervisor' }, name: 'Sam', role: 'supervisor', until: null };
    const { click } = await app(core);
    await click('floor-open');
    await settle();
    expect(core.sent('floor-lock')).toHaveLength(0);
    await click('modal-close');
    await settle();
    expect(core.sent('floor-lock')).toHaveLength(1);
  });

  it('waives the time a seat owes, with a reason; with nobody owing, the function is off', async () => {
    const view = flopView();
    const idle = new FakeCore(view);
    idle.floor = { unlocked: true, who: { en: 'supervisor', de: 'Supervisor' }, name: 'Sam', role: 'supervisor', until: null };
    const first = await app(idle);
    await first.click('floor-open');
    await settle();
    expect(first.query('floor-waive')?.hasAttribute('disabled')).toBe(true);
    expect(first.text('floor-waive')).toContain('Nobody owes time');
    await first.unmount();

    const core = new FakeCore({ ...view, seats: view.seats.map((seat) => (seat.seat === 3 ? { ...seat, timeDue: 15 } : seat)) });
    core.floor = idle.floor;
    const { click, fill, query, text } = await app(core);
    await click('floor-open');
    await settle();
    // A seat picked under another function is not picked here.
    await click('floor-adjust');
    await click('adjust-seat-3');
    await click('floor-back');
    await click('floor-waive');
    await fill('floor-reason', 'A regular: the house pays');
    expect(query('floor-confirm')?.hasAttribute('disabled')).toBe(true);
    expect(query('waive-seat-6')).toBeNull();
    expect(text('waive-seat-3')).toBe('Seat 3: 15');
    await click('waive-seat-3');
    expect(query('floor-confirm')?.hasAttribute('disabled')).toBe(false);
    expect(text('floor-confirm')).toBe("Waive seat 3's time: 15");
    await click('floor-confirm');
    expect(core.commands()).toEqual([{ type: 'waive-time', seat: 3, amount: 15, reason: 'A regular: the house pays' }]);
  });
  it('offers no table setup in a tournament: its structure is fixed at its start', async () => {
    const view = startView();
    const core = new FakeCore({ ...view, config: { ...view.config, timeCollection: null, tournament: { startingStack: 5000, levels: [{ smallBlind: 25, bigBlind: 50, ante: 0, bigBlindAnte: 0 }], levelEvery: { hands: 10 } } } });
    core.floor = { unlocked: true, who: { en: 'supervisor', de: 'Supervisor' }, name: 'Sam', role: 'supervisor', until: null };
    const { click, get, text } = await app(core);
    await click('floor-open');
    await settle();
    expect(get('floor-setup').hasAttribute('disabled')).toBe(true);
    expect(text('floor-setup')).toBe('Table setupfixed for the tournament');
  });

  it('sets a straddle and a big-blind ante up (0 for none) with the rest of the setup; a straddle the core refuses shows in the dialog', async () => {
    const core = new FakeCore(startView());
    core.floor = { unlocked: true, who: { en: 'supervisor', de: 'Supervisor' }, name: 'Sam', role: 'supervisor', until: null };
    const refusal = { en: 'a straddle must be more than the big blind', de: 'Ein Straddle muss größer als der Big Blind sein' };
    core.on('table-submit', ({ command }) => (command.type === 'configure' && command.config.hand.straddle <= 10 ? { ok: false, error: { code: 'invalid-config', words: refusal } } : { ok: true, result: startView() }));
    const { click, fill, get, query, text } = await app(core);
    await click('floor-open');
    await settle();
    await click('floor-setup');
    expect((get('setup-straddle') as HTMLInputElement).value).toBe('0');
    expect(get('setup-straddle').closest('label')?.textContent).toContain('Straddle (0 = none)');
    // A point is refused in words, never dropped: "0.5" is no ante of 5.
    await fill('setup-ante', '0.5');
    expect((get('setup-ante') as HTMLInputElement).value).toBe('0.5');
    expect(text('setup-ante-invalid')).toBe('Whole chips: digits only, no point or comma');
    expect(get('setup-confirm').hasAttribute('disabled')).toBe(true);
    await fill('setup-ante', '0');
    expect(get('setup-confirm').hasAttribute('disabled')).toBe(false);
    await fill('setup-straddle', '10');
    await click('setup-confirm');
    await settle();
    expect(text('dialog-error')).toContain('a straddle must be more than the big blind');
    expect(query('setup-confirm')).not.toBeNull();
    await fill('setup-straddle', '20');
    // A big-blind ante goes with the rest: the core checks it (at most the big blind).
    expect((get('setup-bigBlindAnte') as HTMLInputElement).value).toBe('0');
    await fill('setup-bigBlindAnte', '10');
    await click('setup-confirm');
    await settle();
    expect(core.commands().map((command) => (command.type === 'configure' ? [command.config.hand.straddle, command.config.hand.bigBlindAnte] : null))).toEqual([
      [10, 0],
      [20, 10],
    ]);
    expect(query('floor-dialog')).toBeNull();
  });
});

describe('hands and replay', () => {
  it('lists the hands and steps through one', async () => {
    const hands: HandSummary[] = [
      { id: 2, handNumber: 2, button: 3, players: 3, pot: 90, awards: [{ en: 'Seat 4 wins 90', de: 'Platz 4 gewinnt 90' }], voided: null, complete: true },
      { id: 1, handNumber: 1, button: 1, players: 3, pot: 0, awards: [], voided: { en: 'a fouled deck', de: 'ein fehlerhaftes Deck' }, complete: true },
    ];
    const replay: HandReplay = {
      id: 2,
      handNumber: 2,
      steps: [
        { words: { en: 'Seat 4 posts the small blind 5', de: 'Platz 4 setzt den Small Blind 5' }, board: [], pots: [], seats: [{ seat: 4, stack: 295, bet: 5, folded: false, shown: null }] },
        { words: { en: 'The flop', de: 'Der Flop' }, board: [card('Ah'), card('Kd'), card('7c')], pots: [30], seats: [{ seat: 4, stack: 285, bet: 0, folded: false, shown: null }] },
        { words: { en: 'Seat 4 shows', de: 'Platz 4 zeigt' }, board: [card('Ah'), card('Kd'), card('7c')], pots: [90], seats: [{ seat: 4, stack: 285, bet: 0, folded: false, shown: [card('As'), card('Ac')] }] },
      ],
    };
    const core = new FakeCore(flopView());
    const older: HandSummary[] = [{ id: 0, handNumber: 0, button: 1, players: 2, pot: 20, awards: [{ en: 'Seat 1 wins the main pot, 20', de: 'Platz 1 gewinnt den Hauptpot, 20' }], voided: null, complete: true }];
    core.on('hand-list', (args) => ({ ok: true, result: args === undefined ? { hands, more: true } : { hands: older, more: false } }));
    core.on('hand-replay', () => ({ ok: true, result: replay }));
    const { click, text, get, fill } = await app(core);
    await click('hands-open');
    await settle();
    expect(text('hand-row-2')).toContain('Seat 4 wins 90');
    expect(text('hand-row-2')).toContain('Pot 90');
    expect(text('hand-row-1')).toContain('a fouled deck');
    expect(text('hand-row-1')).not.toContain('Pot'); // voided: every chip went back
    expect(get('hand-row-2').compareDocumentPosition(get('hand-row-1')) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    // A full page: older hands come on request, before the oldest shown.
    await click('hands-older');
    await settle();
    expect(core.sent('hand-list').at(-1)).toEqual({ before: 1 });
    expect(text('hand-row-0')).toContain('Seat 1 wins the main pot, 20');
    expect(document.querySelector('[data-testid="hands-older"]')).toBeNull();
    await click('hand-row-2');
    await settle();
    expect(core.sent('hand-replay')).toEqual([{ id: 2 }]);
    expect(text('replay-step')).toContain('Seat 4 posts the small blind 5');
    expect(text('replay-step')).toContain('Pots: 0 · bets in front 5');
    expect(get('replay-prev').hasAttribute('disabled')).toBe(true);
    await click('replay-next');
    expect(text('replay-step')).toContain('The flop');
    expect(get('board').querySelectorAll('.card-face')).toHaveLength(3);
    await click('replay-next');
    expect(text('replay-step')).toContain('A♠A♣');
    expect(get('replay-next').hasAttribute('disabled')).toBe(true);
    await click('replay-prev');
    expect(text('replay-step')).toContain('The flop');
    // The hand's PHH history is a manager's (D66): asked for, the screen asks a manager to sign in right
    // here, then saves it, and the session ends with it.
    let floorOpen = false;
    core.on('hand-phh', ({ id }) =>
      floorOpen ? { ok: true, result: { fileName: `felt-hand-${id}.phh`, text: 'variant = "NT"\n' } } : { ok: false, error: { code: 'floor-locked', words: { en: 'A hand history shows every hole card: a manager signs in', de: 'x' } } },
    );
    const manager: FloorStatus = { unlocked: true, who: { en: 'Manager, manager #1', de: 'Manager, Manager #1' }, name: 'Manager', role: 'manager', until: null };
    core.on('floor-unlock', () => {
      floorOpen = true;
      return { ok: true, result: manager };
    });
    const saved: string[] = [];
    const click0 = HTMLAnchorElement.prototype.click;
    HTMLAnchorElement.prototype.click = function record(this: HTMLAnchorElement) {
      saved.push(this.download);
    };
    try {
      await click('replay-phh');
      await settle();
      expect(text('history-sign-in')).toContain('It holds every hole card of the hand');
      expect(saved).toEqual([]);
      await fill('history-staff', '1');
      await click('history-next');
      await fill('history-pin', '246813');
      await click('history-unlock');
      await settle();
      expect(saved).toEqual(['felt-hand-2.phh']);
      expect(core.sent('hand-phh')).toEqual([{ id: 2 }, { id: 2 }]);
      expect(core.sent('floor-lock')).toHaveLength(1);
    } finally {
      HTMLAnchorElement.prototype.click = click0;
    }
    await click('hands-close');
    expect(text('prompt')).toBe('Action on seat 4');
  });
  it('marks a voided hand apart from its redeal, and offers a PHH history only for a hand played to the end', async () => {
    const hands: HandSummary[] = [
      { id: 5, handNumber: 4, button: 3, players: 3, pot: 0, awards: [], voided: null, complete: false },
      { id: 4, handNumber: 3, button: 3, players: 3, pot: 60, awards: [{ en: 'Seat 4 wins 60', de: 'Platz 4 gewinnt 60' }], voided: null, complete: true },
      { id: 3, handNumber: 3, button: 3, players: 3, pot: 0, awards: [], voided: { en: 'a fouled deck', de: 'ein fehlerhaftes Deck' }, complete: true },
    ];
    const step = { words: { en: 'Seat 4 posts the small blind 5', de: 'Platz 4 setzt den Small Blind 5' }, board: [], pots: [], seats: [] };
    const core = new FakeCore(flopView());
    core.on('hand-list', () => ({ ok: true, result: { hands, more: false } }));
    core.on('hand-replay', ({ id }) => ({ ok: true, result: { id, handNumber: hands.find((hand) => hand.id === id)?.handNumber ?? 0, steps: [step] } }));
    const { click, query, text } = await app(core);
    await click('hands-open');
    await settle();
    expect(text('hand-row-3')).toContain('#3 (void)');
    expect(text('hand-row-4')).toContain('#3');
    expect(text('hand-row-4')).not.toContain('void');
    await click('hand-row-3');
    await settle();
    expect(query('replay-phh')).toBeNull();
    expect(text('hands-title')).toBe('Replay of hand 3 (void)');
    await click('replay-close');
    await click('hand-row-5'); // not over yet
    await settle();
    expect(query('replay-phh')).toBeNull();
    await click('replay-close');
    await click('hand-row-4');
    await settle();
    expect(query('replay-phh')).not.toBeNull();
    expect(text('hands-title')).toBe('Replay of hand 3');
    await click('lang-de');
    await click('replay-close');
    expect(text('hand-row-3')).toContain('Nr. 3 (ungültig)');
  });
});

describe('the connection', () => {
  it('shows a banner while lost, takes no tap, and asks for the view again after reconnecting', async () => {
    const core = new FakeCore(flopView());
    const { text, query, get } = await app(core);
    const asked = core.sent('table-view').length;
    await core.setConnection('lost');
    expect(text('connection-banner')).toContain('No connection to the table — reconnecting');
    // Nothing can be entered while the line is down: the control panel and the seats take no tap.
    expect(get('action-fold').closest('fieldset')?.disabled).toBe(true);
    expect(get('seat-4').closest('section')?.hasAttribute('inert')).toBe(true);
    core.view = dealView();
    await core.setConnection('connected');
    await settle();
    expect(query('connection-banner')).toBeNull();
    expect(core.sent('table-view').length).toBe(asked + 1);
    expect(text('prompt')).toBe('Deal the burn card');
  });
});
