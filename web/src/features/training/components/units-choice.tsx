/**
 * Miles or kilometres, asked once (issue 10: spec 001 mixed both): stored on the profile, then every training
 * screen and the coach use it. The pages show this in place of their figures until the athlete chooses.
 */
import type { ReactNode } from 'react';
import type { DistanceUnit } from '#shared/units';
import { Alert } from '../../../components/alert.tsx';
import { Button } from '../../../components/button.tsx';
import { errorMessage } from '../../../lib/api-error.ts';
import { useChooseUnits } from '../api/use-training.ts';
import '../../../components/state-panel.css';

export function UnitsChoice() {
  const choose = useChooseUnits();
  const pick = (unit: DistanceUnit) => choose.mutate(unit);
  return (
    <section className="state-panel" aria-labelledby="units-title">
      <h2 id="units-title" className="state-panel__title">
        Miles or kilometres?
      </h2>
      <p className="state-panel__text">Choose once: your log, plans, stats and coach all use it. You can switch later on your training dashboard.</p>
      <div className="units-choice__buttons">
        <Button variant="primary" size="lg" disabled={choose.isPending} onClick={() => pick('mi')}>
          Miles
        </Button>
        <Button variant="primary" size="lg" disabled={choose.isPending} onClick={() => pick('km')}>
          Kilometres
        </Button>
      </div>
      {choose.isError ? <Alert tone="error" title="Your choice was not saved">{errorMessage(choose.error)}</Alert> : null}
    </section>
  );
}

/** A training page before the athlete has chosen: its header, then only the choice. */
export function UnitsChoicePage({ header }: { header: ReactNode }) {
  return (
    <>
      {header}
      <div className="container training-page">
        <UnitsChoice />
      </div>
    </>
  );
}
