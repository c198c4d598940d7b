import { Dropdown, makeStyles, Option } from '@fluentui/react-components';
import { useAtomValue } from 'jotai';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { companiesAtom, errorMessage, switchCompany, userAtom } from '@planta/session';
import { showSnackbar, TruncatedText } from '@planta/ui';

const useStyles = makeStyles({
  // Shrinks before anything else in the toolbar is pushed out; a long name ends in an ellipsis.
  root: { minWidth: '96px', maxWidth: '220px', flex: '0 1 220px' },
  button: { minWidth: 0 },
  name: { flex: 1, textAlign: 'start' },
});

/**
 * Spec 2.5 company selector: the companies the user may choose (GET company/all). Choosing
 * another one switches the session (`switchCompany`); the layout keys the routed content by the
 * company id, so every open view mounts again and reloads its data.
 */
export function CompanySelector({ hideSingle = false }: { hideSingle?: boolean }) {
  const styles = useStyles();
  const { t } = useTranslation('shell');
  const user = useAtomValue(userAtom);
  const signedIn = user.role.length > 0;
  const current = user.data.company_id;
  // Loaded into the session by the layout (useCompanyList), also where the toolbar is hidden.
  const list = useAtomValue(companiesAtom);
  const [busy, setBusy] = useState(false);

  // On a phone the row is too short for a choice that is not one: a single company is not shown.
  if (!signedIn || list.length === 0 || (hideSingle && list.length === 1)) return null;
  const selected = list.find((company) => company.id === current);

  const choose = async (value: string | undefined) => {
    const id = Number(value);
    if (!Number.isInteger(id) || id === current) return;
    setBusy(true);
    try {
      await switchCompany(id);
    } catch (error) {
      showSnackbar({ message: errorMessage(error), variant: 'error' });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dropdown
      aria-label={t('toolbar.company.label', 'Empresa')}
      placeholder={t('toolbar.company.select', 'Seleccionar empresa')}
      value={selected?.name ?? ''}
      selectedOptions={selected ? [String(selected.id)] : []}
      disabled={busy}
      onOptionSelect={(_event, data) => void choose(data.optionValue)}
      className={styles.root}
      // A long name ends in an ellipsis; its full text shows on hover, focus and a long press.
      button={{
        className: styles.button,
        children: <TruncatedText text={selected?.name ?? t('toolbar.company.select', 'Seleccionar empresa')} className={styles.name} />,
      }}
      // Fluent renders its (hidden) clear button with an English name of its own.
      clearButton={{ 'aria-label': t('common:actions.clearSelection', 'Quitar selección') }}
    >
      {list.map((company) => (
        <Option key={company.id} value={String(company.id)}>
          {company.name}
        </Option>
      ))}
    </Dropdown>
  );
}
