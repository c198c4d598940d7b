import { Button, makeStyles, Menu, Text, MenuItem, MenuList, MenuPopover, MenuTrigger } from '@fluentui/react-components';
import { ArrowSwapRegular, DeleteRegular, EditRegular, MoreVerticalRegular, WrenchRegular } from '@fluentui/react-icons';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { correctionEndpoints, DIE_STATES, DIE_TYPES, dieEndpoints, dieLabel, NITRIDING_DUE, type DieCopy } from '@planta/contracts';
import { i18nKey, ResourceList, useCan, useFormat, type ListFilter, type ResourceColumn } from '@planta/ui';
import { DieStateBadge, NitridingCounter } from '../components/die-state-badge';
import { MoveDieDialog, ScrapDieDialog, type DieAction } from '../components/die-actions';
import { DIESHOP_NS, registerDieshopTexts } from '../i18n';
import { dieInventoryTexts } from '../i18n/die-inventory.texts';
import { correctionNewForDie } from './correction.model';
import { DIE_INVENTORY_PATH, DIE_NEW_PATH, dieEditPath, dieSummaryPath, manualMoveTargets, mayBeScrapped } from './die-copy.model';

registerDieshopTexts(dieInventoryTexts);

/** A cell's main text and, smaller under it, what belongs with it. */
function TwoLines({ first, second, strong }: { first: string; second: string | null; strong?: boolean }) {
  return (
    <span style={{ display: 'flex', flexDirection: 'column' }}>
      {/* A reference (EN-1042-1) is read whole: it does not break at its hyphens. */}
      <Text weight={strong ? 'semibold' : 'regular'} wrap={!strong}>
        {first}
      </Text>
      {second ? <Text size={200}>{second}</Text> : null}
    </span>
  );
}

const useStyles = makeStyles({
  // The menu's button is a touch target of its own: a tap on it does not open the row.
  actions: { display: 'flex', justifyContent: 'flex-end' },
  menuButton: { minWidth: '44px', minHeight: '44px' },
});

/** The row's actions: 'Mover a…', 'Dar de baja' (the leads'), 'Editar', each by its grant and the die's state. */
function RowActions({ die, onAction }: { die: DieCopy; onAction: (die: DieCopy, action: DieAction) => void }) {
  const styles = useStyles();
  const { t } = useTranslation(DIESHOP_NS);
  const navigate = useNavigate();
  const mayMove = useCan(dieEndpoints.move) && manualMoveTargets(die.state).length > 0;
  const mayScrap = useCan(dieEndpoints.scrap) && mayBeScrapped(die.state);
  const mayEdit = useCan(dieEndpoints.update);
  const mayCorrect = useCan(correctionEndpoints.create) && die.state !== 'scrapped';
  if (!mayMove && !mayScrap && !mayEdit && !mayCorrect) return null;
  const label = dieLabel(die);
  return (
    // React events from the menu's portal bubble here too: none of them reaches the row.
    <div className={styles.actions} onClick={(event) => event.stopPropagation()} onKeyDown={(event) => event.stopPropagation()}>
      <Menu>
        <MenuTrigger disableButtonEnhancement>
          <Button className={styles.menuButton} appearance="subtle" icon={<MoreVerticalRegular />} aria-label={t('dieInventory.actions.menu', { label })} />
        </MenuTrigger>
        <MenuPopover>
          <MenuList>
            {mayMove ? (
              <MenuItem icon={<ArrowSwapRegular />} onClick={() => onAction(die, 'move')}>
                {t('dieInventory.actions.move')}
              </MenuItem>
            ) : null}
            {mayEdit ? (
              <MenuItem icon={<EditRegular />} onClick={() => navigate(dieEditPath(die.id))}>
                {t('dieInventory.actions.edit')}
              </MenuItem>
            ) : null}
            {mayCorrect ? (
              <MenuItem icon={<WrenchRegular />} onClick={() => navigate(correctionNewForDie(die.id))}>
                {t('dieInventory.actions.correction')}
              </MenuItem>
            ) : null}
            {mayScrap ? (
              <MenuItem icon={<DeleteRegular />} onClick={() => onAction(die, 'scrap')}>
                {t('dieInventory.actions.scrap')}
              </MenuItem>
            ) : null}
          </MenuList>
        </MenuPopover>
      </Menu>
    </div>
  );
}

/**
 * /apps/dies/all: the die copies of the company (domain.md A2.1) with their state, where they are
 * and how far they are from nitriding; filters by state, type, location and nitriding due, the
 * search by reference, Excel export, 'Nueva matriz' (reception) and each row's moves. A row opens
 * the die's summary.
 */
