import { useEffect, useState } from 'react';
import type { TFunction } from 'i18next';
import { dieshopSettingsEndpoints, whyNotRun, type DieCopy } from '@planta/contracts';
import { call } from '@planta/session';
import { i18nKey, type SelectOption } from '@planta/ui';

/**
 * The die copies as choices of a production form: each says its state; a copy that cannot start
 * a run now (whyNotRun, with the company's oven setting) is disabled with the API's own reason,
 * so that the operator sees it before pressing 'Iniciar extrusión'. `disableNotRunnable: false`
 * (planning an order for later) keeps such copies choosable but names the reason; a scrapped copy
 * is never a choice.
 */
export function dieCopyOptions(
  dies: readonly Pick<DieCopy, 'id' | 'die_reference' | 'copy_number' | 'state'>[],
  ovenRequired: boolean,
  t: TFunction,
  { disableNotRunnable = true }: { disableNotRunnable?: boolean } = {},
): SelectOption[] {
  return dies.map((die) => {
    const reason = whyNotRun(die.state, ovenRequired);
    const name = { reference: die.die_reference, copy: die.copy_number };
    return {
      value: die.id,
      label: reason
        ? t('production:dieCopy.notRunnable', { ...name, reason })
        : t('production:dieCopy.option', { ...name, state: t(`common:dieState.${i18nKey(die.state)}`) }),
      disabled: die.state === 'scrapped' || (disableNotRunnable && reason !== null),
    };
  });
}

/** Whether the company requires the oven step before the press (die-shop settings); false until known. */
export function useOvenRequired(enabled = true): boolean {
  const [required, setRequired] = useState(false);
  useEffect(() => {
    if (!enabled) return;
    const controller = new AbortController();
    call(dieshopSettingsEndpoints.get, {}, { signal: controller.signal }).then(
      (settings) => setRequired(settings.oven_required),
      () => undefined,
    );
    return () => controller.abort();
  }, [enabled]);
  return required;
}
