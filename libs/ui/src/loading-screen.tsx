import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadingRing } from './loading-ring';

/** Spec 2.5: 'Cargando...' by default, optionally shown only after a delay so quick loads do not flash. */
export function LoadingScreen({ delayMs = 0, label }: { delayMs?: number; label?: string }) {
  const { t } = useTranslation('common');
  const [visible, setVisible] = useState(delayMs === 0);
  useEffect(() => {
    if (delayMs === 0) return;
    const timer = setTimeout(() => setVisible(true), delayMs);
    return () => clearTimeout(timer);
  }, [delayMs]);
  if (!visible) return null;
  return (
    <div role="status" style={{ display: 'flex', flex: 1, alignItems: 'center', justifyContent: 'center', minHeight: 240 }}>
      <LoadingRing label={label ?? t('loading', 'Cargando...')} />
    </div>
  );
}