export default function DieInventoryPage() {
  const { t } = useTranslation([DIESHOP_NS, 'common']);
  const format = useFormat();
  const navigate = useNavigate();
  const [acting, setActing] = useState<{ die: DieCopy; action: DieAction } | null>(null);
  const [reloadKey, setReloadKey] = useState(0);
  const stateName = (state: string) => t(`enums.dieState.${i18nKey(state)}`);
  const typeName = (type: string) => t(`enums.dieType.${i18nKey(type)}`);

  const columns = useMemo<ResourceColumn<DieCopy>[]>(
    () => [
      // On a tablet eleven columns do not fit: the profile reads under the reference and the
      // cavities under the type; the Excel file keeps each a column of its own.
      {
        key: 'die_reference',
        label: t('dieInventory.columns.reference'),
        sortable: true,
        render: (die) => <TwoLines first={dieLabel(die)} second={die.profile_code ? t('dieInventory.profileOf', { code: die.profile_code }) : null} strong />,
        exportValue: dieLabel,
        width: 16,
      },
      { key: 'profile_code', label: t('dieInventory.columns.profile'), shown: false },
      {
        key: 'die_type',
        label: t('dieInventory.columns.type'),
        sortable: true,
        render: (die) => <TwoLines first={typeName(die.die_type)} second={t('dieInventory.cavitiesCount', { count: die.cavities })} />,
        exportValue: (die) => typeName(die.die_type),
        width: 22,
      },
      { key: 'cavities', label: t('dieInventory.columns.cavities'), shown: false },
      {
        key: 'state',
        label: t('dieInventory.columns.state'),
        sortable: true,
        render: (die) => <DieStateBadge state={die.state} />,
        exportValue: (die) => stateName(die.state),
        width: 18,
      },
      { key: 'location', label: t('dieInventory.columns.location'), sortable: true, render: (die) => die.location || '—' },
      {
        key: 'nitriding',
        label: t('dieInventory.columns.kgSinceNitriding'),
        sortable: true,
        render: (die) => <NitridingCounter die={die} />,
        exportValue: (die) => die.kg_since_nitriding,
        width: 18,
      },
      {
        key: 'nitriding_due',
        label: t('dieInventory.columns.nitridingDue'),
        // Shown inside the kg column on screen; the file gets the flag and the share as columns of their own.
        shown: false,
        exportValue: (die) => t(`enums.nitridingDue.${die.nitriding.due}`),
        width: 18,
      },
      {
        key: 'nitriding_percent',
        label: t('dieInventory.columns.nitridingPercent'),
        shown: false,
        exportValue: (die) => die.nitriding.kg_percent,
        width: 16,
      },
      { key: 'billets_since_nitriding', label: t('dieInventory.columns.billetsSinceNitriding'), shown: false, width: 16 },
      {
        key: 'billets_percent',
        label: t('dieInventory.columns.billetsPercent'),
        shown: false,
        exportValue: (die) => die.nitriding.billets_percent,
        width: 16,
      },
      // On a tablet the die summary has the lifetime figures; the list keeps what the shop acts on.
      { key: 'kg_total', label: t('dieInventory.columns.kgTotal'), sortable: true, render: (die) => format.number(die.kg_total, 0), priority: 3 },
      {
        key: 'last_run_at',
        label: t('dieInventory.columns.lastRun'),
        sortable: true,
        render: (die) => format.date(die.last_run_at),
        exportValue: (die) => (die.last_run_at ? new Date(die.last_run_at) : null),
        priority: 3,
      },
      {
        key: 'actions',
        label: t('dieInventory.columns.actions'),
        exported: false,
        render: (die) => <RowActions die={die} onAction={(chosen, action) => setActing({ die: chosen, action })} />,
      },
    ],
    // The labels follow the language, and the formats with it.
    [t, format.language],
  );

  const filters = useMemo<ListFilter[]>(
    () => [
      { key: 'state', label: t('dieInventory.filters.state'), type: 'choice', options: DIE_STATES.map((state) => ({ value: state, label: stateName(state) })) },
      { key: 'die_type', label: t('dieInventory.filters.type'), type: 'choice', options: DIE_TYPES.map((type) => ({ value: type, label: typeName(type) })) },
      { key: 'location', label: t('dieInventory.filters.location'), type: 'text' },
      {
        key: 'nitriding',
        label: t('dieInventory.filters.nitriding'),
        type: 'choice',
        options: NITRIDING_DUE.filter((due) => due !== 'ok').map((due) => ({ value: due, label: t(`enums.nitridingDue.${due}`) })),
      },
    ],
    [t],
  );

  const done = () => {
    setActing(null);
    setReloadKey((value) => value + 1);
  };

  return (
    <>
      <ResourceList<DieCopy>
        list={dieEndpoints.all}
        create={dieEndpoints.create}
        basePath={DIE_INVENTORY_PATH.replace(/\/all$/, '')}
        title={t('dieInventory.title')}
        columns={columns}
        emptyText={t('dieInventory.empty')}
        exportName={t('dieInventory.exportName')}
        defaultSort={{ key: 'die_reference', direction: 'asc' }}
        defaultPageSize={25}
        filters={filters}
        onOpen={(die) => navigate(dieSummaryPath(die.id))}
        onCreate={() => navigate(DIE_NEW_PATH)}
        createLabel={t('dieInventory.newDie')}
        reloadKey={reloadKey}
      />
      {acting?.action === 'move' ? <MoveDieDialog die={acting.die} onClose={() => setActing(null)} onDone={done} /> : null}
      {acting?.action === 'scrap' ? <ScrapDieDialog die={acting.die} onClose={() => setActing(null)} onDone={done} /> : null}
    </>
  );
}
