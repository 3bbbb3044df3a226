import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const RULES = readFileSync(new URL('../../../drivers/udev/70-felt.rules', import.meta.url), 'utf8');

type Clause = { readonly key: string; readonly attribute: string | null; readonly op: '==' | '!=' | '=' | '+='; readonly value: string };

/** The rules' lines as udev reads them: `KEY{attribute}op"value"`, comma-separated; comments and blank lines skipped. */
function parse(text: string): Clause[][] {
  return text
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '' && !line.startsWith('#'))
    .map((line) =>
      line.split(/,\s*(?=[A-Z])/).map((part): Clause => {
        const match = /^([A-Z_]+)(?:\{([^}]+)\})?(==|!=|\+=|=)"([^"]*)"$/.exec(part.trim());
        if (match === null) throw new Error(`not a udev clause: '${part}' in '${line}'`);
        return { key: match[1] ?? '', attribute: match[2] ?? null, op: match[3] as Clause['op'], value: match[4] ?? '' };
      }),
    );
}

/** A device as udev sees it at one event: its subsystem, action, the attributes of it and its parents, its properties. */
type Device = { readonly subsystem: string; readonly action: string; readonly attrs: Readonly<Record<string, string>>; readonly env: Readonly<Record<string, string>> };
type Result = { group: string | null; mode: string | null; env: Record<string, string>; symlinks: string[] };

/** udev's matching for the operators these rules use: `==`/`!=` with `?*` and `*` globs, assignments, GOTO/LABEL. */
function apply(rules: Clause[][], device: Device): Result {
  const result: Result = { group: null, mode: null, env: { ...device.env }, symlinks: [] };
  const glob = (pattern: string, value: string | undefined): boolean => value !== undefined && new RegExp(`^${pattern.replace(/[.+^${}()|[\]\\]/g, '\\$&').replace(/\?/g, '.').replace(/\*/g, '.*')}$`).test(value);
  const value = (clause: Clause): string | undefined => {
    if (clause.key === 'ACTION') return device.action;
    if (clause.key === 'SUBSYSTEM') return device.subsystem;
    if (clause.key === 'ATTRS') return device.attrs[clause.attribute ?? ''];
    if (clause.key === 'ENV') return result.env[clause.attribute ?? ''] ?? '';
    throw new Error(`no match for ${clause.key}`);
  };
  let at = 0;
  while (at < rules.length) {
    const rule = rules[at++] ?? [];
    const matches = rule.filter((clause) => clause.op === '==' || clause.op === '!=');
    if (!matches.every((clause) => glob(clause.value, value(clause)) === (clause.op === '=='))) continue;
    let jump: string | null = null;
    for (const clause of rule) {
      const text = clause.value.replace(/\$env\{([A-Z_]+)\}/g, (_, name: string) => result.env[name] ?? '');
      if (clause.key === 'GOTO') jump = clause.value;
      else if (clause.key === 'GROUP') result.group = text;
      else if (clause.key === 'MODE') result.mode = text;
      else if (clause.key === 'ENV' && clause.op === '=') result.env[clause.attribute ?? ''] = text;
      else if (clause.key === 'SYMLINK') result.symlinks.push(text);
    }
    if (jump !== null) {
      at = rules.findIndex((candidate) => candidate.length === 1 && candidate[0]?.key === 'LABEL' && candidate[0].value === jump);
      if (at < 0) throw new Error(`GOTO ${jump} has no LABEL`);
    }
  }
  return result;
}

const rules = parse(RULES);
const ftdi: Device = { subsystem: 'tty', action: 'add', attrs: { idVendor: '0403', idProduct: '6001' }, env: { ID_SERIAL_SHORT: 'A10K3XYZ', ID_PATH: 'pci-0000:00:14.0-usb-0:2:1.0' } };
const ch340: Device = { subsystem: 'tty', action: 'add', attrs: { idVendor: '1a86', idProduct: '7523' }, env: { ID_PATH: 'pci-0000:00:14.0-usb-0:3:1.0' } };

describe('the udev rules shipped (drivers/udev/70-felt.rules)', () => {
  it('are clauses udev reads, every GOTO with its LABEL, numbered between 60-serial and ModemManager’s 77', () => {
    expect(rules.length).toBeGreaterThan(10);
    for (const rule of rules) for (const clause of rule) if (clause.key === 'GOTO') expect(rules.some((candidate) => candidate[0]?.key === 'LABEL' && candidate[0].value === clause.value)).toBe(true);
    expect(RULES).toMatch(/ENV\{ID_MM_DEVICE_IGNORE\}="1"/);
  });

  it('keep ModemManager off a reader’s adapter and name it by serial number, leaving it to dialout as Debian does', () => {
    expect(apply(rules, ftdi)).toEqual({ group: null, mode: null, env: { ...ftdi.env, ID_MM_DEVICE_IGNORE: '1' }, symlinks: ['felt/serial-A10K3XYZ'] });
  });

  it('name an adapter without a serial number by its USB socket (as the recorded udev event shows)', () => {
    expect(apply(rules, ch340)).toEqual({ group: null, mode: null, env: { ...ch340.env, ID_MM_DEVICE_IGNORE: '1' }, symlinks: ['felt/path-pci-0000:00:14.0-usb-0:3:1.0'] });
  });

  it('keep ModemManager off a CDC reader under pid.codes’ open-hardware vendor id', () => {
    const cdc: Device = { subsystem: 'tty', action: 'add', attrs: { idVendor: '1209', idProduct: 'fe18' }, env: { ID_SERIAL_SHORT: 'FELT-R1' } };
    expect(apply(rules, cdc)).toEqual({ group: null, mode: null, env: { ...cdc.env, ID_MM_DEVICE_IGNORE: '1' }, symlinks: ['felt/serial-FELT-R1'] });
  });

  it('open the panel’s /dev/hidraw to the group, and leave every other device alone', () => {
    expect(apply(rules, { subsystem: 'hidraw', action: 'add', attrs: { idVendor: '1209', idProduct: 'fe17' }, env: {} })).toMatchObject({ group: 'felt', mode: '0660', symlinks: ['felt/panel'] });
    for (const other of [
      { subsystem: 'hidraw', action: 'add', attrs: { idVendor: '046d', idProduct: 'c52b' }, env: {} },
      { subsystem: 'tty', action: 'add', attrs: { idVendor: '12d1', idProduct: '1506' }, env: { ID_SERIAL_SHORT: 'MODEM' } },
      { subsystem: 'tty', action: 'remove', attrs: ftdi.attrs, env: ftdi.env },
      { subsystem: 'input', action: 'add', attrs: { idVendor: '0403' }, env: {} },
    ]) {
      expect(apply(rules, other)).toEqual({ group: null, mode: null, env: other.env, symlinks: [] });
    }
  });
});
