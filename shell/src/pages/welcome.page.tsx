import { Card, CardHeader, makeStyles, Text, Title1, tokens } from '@fluentui/react-components';
import { useAtomValue } from 'jotai';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { hasPermission } from '@planta/contracts';
import type { DashboardWidget, RemoteModule } from '@planta/shell-contract';
import { userAtom, userRolesAtom } from '@planta/session';
import { useLoadedRemotes } from '../layout/nav-utils';
import { RemotePage } from '../remotes/remote-page';

const useStyles = makeStyles({
  page: { padding: '24px', display: 'flex', flexDirection: 'column', gap: '16px' },
  intro: { maxWidth: '720px' },
  widgets: { display: 'grid', gap: '16px', gridTemplateColumns: 'repeat(auto-fill, minmax(320px, 1fr))' },
});

/** The widgets the loaded remotes offer to this user (spec: RemoteModule.widgets, filtered by auth). */
export function visibleWidgets(remotes: readonly RemoteModule[], roles: readonly string[]): { remote: string; widget: DashboardWidget }[] {
  return remotes.flatMap((remote) =>
    (remote.widgets ?? []).filter((widget) => hasPermission(widget.auth, roles)).map((widget) => ({ remote: remote.name, widget })),
  );
}

/** The welcome dashboard: greets the user by name and shows the remotes' widgets, each loaded lazily. */
export function WelcomePage() {
  const styles = useStyles();
  const { t } = useTranslation('shell');
  const user = useAtomValue(userAtom);
  const roles = useAtomValue(userRolesAtom);
  const remotes = useLoadedRemotes();
  const widgets = useMemo(() => visibleWidgets(remotes, roles), [remotes, roles]);
  return (
    <section className={styles.page}>
      <Title1 as="h1">{t('welcome.greeting', { name: user.data.displayName, defaultValue: `Hola, ${user.data.displayName}` })}</Title1>
      <Card className={styles.intro}>
        <Text style={{ color: tokens.colorNeutralForeground2 }}>
          {t('welcome.intro', 'Desde aquí llegas a la producción, el mantenimiento y la matricería de tu planta.')}
        </Text>
      </Card>
      {widgets.length > 0 ? (
        <div className={styles.widgets}>
          {widgets.map(({ remote, widget }) => (
            <Card key={`${remote}:${widget.id}`} data-widget={widget.id}>
              <CardHeader header={<Text weight="semibold">{widget.title}</Text>} />
              <RemotePage load={widget.load} areaTitle={widget.title} />
            </Card>
          ))}
        </div>
      ) : null}
    </section>
  );
}
