import { Button, Dialog, DialogActions, DialogBody, DialogContent, DialogSurface, DialogTitle } from '@fluentui/react-components';
import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * Leaving a form with unsaved changes asks first: `leave(go)` runs `go` at once when nothing
 * changed, otherwise after the user confirms in `confirmation`; closing or reloading the tab asks
 * the browser's own question.
 */
export function useUnsavedChanges(dirty: boolean): { leave: (go: () => void) => void; confirmation: ReactNode } {
  const { t } = useTranslation('common');
  const [pending, setPending] = useState<(() => void) | null>(null);
  // The question has no trigger element, so focus is handed back by hand: inside a dialog that
  // is also what makes the dialog (and its buttons) reachable again.
  const askedFrom = useRef<HTMLElement | null>(null);

  useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);

  const leave = useCallback(
    (go: () => void) => {
      if (!dirty) return go();
      askedFrom.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
      setPending(() => go);
    },
    [dirty],
  );
  const stay = () => {
    setPending(null);
    const element = askedFrom.current;
    setTimeout(() => element?.focus());
  };

  const confirmation = (
    <Dialog open={pending !== null} onOpenChange={(_, data) => (data.open ? undefined : stay())}>
      <DialogSurface>
        <DialogBody>
          <DialogTitle>{t('unsaved.title', 'Cambios sin guardar')}</DialogTitle>
          <DialogContent>{t('unsaved.message', 'Si sales ahora, los cambios que hiciste se perderán.')}</DialogContent>
          <DialogActions>
            <Button appearance="primary" onClick={stay}>
              {t('unsaved.stay', 'Seguir editando')}
            </Button>
            <Button
              onClick={() => {
                const go = pending;
                setPending(null);
                go?.();
              }}
            >
              {t('unsaved.leave', 'Salir sin guardar')}
            </Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
  return { leave, confirmation };
}
