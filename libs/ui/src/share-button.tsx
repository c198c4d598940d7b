import { Button, Dialog, DialogActions, DialogBody, DialogContent, DialogSurface, DialogTitle, Field, Input, Select } from '@fluentui/react-components';
import { ShareRegular } from '@fluentui/react-icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { shareTokenEndpoints, type ShareResourceType, type ShareTokenResponse } from '@planta/contracts';
import { call, errorMessage } from '@planta/session';
import { useFormat } from './format';
import { showSnackbar } from './snackbar';

/** The expiries a link may be given (hours); a week unless the sharer picks another. */
export const SHARE_EXPIRY_HOURS = [1, 24, 168, 720] as const;
const DEFAULT_EXPIRY = 168;

export interface ShareButtonProps {
  /** The one resource the link opens (issue 2's share tokens). */
  type: ShareResourceType;
  id: number;
  /** The page a guest opens, from the token: `/apps/dies/dieResume/12/<token>`. */
  path: (token: string) => string;
  /** The dialog's title, also the link box's name ('Enlace de solo lectura a esta ficha'). */
  title: string;
  /** What the guest will see and until when ({{date}} is the expiry). */
  hint: (date: string) => string;
}

/**
 * 'Compartir': creates a read-only link to one record for someone without an account and shows
 * it to copy, valid a week; another expiry gives a new link. Guests never see the button (the
 * page decides, like every other action).
 */
export function ShareButton({ type, id, path, title, hint }: ShareButtonProps) {
  const { t } = useTranslation('common');
  const format = useFormat();
  const [share, setShare] = useState<ShareTokenResponse | null>(null);
  const [hours, setHours] = useState<number>(DEFAULT_EXPIRY);

  const create = (expiresIn: number) =>
    call(shareTokenEndpoints.create, { body: { resource_type: type, resource_id: id, expires_in_hours: expiresIn } }).then(
      (created) => {
        setHours(expiresIn);
        setShare(created);
      },
      (error: unknown) => showSnackbar({ message: errorMessage(error), variant: 'error' }),
    );

  const link = share ? `${window.location.origin}${path(share.token)}` : '';
  return (
    <>
      <Button icon={<ShareRegular />} onClick={() => void create(DEFAULT_EXPIRY)}>
        {t('share.button')}
      </Button>
      {share ? (
        <Dialog open onOpenChange={(_, data) => (data.open ? undefined : setShare(null))}>
          <DialogSurface>
            <DialogBody>
              <DialogTitle>{title}</DialogTitle>
              <DialogContent>
                <Field hint={hint(format.dateTime(share.expires_at))}>
                  <Input readOnly value={link} aria-label={title} onFocus={(event) => event.target.select()} />
                </Field>
                <Field label={t('share.expiry')}>
                  <Select value={String(hours)} onChange={(_, data) => void create(Number(data.value))}>
                    {SHARE_EXPIRY_HOURS.map((value) => (
                      <option key={value} value={value}>
                        {t(`share.hours_${value}`)}
                      </option>
                    ))}
                  </Select>
                </Field>
              </DialogContent>
              <DialogActions>
                <Button
                  appearance="primary"
                  onClick={() =>
                    void navigator.clipboard?.writeText(link).then(
                      () => showSnackbar({ message: t('share.copied'), variant: 'success' }),
                      () => undefined,
                    )
                  }
                >
                  {t('share.copy')}
                </Button>
                <Button onClick={() => setShare(null)}>{t('actions.close')}</Button>
              </DialogActions>
            </DialogBody>
          </DialogSurface>
        </Dialog>
      ) : null}
    </>
  );
}
