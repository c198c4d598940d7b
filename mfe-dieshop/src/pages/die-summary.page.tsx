import {
  Badge,
  Button,
  Card,
  makeStyles,
  ProgressBar,
  Subtitle2,
  Table,
  TableBody,
  TableCell,
  TableHeader,
  TableHeaderCell,
  TableRow,
  Text,
  tokens,
} from '@fluentui/react-components';
import { EditRegular, PrintRegular } from '@fluentui/react-icons';
import { useCallback, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router-dom';
import { correctionEndpoints, dieEndpoints, dieLabel, fileUrl, percentOfThreshold, type DieSummary } from '@planta/contracts';
import { call } from '@planta/session';
import { Facts, i18nKey, printQrLabel, ShareButton, StoredFileLink, useCan, useFormat, useQrSvg } from '@planta/ui';
import { DieCorrections } from '../components/die-corrections';
import { DieStateBadge } from '../components/die-state-badge';
import { DIESHOP_NS, registerDieshopTexts } from '../i18n';
import { dieSummaryTexts } from '../i18n/die-summary.texts';
import { SourceDocuments } from '../uploads/source-documents';
import { correctionNewForDie } from './correction.model';
import { DIE_STATE_COLOURS } from './die-copy.model';
import { RecordPage, RecordSection, useIsSharedView, useRecord } from './record-view';

registerDieshopTexts(dieSummaryTexts);

const useStyles = makeStyles({
  // The facts keep their width; on a tablet the QR and the actions go below them.
  header: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalL, alignItems: 'flex-start' },
  facts: { flex: '1 1 360px', minWidth: 0 },
  qr: { width: '132px', height: '132px', '& svg': { width: '100%', height: '100%' } },
  side: { display: 'flex', flexDirection: 'column', alignItems: 'center', gap: tokens.spacingVerticalS },
  actions: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalS },
  gauges: { display: 'grid', gridTemplateColumns: 'repeat(auto-fit, minmax(240px, 1fr))', gap: tokens.spacingHorizontalL },
  gauge: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXS },
  figures: { display: 'grid', gridTemplateColumns: 'repeat(auto-fit, minmax(120px, 1fr))', gap: tokens.spacingHorizontalM },
  figure: { display: 'flex', flexDirection: 'column' },
  muted: { color: tokens.colorNeutralForeground3 },
  states: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalS },
  scroll: { overflowX: 'auto' },
});

const summaryPath = (id: number) => `/apps/dies/dieResume/${id}`;

/**
 * Spec 2.2 /apps/dies/dieResume/:dieId (and its share link `/:token`, read only): the die summary
 * of domain.md A2.3 — the copy, its state and where it is, its life against its thresholds, what it
 * produced per run and line, its nitridings, corrections, its log with the time in each state, and
 * its documents. The QR on its rack or tag opens this page.
 */
export default function DieSummaryPage() {
  const { t } = useTranslation(DIESHOP_NS);
  const id = Number(useParams().dieId);
  const record = useRecord(useCallback(() => call(dieEndpoints.summary, { params: { id } }), [id]));
  return (
    <RecordPage record={record} title={({ die }) => t('dieSummary.title', { label: dieLabel(die) })}>
      {(summary) => <DieSummaryView summary={summary} />}
    </RecordPage>
  );
}

