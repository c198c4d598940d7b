import {
  Button,
  Checkbox,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  Field,
  Input,
  makeStyles,
  Select,
  Subtitle2,
  Text,
  tokens,
} from '@fluentui/react-components';
import { ShareRegular } from '@fluentui/react-icons';
import { useAtomValue } from 'jotai';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { mayRevokeShareLink, shareTokenEndpoints, type ShareLinkRow, type ShareResourceType, type ShareTokenResponse } from '@planta/contracts';
import { call, canOn, errorMessage, userAtom } from '@planta/session';
import { useFormat } from './format';
import { useCan, useGrants } from './grants';
import { showSnackbar } from './snackbar';

/** The expiries a link may be given (hours); a week unless the sharer picks another. */
export const SHARE_EXPIRY_HOURS = [1, 24, 168, 720] as const;
const DEFAULT_EXPIRY = 168;
/** More links to one record than anybody keeps; the dialog lists them all. */
const LISTED_LINKS = 100;

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
  /** The record has an internal discussion that a link may include (corrections). */
  discussion?: boolean;
}

const useStyles = makeStyles({
  content: { display: 'flex', flexDirection: 'column', gap: '12px' },
  linkRow: { display: 'flex', gap: '8px', alignItems: 'center' },
  linkBox: { flex: 1, minWidth: 0 },
  options: { display: 'flex', flexDirection: 'column' },
  privacy: { color: tokens.colorNeutralForeground3 },
  links: { display: 'flex', flexDirection: 'column', gap: '4px', margin: 0, padding: 0, listStyleType: 'none' },
  link: {
    display: 'flex',
    alignItems: 'center',
    gap: '8px',
    padding: '4px 0',
    borderTop: `1px solid ${tokens.colorNeutralStroke2}`,
  },
  linkText: { flex: 1, minWidth: 0, display: 'flex', flexDirection: 'column' },
  shows: { color: tokens.colorNeutralForeground3, fontSize: tokens.fontSizeBase200 },
});

/** What a link shows beyond the record ('Con la conversación interna y los nombres'), in the reader's language. */
export function useShareLinkShows(): (link: Pick<ShareLinkRow, 'include_discussion' | 'include_names'>) => string {
  const { t } = useTranslation('common');
  return (link) =>
    link.include_discussion && link.include_names
      ? t('share.showsBoth')
      : link.include_discussion
        ? t('share.showsDiscussion')
        : link.include_names
          ? t('share.showsNames')
          : t('share.showsRecordOnly');
}

/** Whether the signed-in user may end this link: its creator, or whoever holds the delete grant of 'share-links'. */
export function useMayRevokeShareLink(): (link: Pick<ShareLinkRow, 'created_by'>) => boolean {
  const grants = useGrants();
  const userId = useAtomValue(userAtom).data.id;
  return (link) => mayRevokeShareLink(link, { userId, administersShareLinks: canOn(grants, 'share-links', 'delete') });
}

/** Ends a link, says so (or why not); answers whether it was ended. The share dialog's and the administrators' screen's one way. */
export function useRevokeShareLink(): (id: number) => Promise<boolean> {
  const { t } = useTranslation('common');
  return async (id) => {
    try {
      await call(shareTokenEndpoints.revoke, { params: { id } });
      showSnackbar({ message: t('share.revoked'), variant: 'success' });
      return true;
    } catch (error) {
      showSnackbar({ message: errorMessage(error), variant: 'error' });
      return false;
    }
  };
}

/**
 * 'Compartir': a dialog that makes a read-only link to one record for someone without an account,
 * valid a week unless another expiry is chosen, showing the record's internal discussion and
 * people's names only when the sharer ticks them (issue 36); the new link is shown once, to copy.
 * Below, the links of the record still valid that the user may see (their own, or all for an
 * administrator of share links), each with 'Revocar' where they may end it. Only colleagues who
 * may change the record see the button (the page decides the latter, like every other action).
 */
