import type { ReactNode } from 'react';
import type { SimFault } from '../../../../src/hardware/sim-faults';
import { useLanguage } from '../../i18n';
import { SIM_FAULT_GROUPS } from '../../sim-fault-groups';
import { Modal } from './Modal';

type Props = {
  /** A command is on its way: nothing can be tapped until its answer is in (the same lock as the control panel's). */
  readonly busy: boolean;
  /** A refusal already shown in the prompt, repeated here since the prompt is behind the dialog. */
  readonly error: ReactNode;
  readonly onFault: (fault: SimFault) => void;
  readonly onClose: () => void;
};

/** Simulated hardware: every fault the simulated devices can show, by device; a tap makes that device fail. */
export function SimFaultPanel({ busy, error, onFault, onClose }: Props) {
  const { t } = useLanguage();
  return (
    <Modal testId="sim-faults-dialog" title={t.simFaultsTitle} onClose={onClose}>
      <p className="hint">{t.simFaultsHint}</p>
      {error}
      {SIM_FAULT_GROUPS.map(({ device, kind, faults }) => (
        <fieldset key={device} className="sim-fault-group" disabled={busy} data-testid={`sim-faults-group-${device}`}>
          <legend className="sim-fault-device">{t.deviceKind[kind]}</legend>
          <div className="sim-fault-buttons">
            {faults.map((fault) => (
              <button key={fault} type="button" className="button button-sim" data-testid={`sim-fault-${fault}`} onClick={() => onFault(fault)}>
                {t.simFault[fault]}
              </button>
            ))}
          </div>
        </fieldset>
      ))}
    </Modal>
  );
}