function DieSummaryView({ summary }: { summary: DieSummary }) {
  const { t } = useTranslation(DIESHOP_NS);
  const styles = useStyles();
  const format = useFormat();
  const navigate = useNavigate();
  const shared = useIsSharedView();
  const mayEdit = useCan(dieEndpoints.update) && !shared;
  const { die, profile, production, nitridings, corrections, history, documents } = summary;
  const qr = useQrSvg(`${window.location.origin}${summaryPath(die.id)}`);
  const mayShare = mayEdit && die.state !== 'scrapped';
  const mayOpenCorrection = useCan(correctionEndpoints.create);
  const kg = (value: number) => format.number(Math.round(value));
  const percent = (value: number | null) => (value === null ? '—' : `${format.number(Math.round(value * 1000) / 10)} %`);
  const thresholdPercent = (value: number, limit: number | null) => {
    const share = percentOfThreshold(value, limit);
    return share === null ? '—' : format.percent(share / 100);
  };

  return (
    <>
      <Card>
        <div className={styles.header}>
          <div className={styles.facts}>
            <div className={styles.actions}>
              <span data-testid="die-state">
                <DieStateBadge state={die.state} />
              </span>
              {die.nitriding.due !== 'ok' ? (
                <Badge size="large" appearance="tint" color={die.nitriding.due === 'overdue' ? 'danger' : 'warning'}>
                  {t(`enums.nitridingDue.${die.nitriding.due}`)}
                </Badge>
              ) : null}
            </div>
            <Facts
              items={[
                [
                  t('dieSummary.profile'),
                  profile ? `${profile.code} · ${profile.description}${profile.customer ? ` (${profile.customer})` : ''}` : die.description || '—',
                ],
                [t('dieSummary.type'), `${t(`enums.dieType.${i18nKey(die.die_type)}`)} · ${t('dieSummary.cavities')}: ${die.cavities}`],
                [t('dieSummary.location'), die.location || '—'],
                [t('dieSummary.since'), format.dateTime(die.state_since)],
                [t('dieSummary.steel'), die.steel || '—'],
                [t('dieSummary.supplier'), [die.supplier, die.supplier_ref].filter(Boolean).join(' · ') || '—'],
                [t('dieSummary.received'), die.received_at ? format.date(die.received_at) : '—'],
                ...(die.cost !== null && !shared
                  ? ([
                      // Money in the company's currency (EUR until companies keep their own).
                      [t('dieSummary.cost'), format.money(die.cost)],
                      [t('dieSummary.costPerKg'), die.kg_total > 0 ? format.money(die.cost / die.kg_total, undefined, 4) : '—'],
                    ] as [string, ReactNode][])
                  : []),
              ]}
            />
            {die.state === 'scrapped' ? <Text>{die.scrapped_reason}</Text> : null}
          </div>
          <div className={styles.side}>
            {qr ? <div className={styles.qr} role="img" aria-label={t('dieSummary.qrCaption')} dangerouslySetInnerHTML={{ __html: qr }} /> : null}
            {!shared ? (
              <div className={styles.actions}>
                <Button
                  icon={<PrintRegular />}
                  disabled={!qr}
                  onClick={() => qr && printQrLabel(qr, dieLabel(die), profile?.code ?? '', t('dieSummary.qrCaption'))}
                >
                  {t('dieSummary.printLabel')}
                </Button>
                {mayShare ? (
                  <ShareButton
                    type="die-summary"
                    id={die.id}
                    path={(token) => `${summaryPath(die.id)}/${token}`}
                    title={t('dieSummary.shareTitle')}
                    hint={(date) => t('dieSummary.shareHint', { date })}
                  />
                ) : null}
                {mayEdit ? (
                  <Button icon={<EditRegular />} onClick={() => navigate(`/apps/die/${die.id}`)}>
                    {t('dieSummary.edit')}
                  </Button>
                ) : null}
              </div>
            ) : null}
          </div>
        </div>
      </Card>

      <RecordSection title={t('dieSummary.life')}>
        <Card>
          <div className={styles.gauges}>
            <Gauge
              label={t('dieSummary.lifeKg')}
              value={die.kg_total}
              limit={die.thresholds.expected_life_kg}
              text={
                die.thresholds.expected_life_kg
                  ? t('dieSummary.ofThreshold', {
                      value: kg(die.kg_total),
                      limit: kg(die.thresholds.expected_life_kg),
                      percent: thresholdPercent(die.kg_total, die.thresholds.expected_life_kg),
                    })
                  : t('dieSummary.lifeUnknown', { kg: kg(die.kg_total) })
              }
            />
            <Gauge
              label={t('dieSummary.sinceNitridingKg')}
              value={die.kg_since_nitriding}
              limit={die.thresholds.nitriding_every_kg}
              text={
                die.thresholds.nitriding_every_kg
                  ? t('dieSummary.ofThreshold', {
                      value: kg(die.kg_since_nitriding),
                      limit: kg(die.thresholds.nitriding_every_kg),
                      percent: thresholdPercent(die.kg_since_nitriding, die.thresholds.nitriding_every_kg),
                    })
                  : t('dieSummary.noThreshold')
              }
            />
            <Gauge
              label={t('dieSummary.sinceNitridingBillets')}
              value={die.billets_since_nitriding}
              limit={die.thresholds.nitriding_every_billets}
              text={
                die.thresholds.nitriding_every_billets
                  ? t('dieSummary.ofThreshold', {
                      value: format.number(die.billets_since_nitriding),
                      limit: format.number(die.thresholds.nitriding_every_billets),
                      percent: thresholdPercent(die.billets_since_nitriding, die.thresholds.nitriding_every_billets),
                    })
                  : t('dieSummary.noThreshold')
              }
            />
          </div>
          <Facts
            items={[
              [t('dieSummary.nitridingCount'), String(die.nitriding_count)],
              [t('dieSummary.correctionsCount'), String(die.corrections_count)],
            ]}
          />
        </Card>
      </RecordSection>

      <RecordSection title={t('dieSummary.production')}>
        {production.runs.length === 0 ? (
          <Text>{t('dieSummary.noRuns')}</Text>
        ) : (
          <>
            <Card>
              <div className={styles.figures}>
                <Figure label={t('dieSummary.runs')} value={format.number(production.total.runs)} />
                <Figure label={t('dieSummary.hours')} value={format.number(production.total.hours)} />
                <Figure label={t('dieSummary.kgTotal')} value={kg(production.total.billet_kg)} />
                <Figure label={t('dieSummary.kgH')} value={production.total.kg_h === null ? '—' : format.number(production.total.kg_h)} />
                <Figure label={t('dieSummary.recovery')} value={percent(production.total.recovery)} />
                <Figure label={t('dieSummary.scrap')} value={percent(production.total.scrap_ratio)} />
                <Figure label={t('dieSummary.lastRun')} value={die.last_run_at ? format.dateTime(die.last_run_at) : '—'} />
              </div>
            </Card>
            {production.by_line.length > 1 ? (
              <div className={styles.scroll}>
                <Table aria-label={t('dieSummary.byLine')} size="small">
                  <TableHeader>
                    <TableRow>
                      <TableHeaderCell>{t('dieSummary.line')}</TableHeaderCell>
                      <TableHeaderCell>{t('dieSummary.runs')}</TableHeaderCell>
                      <TableHeaderCell>{t('dieSummary.kgTotal')}</TableHeaderCell>
                      <TableHeaderCell>{t('dieSummary.kgH')}</TableHeaderCell>
                      <TableHeaderCell>{t('dieSummary.recovery')}</TableHeaderCell>
                      <TableHeaderCell>{t('dieSummary.scrap')}</TableHeaderCell>
                    </TableRow>
                  </TableHeader>
                  <TableBody>
                    {production.by_line.map((line) => (
                      <TableRow key={line.line_id}>
                        <TableCell>{line.line_name}</TableCell>
                        <TableCell>{line.figures.runs}</TableCell>
                        <TableCell>{kg(line.figures.billet_kg)}</TableCell>
                        <TableCell>{line.figures.kg_h === null ? '—' : format.number(line.figures.kg_h)}</TableCell>
                        <TableCell>{percent(line.figures.recovery)}</TableCell>
                        <TableCell>{percent(line.figures.scrap_ratio)}</TableCell>
                      </TableRow>
                    ))}
                  </TableBody>
                </Table>
              </div>
            ) : null}
            <div className={styles.scroll}>
              <Table aria-label={t('dieSummary.runs')} size="small">
                <TableHeader>
                  <TableRow>
                    <TableHeaderCell>{t('dieSummary.order')}</TableHeaderCell>
                    <TableHeaderCell>{t('dieSummary.line')}</TableHeaderCell>
                    <TableHeaderCell>{t('dieSummary.start')}</TableHeaderCell>
                    <TableHeaderCell>{t('dieSummary.end')}</TableHeaderCell>
                    <TableHeaderCell>{t('dieSummary.kgTotal')}</TableHeaderCell>
                    <TableHeaderCell>{t('dieSummary.kgH')}</TableHeaderCell>
                    <TableHeaderCell>{t('dieSummary.recovery')}</TableHeaderCell>
                    <TableHeaderCell>{t('dieSummary.confirmed')}</TableHeaderCell>
                  </TableRow>
                </TableHeader>
                <TableBody>
                  {production.runs.map((run) => (
                    <TableRow key={run.id}>
                      <TableCell>{run.order_number}</TableCell>
                      <TableCell>{run.line_name}</TableCell>
                      <TableCell>{format.dateTime(run.start)}</TableCell>
                      <TableCell>{run.end ? format.dateTime(run.end) : t('dieSummary.running')}</TableCell>
                      <TableCell>{run.end ? kg(run.figures.billet_kg) : '—'}</TableCell>
                      <TableCell>{run.figures.kg_h === null ? '—' : format.number(run.figures.kg_h)}</TableCell>
                      <TableCell>{percent(run.figures.recovery)}</TableCell>
                      <TableCell>{run.end ? (run.confirmed ? t('dieSummary.confirmed') : t('dieSummary.pending')) : '—'}</TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </div>
          </>
        )}
      </RecordSection>

      <RecordSection title={t('dieSummary.history')}>
        <Subtitle2>{t('dieSummary.timePerState')}</Subtitle2>
        <div className={styles.states} data-testid="state-times">
          {history.state_times.map((time) => (
            <Badge key={time.state} appearance="outline" color={DIE_STATE_COLOURS[time.state]} size="large">
              {`${t(`enums.dieState.${i18nKey(time.state)}`)}: ${
                time.hours >= 48 ? t('dieSummary.daysValue', { value: format.number(Math.round(time.hours / 2.4) / 10) }) : format.hoursDuration(time.hours)
              } · ${t('dieSummary.times', { count: time.times })}`}
            </Badge>
          ))}
        </div>
        <div className={styles.scroll}>
          <Table aria-label={t('dieSummary.history')} size="small">
            <TableHeader>
              <TableRow>
                <TableHeaderCell>{t('dieSummary.when')}</TableHeaderCell>
                <TableHeaderCell>{t('dieSummary.what')}</TableHeaderCell>
                <TableHeaderCell>{t('dieSummary.who')}</TableHeaderCell>
                <TableHeaderCell>{t('dieSummary.note')}</TableHeaderCell>
              </TableRow>
            </TableHeader>
            <TableBody>
              {history.events.map((event) => (
                <TableRow key={event.id}>
                  <TableCell>{format.dateTime(event.at)}</TableCell>
                  <TableCell>
                    {t(`enums.dieEventKind.${i18nKey(event.kind)}`)}
                    {event.from_state !== event.to_state ? ` → ${t(`enums.dieState.${i18nKey(event.to_state)}`)}` : ''}
                  </TableCell>
                  <TableCell>{event.user_name ?? '—'}</TableCell>
                  <TableCell>{event.note}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </div>
      </RecordSection>

      <RecordSection title={t('dieSummary.nitridings')}>
        {nitridings.length === 0 ? (
          <Text>{t('dieSummary.noNitridings')}</Text>
        ) : (
          <div className={styles.scroll}>
            <Table aria-label={t('dieSummary.nitridings')} size="small">
              <TableHeader>
                <TableRow>
                  <TableHeaderCell>{t('dieSummary.number')}</TableHeaderCell>
                  <TableHeaderCell>{t('dieSummary.batch')}</TableHeaderCell>
                  <TableHeaderCell>{t('dieSummary.supplier')}</TableHeaderCell>
                  <TableHeaderCell>{t('dieSummary.sent')}</TableHeaderCell>
                  <TableHeaderCell>{t('dieSummary.confirmedAt')}</TableHeaderCell>
                  <TableHeaderCell>{t('dieSummary.hardness')}</TableHeaderCell>
                  <TableHeaderCell>{t('dieSummary.depth')}</TableHeaderCell>
                  <TableHeaderCell>{t('dieSummary.between')}</TableHeaderCell>
                </TableRow>
              </TableHeader>
              <TableBody>
                {nitridings.map((nitriding) => (
                  <TableRow key={nitriding.batch_id}>
                    <TableCell>{nitriding.nitriding_no}</TableCell>
                    <TableCell>{nitriding.batch_number}</TableCell>
                    <TableCell>{nitriding.supplier}</TableCell>
                    <TableCell>{format.date(nitriding.sent_at)}</TableCell>
                    <TableCell>{nitriding.confirmed_at ? format.date(nitriding.confirmed_at) : '—'}</TableCell>
                    <TableCell>{nitriding.hardness_hv ?? '—'}</TableCell>
                    <TableCell>{nitriding.case_depth_mm === null ? '—' : format.number(nitriding.case_depth_mm)}</TableCell>
                    <TableCell>{kg(nitriding.kg_since_previous)}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </div>
        )}
      </RecordSection>

      <RecordSection title={t('dieSummary.corrections')}>
        {corrections.length === 0 ? <Text>{t('dieSummary.noCorrections')}</Text> : <DieCorrections corrections={corrections} shared={shared} />}
        {!shared && mayOpenCorrection && die.state !== 'scrapped' ? (
          <div>
            <Button onClick={() => navigate(correctionNewForDie(die.id))}>{t('dieSummary.newCorrection')}</Button>
          </div>
        ) : null}
      </RecordSection>

      <RecordSection title={t('dieSummary.documents')}>
        {documents.length === 0 ? (
          <Text>{t('dieSummary.noDocuments')}</Text>
        ) : (
          <ul>
            {documents.map((document) => (
              <li key={`${document.kind}:${document.file_id}`}>
                {shared ? document.label : <StoredFileLink url={fileUrl(document.file_id)}>{document.label}</StoredFileLink>} · {format.date(document.at)}
              </li>
            ))}
          </ul>
        )}
      </RecordSection>

      {!shared ? <SourceDocuments of="die" id={die.id} /> : null}
    </>
  );
}

/** A counter against its threshold: the bar and the text show the counter's % of that threshold (`percentOfThreshold`). */
function Gauge({ label, value, limit, text }: { label: string; value: number; limit: number | null; text: string }) {
  const styles = useStyles();
  const percent = percentOfThreshold(value, limit);
  const share = percent === null ? null : percent / 100;
  return (
    <div className={styles.gauge}>
      <Text weight="semibold">{label}</Text>
      {share === null ? null : (
        <ProgressBar value={Math.min(share, 1)} thickness="large" color={share >= 1 ? 'error' : share >= 0.85 ? 'warning' : 'success'} aria-label={label} />
      )}
      <Text className={styles.muted}>{text}</Text>
    </div>
  );
}

function Figure({ label, value }: { label: string; value: string }) {
  const styles = useStyles();
  return (
    <div className={styles.figure}>
      <Text className={styles.muted}>{label}</Text>
      <Text size={500} weight="semibold">
        {value}
      </Text>
    </div>
  );
}
