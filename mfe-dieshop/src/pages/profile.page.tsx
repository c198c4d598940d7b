import { makeStyles } from '@fluentui/react-components';
import { useParams } from 'react-router-dom';
import { pathId, profileResource } from '@planta/contracts';
import { ResourceFormScreen, ResourceListScreen } from '@planta/ui';
import { ProfileCopies } from '../components/profile-copies';
import { ProfileDimensionsEditor } from '../components/profile-dimensions.editor';
import { ProfileDrawingSection } from '../components/profile-drawing';
import { registerDieshopTexts } from '../i18n';
import { profileTexts } from '../i18n/profile.texts';

registerDieshopTexts(profileTexts);

const useStyles = makeStyles({
  // Below the form, in its column (FormPage: 24px padding, at most 1120px wide).
  more: { padding: '0 24px 24px', display: 'flex', flexDirection: 'column', gap: '32px', maxWidth: '1120px' },
});

/**
 * `/apps/profile/all`: the profiles; `/new`: a new one; `/:id`: its data (the declared resource's
 * form), then what the generic form cannot hold: its critical dimensions, its drawing and its die copies.
 */
export default function ProfilePage() {
  const { id = 'all' } = useParams();
  const styles = useStyles();
  if (id === 'all') return <ResourceListScreen resource={profileResource} />;
  const saved = pathId.safeParse(id);
  return (
    <>
      <ResourceFormScreen key={id} resource={profileResource} />
      {id !== 'new' && saved.success ? (
        <div className={styles.more} key={`more-${id}`}>
          <ProfileDimensionsEditor profileId={Number(saved.data)} />
          <ProfileDrawingSection profileId={Number(saved.data)} />
          <ProfileCopies profileId={Number(saved.data)} />
        </div>
      ) : null}
    </>
  );
}