export function ShareButton({ type, id, path, title, hint, discussion = false }: ShareButtonProps) {
  const { t } = useTranslation('common');
  const styles = useStyles();
  const format = useFormat();
  const mayShare = useCan(shareTokenEndpoints.create);
  const shows = useShareLinkShows();
  const mayRevoke = useMayRevokeShareLink();
  const revokeLink = useRevokeShareLink();
  const [open, setOpen] = useState(false);
  const [hours, setHours] = useState<number>(DEFAULT_EXPIRY);
  const [includeDiscussion, setIncludeDiscussion] = useState(false);
  const [includeNames, setIncludeNames] = useState(false);
  const [created, setCreated] = useState<ShareTokenResponse | null>(null);
  const [links, setLinks] = useState<readonly ShareLinkRow[]>([]);
  const [busy, setBusy] = useState(false);

  const loadLinks = useCallback(
    () =>
      call(shareTokenEndpoints.list, { query: { resource_type: type, resource_id: id, pageSize: LISTED_LINKS } }).then(
        (page) => setLinks(page.items),
        (error: unknown) => showSnackbar({ message: errorMessage(error), variant: 'error' }),
      ),
    [type, id],
  );
  useEffect(() => {
    if (open) void loadLinks();
  }, [open, loadLinks]);

  const create = async () => {
    setBusy(true);
    try {
      const body = {
        resource_type: type,
        resource_id: id,
        expires_in_hours: hours,
        include_discussion: discussion && includeDiscussion,
        include_names: includeNames,
      };
      setCreated(await call(shareTokenEndpoints.create, { body }));
      await loadLinks();
    } catch (error) {
      showSnackbar({ message: errorMessage(error), variant: 'error' });
    } finally {
      setBusy(false);
    }
  };

  const revoke = async (link: ShareLinkRow) => {
    if (!(await revokeLink(link.id))) return;
    if (created?.id === link.id) setCreated(null);
    await loadLinks();
  };

  const link = created ? `${window.location.origin}${path(created.token)}` : '';
  const copy = () =>
    navigator.clipboard?.writeText(link).then(
      () => showSnackbar({ message: t('share.copied'), variant: 'success' }),
      () => undefined,
    );

  const close = () => {
    setOpen(false);
    setCreated(null);
  };

  if (!mayShare) return null;
  return (
    <>
      <Button icon={<ShareRegular />} onClick={() => setOpen(true)}>
        {t('share.button')}
      </Button>
      <Dialog open={open} onOpenChange={(_, data) => (data.open ? undefined : close())}>
        <DialogSurface>
          <DialogBody>
            <DialogTitle>{title}</DialogTitle>
            <DialogContent className={styles.content}>
              {created ? (
                <Field hint={`${hint(format.dateTime(created.expires_at))} ${shows(created)}.`}>
                  <div className={styles.linkRow}>
                    <Input className={styles.linkBox} readOnly value={link} aria-label={title} onFocus={(event) => event.target.select()} />
                    <Button appearance="primary" onClick={() => void copy()}>
                      {t('share.copy')}
                    </Button>
                  </div>
                </Field>
              ) : null}
              <Field label={t('share.expiry')}>
                <Select value={String(hours)} onChange={(_, data) => setHours(Number(data.value))}>
                  {SHARE_EXPIRY_HOURS.map((value) => (
                    <option key={value} value={value}>
                      {t(`share.hours_${value}`)}
                    </option>
                  ))}
                </Select>
              </Field>
              <div className={styles.options} role="group" aria-label={t('share.options')}>
                {discussion ? (
                  <Checkbox
                    checked={includeDiscussion}
                    onChange={(_, data) => setIncludeDiscussion(data.checked === true)}
                    label={t('share.includeDiscussion')}
                  />
                ) : null}
                <Checkbox checked={includeNames} onChange={(_, data) => setIncludeNames(data.checked === true)} label={t('share.includeNames')} />
                <Text size={200} className={styles.privacy}>
                  {t(discussion ? 'share.privacy' : 'share.privacyNames')}
                </Text>
              </div>
              {links.length > 0 ? (
                <section aria-label={t('share.active')}>
                  <Subtitle2 as="h3">{t('share.active')}</Subtitle2>
                  <ul className={styles.links}>
                    {links.map((item) => {
                      const expires = format.dateTime(item.expires_at);
                      return (
                        <li key={item.id} className={styles.link}>
                          <span className={styles.linkText}>
                            <Text>{t('share.linkBy', { name: item.created_by_name, date: expires })}</Text>
                            <span className={styles.shows}>{shows(item)}</span>
                          </span>
                          {mayRevoke(item) ? (
                            <Button
                              size="small"
                              aria-label={t('share.revokeLink', { name: item.created_by_name, date: expires })}
                              onClick={() => void revoke(item)}
                            >
                              {t('share.revoke')}
                            </Button>
                          ) : null}
                        </li>
                      );
                    })}
                  </ul>
                </section>
              ) : null}
            </DialogContent>
            <DialogActions>
              <Button appearance={created ? 'secondary' : 'primary'} disabled={busy} onClick={() => void create()}>
                {t(created ? 'share.createAnother' : 'share.create')}
              </Button>
              <Button onClick={close}>{t('actions.close')}</Button>
            </DialogActions>
          </DialogBody>
        </DialogSurface>
      </Dialog>
    </>
  );
}
